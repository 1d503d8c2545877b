import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import * as R from './routes/ops.ts';
import { formInt } from './fields.ts';
import { landingConfig } from './promotion.ts';
import { repayTypeSchema } from './repayment.ts';

// The operator API (back office). Pages live under /ops/* (shell routes); the API under /ops/api/*.
// Operators log in with a username and password (operators table, scrypt hashes) and send the token they get
// as `Authorization: Bearer <token>`. Roles: 'support' answers complaints, 'marketing' edits landing templates.
// A missing or expired token answers UNAUTHORIZED (HTTP 401); a role that may not call the endpoint answers
// FORBIDDEN (HTTP 403). Bodies may be JSON or form-encoded.

export {
  OPS_LOGIN_CHALLENGE_TTL_SECONDS,
  OPS_PASSWORD_MIN,
  OPS_ROLES,
  OPS_SESSION_IDLE_MINUTES,
  OPS_TOTP,
  UNAPPLIED_FUND_STATES,
  UNAPPLIED_REASONS,
  UNMATCHED_CALLBACK_REASONS,
  UNMATCHED_CALLBACK_STATES,
  type OpsRole,
  type UnappliedFundState,
  type UnappliedReason,
  type UnmatchedCallbackReason,
  type UnmatchedCallbackState,
} from './routes/ops.ts';

/**
 * Step 1, the password. `step` says what the second step is: 'enrol' (no authenticator yet: show `qrSvg` /
 * `otpauthUrl`, then send the first code) or 'code' (send the current code). Wrong password, unknown or disabled
 * account: UNAUTHORIZED with one message for all three; too many failures: RATE_LIMITED with Retry-After.
 */
export const opsLogin = endpoint(R.opsLogin, {
  request: z.object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(200) }),
  response: z.object({
    step: z.enum(['enrol', 'code']),
    challenge: z.string(),
    /** Enrolment only: the otpauth:// URL (for apps that take a link) and the same as a QR code (an SVG document). */
    otpauthUrl: z.string().optional(),
    qrSvg: z.string().optional(),
    /**
     * The password was a one-time password (a new or reset account): the code step must also send `newPassword`
     * (issue 34 item 5).
     */
    newPasswordRequired: z.boolean(),
  }),
});

/** Step 2, the authenticator code for the challenge: the session. A code is accepted once. */
export const opsLoginCode = endpoint(R.opsLoginCode, {
  request: z.object({
    challenge: z.string().min(1).max(200),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
    /** Required when the password step said newPasswordRequired: the password from now on. */
    newPassword: z.string().max(200).optional(),
  }),
  response: z.object({ token: z.string(), username: z.string(), role: z.enum(R.OPS_ROLES), expiresAt: z.string() }),
});

/**
 * The signed-in operator's new password: the current password and a current authenticator code prove it is them;
 * every session of the account ends and a new one is answered. Wrong password or code: UNAUTHORIZED (counted as
 * a failed sign-in); a new password under OPS_PASSWORD_MIN characters or equal to the current one: BAD_REQUEST.
 */
export const opsChangePassword = endpoint(R.opsChangePassword, {
  request: z.object({
    currentPassword: z.string().min(1).max(200),
    newPassword: z.string().min(1).max(200),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  }),
  response: z.object({ token: z.string(), username: z.string(), role: z.enum(R.OPS_ROLES), expiresAt: z.string() }),
});

export const opsLogout = endpoint(R.opsLogout, {
  request: z.object({}),
  response: z.object({ loggedOut: z.boolean() }),
});

/** Who the token belongs to (the editor checks its stored token with this on load). */
export const opsMe = endpoint(R.opsMe, {
  request: z.object({}),
  response: z.object({ username: z.string(), role: z.enum(R.OPS_ROLES) }),
});

// --- Complaints (role support) ------------------------------------------------------------------------------

export const opsComplaint = z.object({
  problemId: z.number().int(),
  /** The borrower's phone, masked (138****0000). */
  borrower: z.string(),
  orderNo: z.string(),
  type: z.string(),
  sonType: z.string(),
  content: z.string(),
  /** Image URLs the operator's page can load (they carry the operator's access, see docs/complaints.md). */
  images: z.array(z.string()),
  time: z.string(),
  state: z.enum(['processing', 'processed']),
  disposeDetail: z.string(),
  disposeAgent: z.string(),
  disposeImages: z.array(z.string()),
});
export type OpsComplaint = z.infer<typeof opsComplaint>;

/** Oldest first. state defaults to processing (the queue to answer). */
export const opsComplaintList = endpoint(R.opsComplaintList, {
  request: z.object({ state: z.enum(['processing', 'processed', 'all']).default('processing') }),
  response: z.object({ items: z.array(opsComplaint) }),
});

