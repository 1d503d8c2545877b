import { IDEMPOTENT, route } from './route.ts';

// Repayment (spec 3, 4.3, 4.6, 4.7, 7.3, 7.6) and card binding (issue 11 item 7).

/** Spec 9: payment types. */
export const PAY_TYPE = { bank: 1, market: 2 } as const;
/** Spec 9: the default market. */
export const DEFAULT_MARKET = 'ALFAMART';

/**
 * periodStatus of an instalment (spec 9: "500 is special"; the other values are ours, docs/repayment.md).
 * Added by the API team: the values the server sends, so that the pages need not guess them.
 */
export const PERIOD_STATUS = {
  /** Unpaid, its due date not passed yet. */
  upcoming: 0,
  /** Unpaid, its own due date has passed. */
  pastDue: 1,
  /** Paid. */
  paid: 2,
  /** Payment being confirmed: a payment code covering this instalment was issued and has not expired yet. */
  confirming: 500,
} as const;

/** Spec 7.3: the legacy bank-card repayment, POST /api/v1/lendview/service/loan/<endpoint>. */
export const CARD_REPAYMENT = '/api/v1/lendview/service/loan';

/** Spec 8: 800006 wrong code, 800005 submitted twice. */
export const LEGACY_CODE = { wrongCode: 800006, duplicate: 800005 } as const;

/** repayment-confirm: the SMS code of a card repayment is 6 to 8 characters (spec 9: at least 6). */
export const REPAY_CODE_LENGTH = { min: 6, max: 8 } as const;
/** bind-card: the card number is 10 to 19 digits (after spaces and dashes are dropped), the holder 2 to 80. */
export const CARD_NO_DIGITS = { min: 10, max: 19 } as const;
export const HOLDER_NAME_LENGTH = { min: 2, max: 80 } as const;

/** Server rules of a card-binding code, for the page's texts (the server stays the judge). */
export const CARD_VERIFY = {
  /** Digits of the code. */
  codeLength: 6,
  /** A code lives 10 minutes. */
  codeTtlSeconds: 600,
  /** Spec 4.4 / 9: 60 s between two codes of one card. */
  resendSeconds: 60,
  /** Wrong codes per borrower (all cards, all resends) before binding locks. */
  maxWrongCodes: 5,
  /** The first lock lasts 15 minutes; each further lock twice as long as the one before. */
  lockMinutes: 15,
} as const;

export const initPayType = route('initPayType', 'POST', '/v3/loan-details/init-pay-type');
export const generateVcode = route('generateVcode', 'POST', '/v3/loan-details/generate-vcode', '00', IDEMPOTENT);
/** Issue 14: the code generate-vcode would answer again, read only (/that's server rendering). */
export const vcodeOnFile = route('vcodeOnFile', 'POST', '/v3/loan-details/vcode-on-file');
/** Issue 33: the code of /that's server rendering, issued on a first visit when that replaces no other live code. */
export const vcodeForPage = route('vcodeForPage', 'POST', '/v3/loan-details/vcode-for-page');
export const delayDetail = route('delayDetail', 'POST', '/v3/loan-details/delay-detail');
export const loanPlayDetail = route('loanPlayDetail', 'POST', '/v3/installment/loan-play-detail');
export const paymentState = route('paymentState', 'POST', '/v3/loan-details/payment-state');
export const repaymentWay = route('repaymentWay', 'POST', `${CARD_REPAYMENT}/repayment-way`);
export const repaymentCommit = route('repaymentCommit', 'POST', `${CARD_REPAYMENT}/repayment-commit`, '00', IDEMPOTENT);
export const repaymentConfirm = route('repaymentConfirm', 'POST', `${CARD_REPAYMENT}/repayment-confirm`, '00', IDEMPOTENT);
export const repaymentHuichao = route('repaymentHuichao', 'POST', `${CARD_REPAYMENT}/repayment-huichao`, '00', IDEMPOTENT);
/** The first shape of bind-card's answer (a bare card); the page uses bindCardStart, the same call. */
export const bindCard = route('bindCard', 'POST', `${CARD_REPAYMENT}/bind-card`, '00', IDEMPOTENT);
export const bindCardStart = route('bindCardStart', 'POST', bindCard.path, '00', IDEMPOTENT);
export const bindCardVerify = route('bindCardVerify', 'POST', `${CARD_REPAYMENT}/bind-card-verify`, '00', IDEMPOTENT);
export const bindCardSendCode = route('bindCardSendCode', 'POST', `${CARD_REPAYMENT}/bind-card-send-code`);
/** Demo mode only. */
export const devPaymentsSimulate = route('devPaymentsSimulate', 'POST', '/dev/payments/simulate');
