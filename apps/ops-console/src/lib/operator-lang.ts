import { useEffect } from 'react';
import { type Lang, currentQuery, getLang, isLang, setLanguage } from '@lendview/i18n';

/**
 * The operator's language, remembered on this device (localStorage: unlike a borrower's language, which lives
 * for the session, an agent picks it once). An explicit ?isNeedPop in the address still wins, as on every page.
 */
export const OPS_LANG_KEY = 'lv.ops.lang';

export function rememberedLang(): Lang | undefined {
  try {
    const v = localStorage.getItem(OPS_LANG_KEY);
    return isLang(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function chooseLang(lang: Lang): void {
  try {
    localStorage.setItem(OPS_LANG_KEY, lang);
  } catch {
    // Blocked storage: the choice holds for this page only.
  }
  void setLanguage(lang);
}

/** Applies the remembered language once, when the console opens. */
export function useRememberedLang(): void {
  useEffect(() => {
    if (new URLSearchParams(currentQuery()).has('isNeedPop')) return;
    const lang = rememberedLang();
    if (lang && lang !== getLang()) void setLanguage(lang);
  }, []);
}
