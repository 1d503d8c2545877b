import { describe, expect, it } from 'vitest';
import { capEdit, truncate } from '../lib/text-cap.ts';

describe('truncate', () => {
  it('keeps at most max code units and never splits an emoji', () => {
    expect(truncate('abc', 5)).toBe('abc');
    expect(truncate('abcdef', 3)).toBe('abc');
    expect(truncate('ab😀', 3)).toBe('ab');
    expect(truncate('ab😀', 4)).toBe('ab😀');
  });
});

describe('capEdit (spec 5: input past the cap is ignored)', () => {
  it('leaves an edit under the cap alone', () => {
    expect(capEdit('abc', 'abcd', 5)).toEqual({ value: 'abcd', caret: -1 });
  });

  it('typing at the end past the cap is ignored', () => {
    expect(capEdit('abcde', 'abcdef', 5).value).toBe('abcde');
  });

  it('a paste keeps only what fits', () => {
    expect(capEdit('ab', 'ab123456', 5)).toEqual({ value: 'ab123', caret: 5 });
  });

  it('typing or pasting in the middle never drops the text after the caret', () => {
    expect(capEdit('abcde', 'abXcde', 5).value).toBe('abcde');
    expect(capEdit('abcd', 'abXYZcd', 5)).toEqual({ value: 'abXcd', caret: 3 });
  });

  it('a paste over a selection takes the room the selection leaves', () => {
    // 'bcd' selected in 'abcde' and replaced by '123456'.
    expect(capEdit('abcde', 'a123456e', 5)).toEqual({ value: 'a123e', caret: 4 });
  });

  it('does not split an emoji at the cap', () => {
    expect(capEdit('abcd', 'abcd😀', 5).value).toBe('abcd');
  });
});
