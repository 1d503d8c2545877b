// Types only: the instance is the in-house Translator (core.ts), typed as i18next's for the code and tests
// written against react-i18next's types (it implements the part of that interface the apps use).
import type { i18n as I18n, TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { Translator } from './core.ts';
import { type Lang, DEFAULT_LANG, readStoredLang, resolveLanguage, storeLang } from './lang.ts';
import { commonEn, commonId, commonZh } from './messages.ts';

export const DEFAULT_NS = 'common';

/** The one translator of the page (shared as a Module Federation singleton with this package). */
export const translator = new Translator();
export const i18n: I18n = translator as unknown as I18n;

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
    if (lang && toLang(translator.language) !== lang) void setLanguage(lang);
    return initPromise;
  }
  const lng = lang ?? resolveLanguage();
  if (lang) storeLang(lang);
  translator.on('languageChanged', syncDocumentLang);
  initPromise = translator
    .init({
      lng,
      fallbackLng: 'en',
      defaultNS: DEFAULT_NS,
      resources: {
        en: { [DEFAULT_NS]: commonEn },
        id: { [DEFAULT_NS]: commonId },
        zh: { [DEFAULT_NS]: commonZh },
      },
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
  if (!translator.isInitialized) void initI18n();
  translator.addResourceBundle('en', ns, messages.en, true, true);
  translator.addResourceBundle('id', ns, messages.id, true, true);
  if (messages.zh) translator.addResourceBundle('zh', ns, messages.zh, true, true);
}

/** Switches the language of every screen and keeps it for the rest of the session. */
export async function setLanguage(lang: Lang): Promise<void> {
  storeLang(lang);
  if (!translator.isInitialized) {
    await initI18n(lang);
    return;
  }
  await translator.changeLanguage(lang);
}

/** The current language ('en' or 'id'). */
export function getLang(): Lang {
  return toLang(translator.language);
}

function subscribe(onChange: () => void): () => void {
  translator.on('languageChanged', onChange);
  return () => translator.off('languageChanged', onChange);
}

/** The current language; re-renders when it changes. */
export function useLang(): Lang {
  return useSyncExternalStore(subscribe, getLang, getLang);
}

/** t bound to the Chinese legacy messages (spec 5 / 8): `legacyT()('selectBankCardFirst')` → 请先选择银行卡. */
export function legacyT(ns: string = DEFAULT_NS): TFunction {
  if (!translator.isInitialized) void initI18n();
  return translator.getFixedT('zh', ns) as unknown as TFunction;
}
