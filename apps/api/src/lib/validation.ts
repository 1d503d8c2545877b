import type { z } from 'zod';
import { ErrorCode, findForbiddenText } from '@lendview/contracts';
import { trimBlank } from '@lendview/contracts/routes';
import type { MessageKey } from '../i18n/messages.ts';
import { ApiError } from './errors.ts';

/**
 * Per-field message overrides: field name → message key used when that field is missing or invalid, or
 * `{ missing, invalid }` when the two cases need different texts (an empty complaint vs. one too long).
 */
export type FieldMessages = Partial<Record<string, MessageKey | { missing: MessageKey; invalid: MessageKey }>>;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/**
 * Parses `input` with `schema`, or throws a BAD_REQUEST ApiError naming the first offending field:
 * `fieldMissing` when the field is absent or empty, `fieldInvalid` otherwise, unless `fieldMessages` gives
 * a message of its own for that field (spec 5 texts such as 'Please enter the phone number correctly!').
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, fieldMessages: FieldMessages = {}): z.output<S> {
  // Issue 12: NUL and other control characters are refused in every field of every endpoint, whatever its
  // schema says (contracts fields.ts; the single-line rule is the helpers' own).
  const bad = findForbiddenText(input);
  if (bad) {
    const field = bad.map(String).join('.');
    // A field a person fills in has messages of its own: its text here must not name the internal field, nor be
    // that field's other message (a name "at most 100 characters" for a pasted tab).
    throw new ApiError(ErrorCode.badRequest, fieldMessages[field] ? 'textBadCharacters' : 'fieldBadCharacters', { field });
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  if (path.length === 0) throw new ApiError(ErrorCode.badRequest, 'badRequest');
  const field = path.map(String).join('.');
  const own = fieldMessages[field];
  const value = valueAt(input, path);
  // Blank text (white space, zero-width characters) counts as missing: the schema trims it before checking its length.
  const missing = value === undefined || value === null || (typeof value === 'string' && trimBlank(value) === '');
  if (typeof own === 'string') throw new ApiError(ErrorCode.badRequest, own);
  if (own) throw new ApiError(ErrorCode.badRequest, missing ? own.missing : own.invalid);
  throw new ApiError(ErrorCode.badRequest, missing ? 'fieldMissing' : 'fieldInvalid', { field });
}
