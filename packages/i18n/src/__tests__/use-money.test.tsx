import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../instance.ts';
import { useMoney } from '../use-money.ts';

describe('useMoney', () => {
  it("formats minor units in the page's language and follows a language change", async () => {
    await initI18n('id');
    const { result } = renderHook(() => useMoney());
    expect(result.current(50_000_000)).toBe('Rp 500.000');
    expect(result.current(100_000_050)).toBe('Rp 1.000.000,50');
    await act(() => setLanguage('en'));
    expect(result.current(50_000_000)).toBe('₹500,000');
    expect(result.current(200_000)).toBe('₹2,000');
  });
});

describe("the '@lendview/i18n/money' entry (the API's formatter)", () => {
  it('imports nothing at run time: no i18next, react or browser code reaches the server bundle', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { exports: Record<string, string> };
    expect(pkg.exports['./money']).toBe('./src/money.ts');
    for (const file of ['money.ts', 'lang-code.ts']) {
      const source = readFileSync(join(__dirname, '..', file), 'utf8');
      const imports = source.match(/^import .*$/gm) ?? [];
      expect(
        imports.every((line) => line.startsWith('import type ')),
        `${file}: ${imports.join('; ')}`,
      ).toBe(true);
    }
  });
});
