import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { type Lang, DEFAULT_LANG, readStoredLang, resolveLanguage, storeLang } from './lang.ts';
import { commonEn, commonId, commonZh } from './messages.ts';

export const DEFAULT_NS = 'common';

/** The one i18next instance of the page (shared as a Module Federation singleton with this package). */
export const i18n: I18n = i18next.createInstance();

let initPromise: Promise<I18n> | undefined;

function toLang(lng: string | undefined): Lang {
  if (!lng) return readStoredLang() ?? DEFAULT_LANG;
  return lng.toLowerCase().startsWith('en') ? 'en' : 'id';
}

function syncDocumentLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/**
 * Initialises the shared instance once (later calls return the same promise; a `lang` given to a later call
 * switches the language). Resources are bundled, so the instance is ready synchronously: `i18n.t` works as
 * soon as this returns, before the promise settles. Without `lang`, the language comes from `resolveLanguage()`.
 */
export function initI18n(lang?: Lang): Promise<I18n> {
  if (initPromise) {
    if (lang && toLang(i18n.language) !== lang) void setLanguage(lang);
    return initPromise;
  }
  const lng = lang ?? resolveLanguage();
  if (lang) storeLang(lang);
  i18n.on('languageChanged', syncDocumentLang);
  initPromise = i18n
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en',
      supportedLngs: ['en', 'id', 'zh'],
      ns: [DEFAULT_NS],
      defaultNS: DEFAULT_NS,
      resources: {
        en: { [DEFAULT_NS]: commonEn },
        id: { [DEFAULT_NS]: commonId },
        zh: { [DEFAULT_NS]: commonZh },
      },
      initAsync: false,
      showSupportNotice: false,
      returnNull: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    })
    .then(() => i18n);
  syncDocumentLang(lng);
  return initPromise;
}

export interface Messages {
  en: object;
  id: object;
  zh?: object;
}

/** A remote registers its own namespace (deep merge, overwriting keys already there). */
export function addMessages(ns: string, messages: Messages): void {
  if (!i18n.isInitialized) void initI18n();
  i18n.addResourceBundle('en', ns, messages.en, true, true);
  i18n.addResourceBundle('id', ns, messages.id, true, true);
  if (messages.zh) i18n.addResourceBundle('zh', ns, messages.zh, true, true);
}

/** Switches the language of every screen and keeps it for the rest of the session. */
export async function setLanguage(lang: Lang): Promise<void> {
  storeLang(lang);
  if (!i18n.isInitialized) {
    await initI18n(lang);
    return;
  }
  await i18n.changeLanguage(lang);
}

/** The current language ('en' or 'id'). */
export function getLang(): Lang {
  return toLang(i18n.language);
}

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/** The current language; re-renders when it changes. */
export function useLang(): Lang {
  return useSyncExternalStore(subscribe, getLang, getLang);
}

/** t bound to the Chinese legacy messages (spec 5 / 8): `legacyT()('selectBankCardFirst')` → 请先选择银行卡. */
export function legacyT(ns: string = DEFAULT_NS): TFunction {
  if (!i18n.isInitialized) void initI18n();
  return i18n.getFixedT('zh', ns);
}