/** Multipart field `image`: an operator's photo for an answer (same checks as the borrower's upload). */
export const opsUploadImage = endpoint(R.opsUploadImage, {
  request: z.object({}),
  response: z.object({ url: z.string() }),
});

/**
 * Posts the process result: the complaint becomes processed and the borrower may rate it (isScore 1).
 * A complaint already answered answers 409 with a message (one answer per complaint).
 */
export const opsAnswerComplaint = endpoint(R.opsAnswerComplaint, {
  request: z.object({
    problemId: formInt(),
    disposeDetail: z.string().trim().min(1).max(2000),
    /** Comma-joined URLs from opsUploadImage ('' for none), at most 9. */
    disposeImages: z.string().max(4000).default(''),
  }),
  response: z.object({ problemId: z.number().int(), state: z.literal('processed') }),
});

// --- Landing templates (role marketing) ---------------------------------------------------------------------

export const opsTemplateSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Never published: the landing answers "not found" for it. */
  published: z.boolean(),
  /** The draft differs from what visitors see. */
  hasUnpublishedChanges: z.boolean(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  updatedBy: z.string(),
});

export const opsTemplateList = endpoint(R.opsTemplateList, {
  request: z.object({}),
  response: z.object({ items: z.array(opsTemplateSummary) }),
});

export const opsTemplateDetail = endpoint(R.opsTemplateDetail, {
  request: z.object({ id: formInt() }),
  response: opsTemplateSummary.extend({ draft: landingConfig, live: landingConfig.nullable() }),
});

/** Creates a template whose draft is `config` (not published yet). JSON body. */
export const opsTemplateCreate = endpoint(R.opsTemplateCreate, {
  request: z.object({ config: landingConfig }),
  response: z.object({ id: z.number().int() }),
});

/** Saves the draft. Visitors keep seeing the published version until publish. JSON body. */
export const opsTemplateSave = endpoint(R.opsTemplateSave, {
  request: z.object({ id: formInt(), config: landingConfig }),
  response: z.object({ id: z.number().int(), updatedAt: z.string() }),
});

/** Makes the draft what visitors see, from their next page load. */
export const opsTemplatePublish = endpoint(R.opsTemplatePublish, {
  request: z.object({ id: formInt() }),
  response: z.object({ id: z.number().int(), publishedAt: z.string() }),
});

// --- Unapplied funds (role support; issue 11, docs/repayment.md "Unapplied funds") ------------------------------

/**
 * One thing a held fund can pay on its order today, as the money desk offers it (issue 34): the whole balance,
 * the first `periods` unpaid instalments, or what the borrower's own code asked for (an extension, a cooling-off
 * exit) while nothing else was applied since. The operator picks one; the API applies exactly that.
 */
export const opsFundOption = z.object({
  repayType: repayTypeSchema,
  /** installment: instalments periodFrom … periodFrom + periods − 1. */
  periodFrom: z.number().int().nullable(),
  periods: z.number().int().nullable(),
  /** What it costs today, minor units. */
  amount: z.number().int(),
  /** The fund covers it. */
  covered: z.boolean(),
  /** Paying it today would pay ahead of its period before early repayment opens (spec 9): the first day it can. */
  payableFrom: z.string().nullable(),
  /** The order after it: its status, and its due date ('YYYY-MM-DD'; an extension moves it). */
  newStatus: z.number().int(),
  newDueDate: z.string().nullable(),
  /** What stays held as a new open fund after it (0 when the fund pays it exactly). */
  keepsHeld: z.number().int(),
});
export type OpsFundOption = z.infer<typeof opsFundOption>;

export const opsUnappliedFund = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  /** The borrower's phone, masked (138****0000). */
  borrower: z.string(),
  /** Held amount, minor units. */
  amount: z.number().int(),
  reason: z.enum(R.UNAPPLIED_REASONS),
  state: z.enum(R.UNAPPLIED_FUND_STATES),
  /** The bill number and code the money came in on, and the provider's event id. */
  reference: z.string(),
  vcode: z.string(),
  channel: z.string(),
  providerEvent: z.string(),
  /** The whole payment this amount is part of. */
  paymentAmount: z.number().int(),
  receivedAt: z.string(),
  orderStatus: z.number().int(),
  /** What the order asks now for a full repayment (0 when it asks nothing). */
  orderOwes: z.number().int(),
  /** An open fund: what it can pay today (opsFundOption); empty when it can pay nothing or is resolved. */
  options: z.array(opsFundOption),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string(),
  /** The provider's refund id ('' unless refunded). */
  refundId: z.string(),
  note: z.string(),
});
export type OpsUnappliedFund = z.infer<typeof opsUnappliedFund>;

