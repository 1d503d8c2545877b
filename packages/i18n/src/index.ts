export { type Lang, LANGS, DEFAULT_LANG, LANG_STORAGE_KEY, isLang, resolveLanguage, currentQuery } from './lang.ts';
export {
  i18n,
  initI18n,
  addMessages,
  setLanguage,
  getLang,
  useLang,
  legacyT,
  DEFAULT_NS,
  type Messages,
  type MessageBundles,
  currentI18n,
  createRenderI18n,
  renderWithI18n,
} from './instance.ts';
export { commonEn, commonId, commonZh, type CommonMessages } from './messages.ts';
export { currencySymbol, formatAmount, formatMoney, minorToDecimal, stripDots } from './money.ts';
export { useMoney } from './use-money.ts';
export { formatDate, formatDateTime, timeZoneOf, type DateInput } from './date.ts';
