import { ErrorCode, type ErrorCodeValue } from '@lendview/contracts';
import type { MessageKey, MessageVars } from '../i18n/messages.ts';

/** HTTP status that goes with each failure code of the envelope. */
export const HTTP_STATUS: Record<ErrorCodeValue, number> = {
  [ErrorCode.badRequest]: 400,
  [ErrorCode.unauthorized]: 401,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.notFound]: 404,
  [ErrorCode.tooLarge]: 413,
  [ErrorCode.rateLimited]: 429,
  [ErrorCode.server]: 500,
  [ErrorCode.productUnavailable]: 409,
  [ErrorCode.paymentRefused]: 409,
  [ErrorCode.conflict]: 409,
  [ErrorCode.earlyRepayment]: 409,
};

/**
 * A failure to answer as an envelope: `code` (non-success), a message key of i18n/messages.ts (localized at
 * send time) and optionally a different HTTP status or extra headers (Retry-After).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  constructor(
    /** An ErrorCode value, or a route's own code (the legacy and promotion contracts have their own). */
    readonly code: number | string,
    readonly messageKey: MessageKey,
    readonly vars?: MessageVars,
    options: { status?: number; headers?: Record<string, string> } = {},
  ) {
    super(`${String(code)}: ${messageKey}`);
    this.statusCode = options.status ?? HTTP_STATUS[code as ErrorCodeValue] ?? 400;
    this.headers = options.headers;
  }
  readonly headers: Record<string, string> | undefined;
}

export const notFound = () => new ApiError(ErrorCode.notFound, 'notFound');
export const unauthorized = () => new ApiError(ErrorCode.unauthorized, 'unauthorized');
export const badRequest = (key: MessageKey = 'badRequest', vars?: MessageVars) => new ApiError(ErrorCode.badRequest, key, vars);
/** Messages that count the wait in seconds, and their wording in minutes for a wait of 2 minutes or more. */
const IN_MINUTES: Partial<Record<MessageKey, MessageKey>> = {
  tooManyRequests: 'tooManyRequestsMinutes',
  opsLoginTooMany: 'opsLoginTooManyMinutes',
};

/**
 * RATE_LIMITED (429) with Retry-After. A wait of 2 minutes or more is said in whole minutes, rounded up ("try again in
 * 45 minutes", not "in 2650 seconds": an audit, 2026-11-28).
 */
export const rateLimited = (key: MessageKey, retryAfterSeconds: number, vars?: MessageVars) => {
  const long = retryAfterSeconds >= 120 ? IN_MINUTES[key] : undefined;
  return new ApiError(
    ErrorCode.rateLimited,
    long ?? key,
    { seconds: retryAfterSeconds, minutes: Math.ceil(retryAfterSeconds / 60), ...vars },
    {
      headers: { 'retry-after': String(retryAfterSeconds) },
    },
  );
};

/** A repayment the order's state does not allow (PAYMENT_REFUSED, HTTP 409; docs/repayment.md). */
export const paymentRefused = (key: MessageKey, vars?: MessageVars) => new ApiError(ErrorCode.paymentRefused, key, vars);
