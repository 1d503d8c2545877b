import { digitsOnly } from '@lendview/contracts/routes';
import { PHONE_PATTERN, REGISTER_LIMITS } from './limits.ts';

/** Spec 5: 1, then a digit 3 to 9, then 9 digits. */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/**
 * What a field keeps of what was typed or pasted: only the allowed characters, then at most `max` of them.
 * A paste of "+62 812-3456-7890" into the phone field becomes "62812345678": the cut happens after the
 * filtering, so separators never use up the cap.
 */
export function capInput(value: string, max: number, keep: RegExp): string {
  let out = '';
  for (const ch of value) {
    if (!keep.test(ch)) continue;
    out += ch;
    if (out.length >= max) break;
  }
  return out;
}

// Captcha answers are letters and digits (the server compares case-insensitively).
const ALNUM = /^[A-Za-z0-9]$/;

/** Spec 5: the mobile field keeps digits only (typed in any script: digitsOnly), at most 11. */
export const capPhone = (value: string) => digitsOnly(value).slice(0, REGISTER_LIMITS.phone);
/** Spec 5: the image captcha holds at most 4 characters. */
export const capCaptcha = (value: string) => capInput(value, REGISTER_LIMITS.captcha, ALNUM);
/** Spec 5: the SMS code holds at most 6 digits. */
export const capSmsCode = (value: string) => digitsOnly(value).slice(0, REGISTER_LIMITS.smsCode);