/** Newest first, paged. state defaults to open (the queue to resolve). */
export const opsUnappliedFunds = endpoint(R.opsUnappliedFunds, {
  request: z.object({
    state: z.enum([...R.UNAPPLIED_FUND_STATES, 'all']).default('open'),
    page: formInt().pipe(z.number().int().min(1).max(100_000)).default(1),
    pageSize: formInt().pipe(z.number().int().min(1).max(100)).default(20),
  }),
  response: z.object({
    items: z.array(opsUnappliedFund),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});

/**
 * Resolves an open fund: `apply` credits it to its order as exactly the option named by `repayType` (+ `periods`
 * for instalments), one of the fund's `options`: covered and payable today, else CONFLICT (409) or
 * EARLY_REPAYMENT with the reason; the rest stays held as a new open fund. `refund` returns it through the
 * payment provider. A fund already resolved answers CONFLICT (409). Both are in the audit trail (kind 'fund').
 */
export const opsResolveUnappliedFund = endpoint(R.opsResolveUnappliedFund, {
  request: z.object({
    id: formInt().pipe(z.number().int().positive()),
    action: z.enum(['apply', 'refund']),
    repayType: repayTypeSchema.optional(),
    periods: formInt().pipe(z.number().int().min(1).max(120)).optional(),
    note: z.string().trim().max(500).default(''),
  }),
  response: opsUnappliedFund,
});

// --- Callbacks we could not match (role support; docs/repayment.md "Callbacks we could not match") -------------

/**
 * A provider callback with a valid signature that matched no payment of ours (refused to the provider, kept for
 * an operator). What could be read of its body is null when the body has no such field (or not of that type).
 */
export const opsUnmatchedCallback = z.object({
  id: z.number().int(),
  reason: z.enum(R.UNMATCHED_CALLBACK_REASONS),
  eventId: z.string().nullable(),
  /** The bill number the provider named. */
  reference: z.string().nullable(),
  /** Minor units; null unless the body's amount is a positive whole number. */
  amount: z.number().int().nullable(),
  /** How often the provider sent it (redeliveries count here, not as new rows). */
  deliveries: z.number().int(),
  firstReceivedAt: z.string(),
  lastReceivedAt: z.string(),
  state: z.enum(R.UNMATCHED_CALLBACK_STATES),
  /** The signed body as received: the provider's own report. */
  rawBody: z.string(),
  resolvedAt: z.string().nullable(),
  /** The operator's username ('' while open). */
  resolvedBy: z.string(),
  note: z.string(),
});
export type OpsUnmatchedCallback = z.infer<typeof opsUnmatchedCallback>;

/** Newest first, paged. state defaults to open (the ones to look at). */
export const opsUnmatchedCallbacks = endpoint(R.opsUnmatchedCallbacks, {
  request: z.object({
    state: z.enum(R.UNMATCHED_CALLBACK_STATES).default('open'),
    page: formInt().pipe(z.number().int().min(1).max(100_000)).default(1),
    pageSize: formInt().pipe(z.number().int().min(1).max(100)).default(20),
  }),
  response: z.object({
    items: z.array(opsUnmatchedCallback),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});

/**
 * Marks an open one resolved with what was done (note, required). Unknown id: NOT_FOUND (404); already
 * resolved: CONFLICT (409); of several operators resolving it at once exactly one succeeds.
 */
export const opsResolveUnmatchedCallback = endpoint(R.opsResolveUnmatchedCallback, {
  request: z.object({
    id: formInt().pipe(z.number().int().positive()),
    note: z.string().trim().min(1).max(500),
  }),
  response: opsUnmatchedCallback,
});

// --- Consent records (role support; issue 12 item 4, docs/api.md "Consent records") ---------------------------

/** One accepted document version: agreements now; a key-facts statement adds its own entry (kind). */
export const acceptedDocument = z.object({
  kind: z.string(),
  id: z.string(),
  version: z.string(),
  /** sha256 (hex) of the exact text shown to the borrower, in the language shown. */
  sha256: z.string(),
});
export type AcceptedDocument = z.infer<typeof acceptedDocument>;

export const opsConsent = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  /** Masked phone (138****0000). */
  borrower: z.string(),
  productId: z.number().int(),
  amount: z.number().int(),
  termDays: z.number().int(),
  /** Every document version accepted. */
  documents: z.array(acceptedDocument),
  lang: z.enum(['en', 'id']),
  deviceId: z.string().nullable(),
  ip: z.string(),
  appVersion: z.string().nullable(),
  userAgent: z.string().nullable(),
  verifiedBy: z.enum(['session', 'sms']),
  repeated: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type OpsConsent = z.infer<typeof opsConsent>;

/** The consent records of an order, newest first (read only: the table refuses changes). */
export const opsConsentList = endpoint(R.opsConsentList, {
  request: z.object({ orderNo: z.string().trim().min(1).max(64) }),
  response: z.object({ items: z.array(opsConsent) }),
});
