import { describe, expect, it } from 'vitest';
import { LANG_STORAGE_KEY, currentQuery, resolveLanguage } from '../lang.ts';

describe('resolveLanguage (spec 1)', () => {
  it('is English when isNeedPop=1 and stores it', () => {
    expect(resolveLanguage('?isNeedPop=1&tok=a', sessionStorage)).toBe('en');
    expect(sessionStorage.getItem(LANG_STORAGE_KEY)).toBe('en');
  });

  it('is Indonesian when isNeedPop has any other value', () => {
    expect(resolveLanguage('?isNeedPop=0', sessionStorage)).toBe('id');
    expect(resolveLanguage('?isNeedPop=', sessionStorage)).toBe('id');
    expect(resolveLanguage('?isNeedPop=true', sessionStorage)).toBe('id');
    expect(sessionStorage.getItem(LANG_STORAGE_KEY)).toBe('id');
  });

  it('keeps the language of this session when the query has no isNeedPop', () => {
    expect(resolveLanguage('?isNeedPop=1', sessionStorage)).toBe('en');
    expect(resolveLanguage('?orderId=5', sessionStorage)).toBe('en');
    expect(resolveLanguage('', sessionStorage)).toBe('en');
    expect(resolveLanguage('?isNeedPop=2', sessionStorage)).toBe('id');
    expect(resolveLanguage('', sessionStorage)).toBe('id');
  });

  it('defaults to Indonesian with nothing stored, and ignores a bad stored value', () => {
    expect(resolveLanguage('', sessionStorage)).toBe('id');
    sessionStorage.setItem(LANG_STORAGE_KEY, 'fr');
    expect(resolveLanguage('', sessionStorage)).toBe('id');
  });

  it('works without a storage and with a storage that throws', () => {
    expect(resolveLanguage('?isNeedPop=1', undefined)).toBe('en');
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    expect(resolveLanguage('', broken)).toBe('id');
    expect(resolveLanguage('?isNeedPop=1', broken)).toBe('en');
  });

  it('reads location.search and the query of a hash route by default', () => {
    history.replaceState(null, '', '/promo?templateId=1#/downloadTemplate?isNeedPop=1&id=3');
    expect(currentQuery()).toBe('?templateId=1&isNeedPop=1&id=3');
    expect(resolveLanguage()).toBe('en');
    history.replaceState(null, '', '/that?isNeedPop=0#/x?isNeedPop=1');
    expect(resolveLanguage()).toBe('id');
    history.replaceState(null, '', '/');
    expect(currentQuery()).toBe('');
  });
});
