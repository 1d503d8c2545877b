// The language type on its own: money.ts needs it, and money.ts is also the server's formatter
// (@lendview/i18n/money), which must not pull in the browser code of lang.ts.

/** The two languages of the product (spec 1). Chinese exists only as a set of legacy messages ('zh'). */
export type Lang = 'en' | 'id';
