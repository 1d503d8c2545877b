import { z } from 'zod';

/**
 * Field helpers for request schemas. POST payloads arrive form-encoded (every value a string) or as JSON
 * (numbers stay numbers), so an integer field accepts a number or a string of digits and nothing else:
 * no arrays, booleans or empty strings (z.coerce.number() would turn [30], true and '' into numbers).
 */
export const formInt = () =>
  z.union([z.number().int().safe(), z.string().trim().regex(/^-?\d{1,15}$/).transform(Number)]);

/** A required text field: a string, trimmed, not empty, at most `max` characters. */
export const formText = (max: number) => z.string().trim().min(1).max(max);
