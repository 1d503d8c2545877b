/** White space and the invisible format characters (zero-width space, joiners, word joiner, BOM) at either end. */
const EDGE_BLANKS = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/gu;

/**
 * Text as typed, trimmed of white space and invisible characters at both ends: text made only of zero-width
 * characters is empty, so a required field refuses it (an audit, 2026-11-28, filed a complaint and closed one with
 * an answer of three U+200B). The API's text fields (fields.ts `safeText`) and the forms use it alike, so a form
 * decides "filled in" the way the API does.
 */
export const trimBlank = (s: string) => s.replace(EDGE_BLANKS, '');

/** The zero of each script's decimal digits a borrower's keyboard may type, besides ASCII: Arabic-Indic and its
 * Persian/Urdu form, the Indian scripts (Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada,
 * Malayalam), Balinese, Javanese, and the full-width digits of East Asian keyboards. Each script's ten digits follow
 * its zero. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x1b50, 0xa9d0, 0xff10];

/**
 * The text with every digit of those scripts written as its ASCII digit, the rest as it was. A phone number or a
 * code typed on a Hindi, Arabic or full-width keyboard (or pasted from such a message) is the same number; filtered
 * with `\D` alone, those digits vanished and the field came out empty (an audit, 2026-11-28).
 */
export function asciiDigits(value: string): string {
  return value.replace(/\p{Nd}/gu, (ch) => {
    const code = ch.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    return zero === undefined ? ch : String(code - zero);
  });
}

/** What a digits-only field keeps of what was typed or pasted: its digits, in any of those scripts, as ASCII. */
export const digitsOnly = (value: string) => asciiDigits(value).replace(/\D/g, '');
