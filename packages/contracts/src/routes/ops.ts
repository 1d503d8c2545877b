import { route } from './route.ts';

// The operator API (back office) under /ops/api/* and the partners' server-to-server API.

export const OPS_ROLES = ['support', 'marketing'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

/** open → applied (credited to the order by an operator) | refunded (returned through the provider). */
export const UNAPPLIED_FUND_STATES = ['open', 'applied', 'refunded'] as const;
export type UnappliedFundState = (typeof UNAPPLIED_FUND_STATES)[number];
/**
 * Why money was held: the code was replaced (cancelled) or had expired and the order no longer needed it, the
 * code had already been paid (a second payment on it), the order was already settled, the payment was more than the order asked (the rest is held), or it did not cover
 * a whole repayment (full balance, an instalment, the extension).
 */
export const UNAPPLIED_REASONS = [
  'code_replaced',
  'code_expired',
  'code_already_paid',
  'order_settled',
  'overpayment',
  'short_payment',
] as const;
export type UnappliedReason = (typeof UNAPPLIED_REASONS)[number];

/** A signed provider callback we could not match (docs/repayment.md "Callbacks we could not match"): open → resolved. */
export const UNMATCHED_CALLBACK_STATES = ['open', 'resolved'] as const;
export type UnmatchedCallbackState = (typeof UNMATCHED_CALLBACK_STATES)[number];
/** The signed body is not a valid payment event, its bill number is not ours, or its code or channel is not the bill's. */
export const UNMATCHED_CALLBACK_REASONS = ['malformed', 'unknown_reference', 'code_mismatch'] as const;
export type UnmatchedCallbackReason = (typeof UNMATCHED_CALLBACK_REASONS)[number];

/**
 * Sign-in is two steps (issue 13 item 2): the password (opsLogin) answers a short-lived challenge, then the
 * current TOTP code (opsLoginCode) answers the session. An operator without a second factor yet enrols in the
 * same step: opsLogin's answer carries the otpauth:// URL and its QR code, and the first valid code finishes it.
 */
export const opsLogin = route('opsLogin', 'POST', '/ops/api/login');
export const opsLoginCode = route('opsLoginCode', 'POST', '/ops/api/login/code');
/** A signed-in operator changes their password (the current one and a code); every session of theirs ends. */
export const opsChangePassword = route('opsChangePassword', 'POST', '/ops/api/password');
/** Operator passwords: at least this many characters (NIST SP 800-63B: length, no composition rules). */
export const OPS_PASSWORD_MIN = 12;
/** RFC 6238 parameters of the operators' authenticator codes (SHA-1, the only one every authenticator app reads). */
export const OPS_TOTP = { digits: 6, periodSeconds: 30 } as const;
/** A password step's challenge lives this long (seconds) and works once. */
export const OPS_LOGIN_CHALLENGE_TTL_SECONDS = 300;
/** An operator session ends after this long without a call (besides its absolute 12-hour expiry). */
export const OPS_SESSION_IDLE_MINUTES = 30;
export const opsLogout = route('opsLogout', 'POST', '/ops/api/logout');
export const opsMe = route('opsMe', 'GET', '/ops/api/me');
export const opsComplaintList = route('opsComplaintList', 'GET', '/ops/api/complaints');
/** Multipart field `image`. */
export const opsUploadImage = route('opsUploadImage', 'POST', '/ops/api/complaints/upload-image');
export const opsAnswerComplaint = route('opsAnswerComplaint', 'POST', '/ops/api/complaints/answer');
export const opsTemplateList = route('opsTemplateList', 'GET', '/ops/api/templates');
export const opsTemplateDetail = route('opsTemplateDetail', 'GET', '/ops/api/templates/detail');
export const opsTemplateCreate = route('opsTemplateCreate', 'POST', '/ops/api/templates/create');
export const opsTemplateSave = route('opsTemplateSave', 'POST', '/ops/api/templates/save');
export const opsTemplatePublish = route('opsTemplatePublish', 'POST', '/ops/api/templates/publish');
export const opsUnappliedFunds = route('opsUnappliedFunds', 'GET', '/ops/api/unapplied-funds');
export const opsResolveUnappliedFund = route('opsResolveUnappliedFund', 'POST', '/ops/api/unapplied-funds/resolve');
export const opsUnmatchedCallbacks = route('opsUnmatchedCallbacks', 'GET', '/ops/api/unmatched-callbacks');
export const opsResolveUnmatchedCallback = route('opsResolveUnmatchedCallback', 'POST', '/ops/api/unmatched-callbacks/resolve');
export const opsConsentList = route('opsConsentList', 'GET', '/ops/api/consents');

/**
 * Joint login with partner lenders (issue 12 item 1): the partner URL a borrower is sent to carries a one-time
 * code in this query parameter, never the session token.
 */
export const PARTNER_CODE_PARAM = 'lvCode';
/** A joint-login code lives this long (seconds) and works once. */
export const PARTNER_CODE_TTL_SECONDS = 60;

/** Server to server: the partner trades the code for what it may know of the borrower. */
export const partnerExchange = route('partnerExchange', 'POST', '/partner/api/exchange');
