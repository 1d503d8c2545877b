import { expect } from 'vitest';

// vitest types its asymmetric matchers as `any`, which the type-checked lint refuses inside typed expected
// values; these are the same matchers, typed as plain values.

/** expect.any(Number) / expect.any(String). */
export function anyOf(type: NumberConstructor | StringConstructor): unknown {
  return expect.any(type);
}

/** expect.stringMatching(pattern). */
export function stringMatching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern);
}
