/** White space and the invisible format characters (zero-width space, joiners, word joiner, BOM) at either end. */
const EDGE_BLANKS = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/gu;

/**
 * Text as typed, trimmed of white space and invisible characters at both ends: text made only of zero-width
 * characters is empty, so a required field refuses it (an audit, 2026-11-28, filed a complaint and closed one with
 * an answer of three U+200B). The API's text fields (fields.ts `safeText`) and the forms use it alike, so a form
 * decides "filled in" the way the API does.
 */
export const trimBlank = (s: string) => s.replace(EDGE_BLANKS, '');
