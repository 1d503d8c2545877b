import i18next, { type i18n as I18n, type InitOptions, type Resource, type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { type Lang, DEFAULT_LANG, readStoredLang, resolveLanguage, storeLang } from './lang.ts';
import { commonEn, commonId, commonZh } from './messages.ts';

export const DEFAULT_NS = 'common';

export interface Messages {
  en: object;
  id: object;
  zh?: object;
}

/** An app's messages by namespace: `{ marketing: { en, id } }`. */
export type MessageBundles = Readonly<Record<string, Messages>>;

// Messages are bundled, so an instance is ready synchronously (initAsync: false): `t` works as soon as init returns.
const OPTIONS: InitOptions = {
  fallbackLng: 'en',
  supportedLngs: ['en', 'id', 'zh'],
  ns: [DEFAULT_NS],
  defaultNS: DEFAULT_NS,
  initAsync: false,
  showSupportNotice: false,
  returnNull: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

/**
 * The page's one i18next instance in the browser (shared as a Module Federation singleton with this package): every
 * remote the page loads adds its messages here. A page loads one version of each remote, so one store is exact.
 * Never used by a server render (see `createRenderI18n`).
 */
export const i18n: I18n = i18next.createInstance();

// --- Server rendering (issue 33): one instance per render, with the messages of the versions it renders. ----------
//
// One server process renders every version of every remote (live, canary, preview, and the version before a
// rollback), so a process-wide store would give one borrower's page another version's text. Each render creates its
// own instance from the bundles the shell and the remote version's server entry export, and every render pass (one
// synchronous renderToString) runs with it as the current instance: `currentI18n()`, `getLang()`, `useLang()` and
// `legacyT()` read it, and AppProviders hands it to react-i18next.

let rendering: I18n | undefined;

/** The instance of the server render pass under way, else the page's. */
export function currentI18n(): I18n {
  return rendering ?? i18n;
}

/** A new instance for one server render: common messages plus `bundles` (the shell's and the remote version's). */
export function createRenderI18n(lang: Lang, bundles: readonly MessageBundles[]): I18n {
  const resources: Resource = { en: { [DEFAULT_NS]: commonEn }, id: { [DEFAULT_NS]: commonId }, zh: { [DEFAULT_NS]: commonZh } };
  for (const bundle of bundles) {
    for (const [ns, messages] of Object.entries(bundle)) {
      resources.en![ns] = messages.en;
      resources.id![ns] = messages.id;
      if (messages.zh) resources.zh![ns] = messages.zh;
    }
  }
  const instance = i18next.createInstance();
  void instance.init({ ...OPTIONS, lng: lang, resources });
  return instance;
}

/** Runs `render` (synchronous) with `instance` as the current instance. */
export function renderWithI18n<T>(instance: I18n, render: () => T): T {
  const outer = rendering;
  rendering = instance;
  try {
    return render();
  } finally {
    rendering = outer;
  }
}

// --- The page (browser) -------------------------------------------------------------------------------------------

let initPromise: Promise<I18n> | undefined;

function toLang(lng: string | undefined): Lang {
  if (!lng) return readStoredLang() ?? DEFAULT_LANG;
  return lng.toLowerCase().startsWith('en') ? 'en' : 'id';
}

function syncDocumentLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/**
 * Initialises the page's instance once (later calls return the same promise; a `lang` given to a later call
 * switches the language). Ready synchronously: `i18n.t` works as soon as this returns, before the promise settles.
 * Without `lang`, the language comes from `resolveLanguage()`.
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
      ...OPTIONS,
      lng,
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

/** An app registers its namespaces on the page (deep merge, overwriting keys already there). */
export function addMessages(bundles: MessageBundles): void {
  // No page on a server: a module of any version registering its messages as it loads must not reach a render, whose
  // text comes only from createRenderI18n's bundles.
  if (typeof window === 'undefined') return;
  if (!i18n.isInitialized) void initI18n();
  for (const [ns, messages] of Object.entries(bundles)) {
    i18n.addResourceBundle('en', ns, messages.en, true, true);
    i18n.addResourceBundle('id', ns, messages.id, true, true);
    if (messages.zh) i18n.addResourceBundle('zh', ns, messages.zh, true, true);
  }
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
  return toLang(currentI18n().language);
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
  const instance = currentI18n();
  if (instance === i18n && !i18n.isInitialized) void initI18n();
  return instance.getFixedT('zh', ns);
}
