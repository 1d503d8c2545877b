import { route } from './route.ts';

// Promotion landing pages and visitor registration (spec 2.6, 4.4, 4.5, 5, 7.4, 8, 9), {seg} = lendview.

const SEG = '/api/v2/lendview';

/** Spec 5 / 9: field caps on the registration form. */
export const REGISTER_LIMITS = { phone: 11, captcha: 4, smsCode: 6 } as const;
/** Spec 4.4 / 9: the SMS button counts down this many seconds after a send. */
export const SMS_COUNTDOWN_SECONDS = 60;
/** A landing template shows at most this many highlights under the headline. */
export const LANDING_MAX_HIGHLIGHTS = 4;

/** Spec 8: the numeric codes the landing page acts on. Success of get-sid, get-sms and register is 0. */
export const PROMO_CODE = {
  /** get-sms: wrong image captcha (refresh it, show the message). */
  smsWrongCaptcha: 101,
  /** get-sms and register: the phone is already registered (toast, go to the download page). */
  alreadyRegistered: 11,
  /** register: wrong image captcha (refresh it, show the message). */
  registerWrongCaptcha: -1,
} as const;

/** GET, query sid and timestamp (cache-buster). Answers image/png (not an envelope), or 404. */
export const CAPTCHA_IMAGE_PATH = `${SEG}/promotion/get-captcha`;

export const channelTemplate = route('channelTemplate', 'GET', `${SEG}/service/channel/channel-template`);
/**
 * /landing's page carries channelTemplate's answer for its templateId (apps/api/src/routes/landing) in
 * `<script id=LANDING_TEMPLATE_ELEMENT type="application/json">{ templateId, data }</script>`, for the page to start
 * from without asking.
 */
export const LANDING_TEMPLATE_ELEMENT = 'lv-landing-template';
export const trackVisit = route('trackVisit', 'GET', `${SEG}/promotion/track-visit`);
export const trackClick = route('trackClick', 'GET', `${SEG}/promotion/track-click`);
export const getSid = route('getSid', 'GET', `${SEG}/promotion/get-sid`, 0);
export const getSms = route('getSms', 'POST', `${SEG}/promotion/get-sms`, 0);
export const register = route('register', 'POST', `${SEG}/promotion/register`, 0);
/** Demo mode only. */
export const devCaptchaAnswer = route('devCaptchaAnswer', 'GET', '/dev/captcha-answer');
