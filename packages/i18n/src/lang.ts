import type { Lang } from './lang-code.ts';

export type { Lang };

export const LANGS: readonly Lang[] = ['en', 'id'];
export const DEFAULT_LANG: Lang = 'id';
/** sessionStorage key that carries the language while the borrower moves between pages. */
export const LANG_STORAGE_KEY = 'lv.lang';

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'id';
}

/**
 * The query of the current page: `location.search`, plus the query of a hash route (`#/downloadTemplate?x=1`)
 * for the parameters the search does not already carry. '' outside a browser.
 */
export function currentQuery(): string {
  if (typeof location === 'undefined') return '';
  const params = new URLSearchParams(location.search);
  const hash = location.hash;
  const q = hash.indexOf('?');
  if (q >= 0) {
    for (const [k, v] of new URLSearchParams(hash.slice(q + 1))) if (!params.has(k)) params.append(k, v);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage access can throw (blocked storage in some web views).
    return undefined;
  }
}

export function readStoredLang(storage: Storage | undefined = sessionStore()): Lang | undefined {
  try {
    const v = storage?.getItem(LANG_STORAGE_KEY);
    return isLang(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function storeLang(lang: Lang, storage: Storage | undefined = sessionStore()): void {
  try {
    storage?.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Full or blocked storage: the language then simply does not carry over.
  }
}

/**
 * Spec 1: English when the query has isNeedPop=1; isNeedPop with any other value means Indonesian; without
 * isNeedPop, the language stored earlier in this session, else Indonesian. The result is stored so that the
 * choice carries over to pages opened without the parameter.
 */
export function resolveLanguage(search: string = currentQuery(), storage: Storage | undefined = sessionStore()): Lang {
  const params = new URLSearchParams(search);
  const pop = params.get('isNeedPop');
  const lang: Lang = pop !== null ? (pop.trim() === '1' ? 'en' : 'id') : (readStoredLang(storage) ?? DEFAULT_LANG);
  storeLang(lang, storage);
  return lang;
}
