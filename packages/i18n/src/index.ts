export { type Lang, LANGS, DEFAULT_LANG, LANG_STORAGE_KEY, isLang, resolveLanguage, currentQuery } from './lang.ts';
export { i18n, initI18n, addMessages, setLanguage, getLang, useLang, legacyT, DEFAULT_NS, type Messages } from './instance.ts';
export { commonEn, commonId, commonZh, type CommonMessages } from './messages.ts';
export { currencySymbol, formatAmount, formatMoney, minorToDecimal, stripDots } from './money.ts';
export { useMoney } from './use-money.ts';
export { formatDate, formatDateTime, timeZoneOf, type DateInput } from './date.ts';
// react-i18next's names, on the in-house translator: what 'react-i18next' resolves to in every build and test.
export { useTranslation, Trans, I18nextProvider, I18nContext, initReactI18next, getI18n, setI18n, type TransProps } from './react.tsx';
export { Translator, interpolate } from './core.ts';
