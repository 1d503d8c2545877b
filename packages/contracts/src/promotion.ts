import { z } from 'zod';
import { endpoint, phoneSchema } from './endpoints.ts';
import * as R from './routes/promotion.ts';
import { formInt, formText, safeText } from './fields.ts';

// Promotion landing pages and visitor registration (spec 2.6, 4.4, 4.5, 5, 7.4, 8, 9), {seg} = lendview.

export {
  CAPTCHA_IMAGE_PATH,
  LANDING_MAX_HIGHLIGHTS,
  LANDING_TEMPLATE_ELEMENT,
  PROMO_CODE,
  REGISTER_LIMITS,
  SMS_COUNTDOWN_SECONDS,
} from './routes/promotion.ts';

// --- Landing template ---------------------------------------------------------------------------------------

/** A text the page shows, in both languages (the page picks by the language rule of spec 1). */
const localized = (max: number) => z.object({ en: safeText(max), id: safeText(max) });
const localizedRequired = (max: number, multiline = false) =>
  z.object({ en: safeText(max, { min: 1, multiline }), id: safeText(max, { min: 1, multiline }) });
/** Colours are #rrggbb only: a template never carries free CSS into the page. */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/**
 * An image: an absolute https URL (host name only: no user@, no backslash; the server also checks the host
 * against IMAGE_HOSTS), a path on our own origin made of plain segments, or '' for none. Never javascript:,
 * data:, http:, protocol-relative `//host` or `/\\host` (browsers read a backslash as a slash), nor `..`.
 */
export const TEMPLATE_IMAGE_URL =
  /^(https:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+(?::\d{1,5})?(?:\/[A-Za-z0-9._~%!$&'()*+,;=:@/-]*)?(?:\?[A-Za-z0-9._~%!$&'()*+,;=:@/?-]*)?|\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*)$/;
// Same-origin segments never start with a dot and carry no escapes, so no `..` (nor `%2e%2e`) can climb.
const imageUrl = z.union([z.literal(''), z.string().max(500).regex(TEMPLATE_IMAGE_URL)]);
const httpsUrl = z
  .string()
  .max(500)
  .regex(/^https:\/\/[^\s"'<>]+$/);

/**
 * What the marketing team sets per landing page (docs/promotion.md explains each field). Everything is shown as
 * text; nothing in a template is markup.
 */
export const landingConfig = z.object({
  /** Internal name in the editor's list; not shown to visitors. */
  name: formText(80),
  /** appName sent with get-sms / register and shown on the download page. */
  appName: formText(40),
  logo: imageUrl,
  heroImage: imageUrl,
  headline: localizedRequired(80),
  subheadline: localized(120),
  /** Up to four short selling points under the headline ("Salary of ₹12,000 and above", ...). */
  highlights: z.array(localized(60)).max(R.LANDING_MAX_HIGHLIGHTS),
  buttonText: localizedRequired(24),
  /** The agreement link's label and the agreement page (#/agreementTemplate): title and plain-text body. */
  agreementTitle: localizedRequired(60),
  agreementBody: localizedRequired(6000, true),
  /** The download page (#/downloadTemplate). */
  download: z.object({
    headline: localizedRequired(80),
    buttonText: localizedRequired(24),
    iosUrl: httpsUrl,
    androidUrl: httpsUrl,
  }),
  theme: z.object({
    /** The page background is a vertical gradient from → to. */
    backgroundFrom: hexColor,
    backgroundTo: hexColor,
    fontColor: hexColor,
    /** Apply button and links. */
    highlightColor: hexColor,
  }),
});
export type LandingConfig = z.infer<typeof landingConfig>;

/** The landing reads the published version only. Non-00 (unknown, never published): show the message. */
export const channelTemplate = endpoint(R.channelTemplate, {
  request: z.object({ templateId: formInt().pipe(z.number().int().min(1)) }),
  response: landingConfig.extend({ id: z.number().int() }),
});

// --- Tracking -----------------------------------------------------------------------------------------------

const trackText = safeText(64).default('');
const trackParams = {
  /** The template id. */
  page_id: formInt().pipe(z.number().int().min(0)).default(0),
  /** Channel (ad network / partner). */
  user_from: trackText,
  app_from: trackText,
  utm_tag: trackText,
  client_type: z.enum(['ios', 'android', 'other']).catch('other'),
  page_type: formInt().pipe(z.number().int().min(0).max(99)).default(1),
};

/** Visit tracking on load; the page ignores the answer. */
export const trackVisit = endpoint(R.trackVisit, {
  request: z.object(trackParams),
  response: z.object({ recorded: z.boolean() }),
});

/** Click tracking on Apply. */
export const trackClick = endpoint(R.trackClick, {
  request: z.object({ ...trackParams, phone: safeText(11).default('') }),
  response: z.object({ recorded: z.boolean() }),
});

// --- Captcha, SMS, registration -----------------------------------------------------------------------------

/** A new captcha id. The image is CAPTCHA_IMAGE_PATH?sid&timestamp (a PNG, not an envelope). */
export const getSid = endpoint(R.getSid, {
  request: z.object({}),
  response: z.object({ sid: z.string() }),
});

const sid = formText(64);
const capcode = formText(R.REGISTER_LIMITS.captcha);
const optionalText = safeText(64).default('');

/**
 * Sends a registration code. The captcha answer is checked (case-insensitively) and spent: a wrong answer
 * answers 101 and the sid is dead; a right one binds the sid to this phone for register. Abuse limits answer
 * RATE_LIMITED with a message and send nothing. resendAfter is the countdown (60).
 */
export const getSms = endpoint(R.getSms, {
  request: z.object({
    phone: phoneSchema,
    capcode,
    sid,
    deviceId: optionalText,
    appName: optionalText,
    app_from: optionalText,
    user_from: optionalText,
    utm_tag: optionalText,
  }),
  response: z.object({ resendAfter: z.number().int() }),
});

/**
 * Creates the borrower. Code 11 when the phone is already registered, -1 when sid / capcode are not the ones
 * get-sms accepted for this phone; a wrong, expired or used SMS code answers BAD_REQUEST with its message, as
 * /v3/login/sms-login does (after a few wrong tries the code is dead: RATE_LIMITED, a new code is needed).
 */
export const register = endpoint(R.register, {
  request: z.object({
    phone: phoneSchema,
    capcode,
    sid,
    smsCode: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/),
    deviceId: optionalText,
    appName: optionalText,
    merchantNumber: optionalText,
    userName: optionalText,
    invite_code: optionalText,
    user_from: optionalText,
    /** The template id. */
    id: formInt().pipe(z.number().int().min(0)).default(0),
    app_from: optionalText,
    utm_tag: optionalText,
  }),
  response: z.object({ registered: z.boolean() }),
});

/** Demo mode only (404 otherwise): the answer of a captcha, so e2e tests can register. Documented in docs/. */
export const devCaptchaAnswer = endpoint(R.devCaptchaAnswer, {
  request: z.object({ sid }),
  response: z.object({ answer: z.string() }),
});
