/**
 * Numbers and codes of spec 4.4, 5, 8 and 9 for the registration form. Copies of @lendview/contracts values
 * (promotion.ts, endpoints.ts): importing a value from contracts would pull zod into the visitor's page.
 * __tests__/contract.test.ts checks that every copy agrees with the contract.
 */

/** Spec 5 / 9: field caps (mobile 11, captcha 4, SMS code 6). */
export const REGISTER_LIMITS = { phone: 11, captcha: 4, smsCode: 6 } as const;

/** Spec 4.4 / 9: the SMS button counts down this many seconds after a send. */
export const SMS_COUNTDOWN_SECONDS = 60;

/** Spec 5 / 9: 1, then 3-9, then 9 digits. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Spec 8: the numeric codes the landing page acts on. Success of get-sid, get-sms and register is 0. */
export const PROMO_CODE = {
  smsWrongCaptcha: 101,
  alreadyRegistered: 11,
  registerWrongCaptcha: -1,
} as const;

/** The captcha image (a PNG, not an envelope): CAPTCHA_IMAGE_PATH?sid&timestamp. */
export const CAPTCHA_IMAGE_PATH = '/api/v2/lendview/promotion/get-captcha';

/** contracts landingConfig: at most four highlights under the headline. */
export const MAX_HIGHLIGHTS = 4;
