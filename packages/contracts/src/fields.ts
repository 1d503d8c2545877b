import { z } from 'zod';
import { trimBlank } from './routes/text.ts';

/**
 * Field helpers for request schemas. POST payloads arrive form-encoded (every value a string) or as JSON
 * (numbers stay numbers), so an integer field accepts a number or a string of digits and nothing else:
 * no arrays, booleans or empty strings (z.coerce.number() would turn [30], true and '' into numbers).
 */

/** PostgreSQL `integer` bounds: a form integer outside them would fail in SQL (22003) instead of answering 400. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);

/** An integer that fits a PostgreSQL `integer` (ids, counts, enums, scores): a number or a string of digits. */
export const formInt = () =>
  z.union([
    int32(),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,10}$/)
      .transform(Number)
      .pipe(int32()),
  ]);

/** A row id: 1 to 2^31 - 1. */
export const formId = () => formInt().pipe(z.number().int().min(1));

/**
 * Money in minor units (bigint columns): 0 or more, at most 15 digits, so it stays an exact JS number. Use it
 * instead of formInt for amounts, which may outgrow a 32-bit integer.
 */
export const formMinor = () =>
  z.union([
    z.number().int().min(0).max(999_999_999_999_999),
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ]);

/**
 * Characters no text field takes: C0 controls (NUL included, which PostgreSQL cannot store in text) except tab,
 * line feed and carriage return, DEL and the C1 controls. Multi-line fields allow \t \n \r; single-line fields
 * refuse those and the Unicode line / paragraph separators too.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** A UTF-16 surrogate without its pair: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a character no field accepts (see FORBIDDEN_MULTILINE), or a lone surrogate. */
export const hasForbiddenChars = (text: string, multiline = true) =>
  (multiline ? FORBIDDEN_MULTILINE : FORBIDDEN_SINGLE_LINE).test(text) || LONE_SURROGATE.test(text);

/**
 * The path of the first string anywhere in `value` (query, body, nested JSON) holding a character no field
 * accepts, or null. The API runs it on every request's raw input before the endpoint's schema, so a field
 * declared with a plain z.string() is covered too; the helpers below add the single-line rule.
 */
export function findForbiddenText(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return hasForbiddenChars(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && hasForbiddenChars(key)) return [...path, key];
    const found = findForbiddenText(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Text a person typed: trimmed (trimBlank), `min`..`max` characters, no control characters. Single-line by
 * default; a multi-line field (complaint text, answers) keeps tabs and line breaks, with \r\n made \n.
 */
export const safeText = (max: number, options: { min?: number; multiline?: boolean } = {}) => {
  const multiline = options.multiline ?? false;
  return z
    .string()
    .transform((s) => trimBlank(multiline ? s.replace(/\r\n?/g, '\n') : s))
    .pipe(
      z
        .string()
        .min(options.min ?? 0)
        .max(max)
        .refine((s) => !hasForbiddenChars(s, multiline), 'contains control characters'),
    );
};

/** A required single-line text field: a string, trimmed, not empty, at most `max` characters, no controls. */
export const formText = (max: number) => safeText(max, { min: 1 });
