import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import * as R from './routes/loan.ts';
import { formInt, formMinor } from './fields.ts';
import { receipt } from './receipt.ts';

// Loan details, loan confirmation, contracts, events, ratings (spec 7.6) and products and
// recommendations (spec 7.5). Money is integer minor units (Rp sen / paise) in every field named
// amount*, and the client formats it.

export {
  APP_VERSION_HEADER,
  CONTRACT_VIEW_PATH,
  DEFAULT_SCENE,
  LOAN_TYPE,
  MARKET,
  ORDER_STATUSES,
  RECOMMEND_SCENES,
  moduleIdForScene,
  type OrderStatus,
} from './routes/loan.ts';

const orderId = z.string().trim().min(1).max(64);
const productId = formInt().pipe(z.number().int().positive());
/**
 * Module and position ids are counters the client computes (300/301/302, 30; list indexes). Changed by the
 * API team: they were plain formInt() and accepted negative numbers; now 0 or more (a negative index is a
 * client bug). Valid requests are unchanged.
 */
const nonNegativeInt = () => formInt().pipe(z.number().int().min(0));
export const detailRow = z.object({ text: z.string(), value: z.string() });
export type DetailRow = z.infer<typeof detailRow>;

/**
 * A recommended product (spec 3). `amountMin`/`amountMax` replace the old preformatted amountRange so
 * that money stays in minor units; `amountRangeDes` is the label under it. `globally` 0 means not
 * clickable (the loan-details variant); buttonStatus 0 means greyed out and ignores clicks.
 */
export const recommendedProduct = z.object({
  id: z.number().int(),
  productLogo: z.string(),
  productName: z.string(),
  buttonStatus: z.union([z.literal(0), z.literal(1)]),
  buttonText: z.string(),
  amountMin: z.number().int(),
  amountMax: z.number().int(),
  amountRangeDes: z.string(),
  loan_rate: z.string(),
  productDesc: z.string(),
  productTags: z.array(z.string()),
  globally: z.union([z.literal(0), z.literal(1)]),
});
export type RecommendedProduct = z.infer<typeof recommendedProduct>;

/**
 * Whether the order may be repaid in full today (spec 9 early prepayment). `allowed` false with a `message`:
 * a full repayment today would be an early prepayment before `from` (the first Asia/Jakarta day it is allowed,
 * YYYY-MM-DD); the message (request's language) says so. `allowed` true: a full repayment is possible today
 * (`from` is still the day early repayment became possible, or null when the loan has no disbursement);
 * `message` null. An order that owes nothing: allowed false, from null, message null.
 */
export const earlyRepayInfo = z.object({
  allowed: z.boolean(),
  from: z.string().nullable(),
  message: z.string().nullable(),
});
export type EarlyRepayInfo = z.infer<typeof earlyRepayInfo>;

/**
 * Issue 18 item 2, the cooling-off exit (RBI Digital Lending Directions; docs/compliance.md "Cooling-off exit"):
 * until `lastDay` (YYYY-MM-DD, Asia/Jakarta; the disbursement day is day 0) the borrower may leave the loan by
 * paying `amount` = `principal` + `interest` (simple interest for `daysUsed` days) − `paid` (already repaid),
 * without any penalty, through the repayment flow with repayType 'cooling_off'. `processingFee` (deducted at
 * disbursement) is not refunded; 0 when the loan had none. `message`: the same in a sentence, in the request's
 * language. Money in minor units.
 */
export const coolingOffInfo = z.object({
  lastDay: z.string(),
  daysUsed: z.number().int(),
  principal: z.number().int(),
  interest: z.number().int(),
  paid: z.number().int(),
  amount: z.number().int(),
  processingFee: z.number().int(),
  message: z.string(),
});
export type CoolingOffInfo = z.infer<typeof coolingOffInfo>;

export const loanDetails = endpoint(R.loanDetails, {
  request: z.object({ productId, orderId }),
  response: z.object({
    orderId: z.string(),
    productId: z.number().int(),
    orderStatus: z.number().int(),
    noticeStatusText: z.string(),
    noticeDesText: z.string(),
    productName: z.string(),
    productLogo: z.string(),
    /** What the borrower owes now, in minor units: Repay sends it to /that. */
    amount: z.number().int(),
    userOrderDetail: z.object({ detail: z.array(detailRow) }),
    recProducts: z.array(recommendedProduct),
    /** 1 when the product is our own (in-house), 0 for a partner's. */
    inside: z.union([z.literal(0), z.literal(1)]),
    /** External repayment page; '' when repayment happens on /that. */
    h5Url: z.string(),
    isDelay: z.enum(['0', '1']),
    telephone: z.string(),
    isScore: z.union([z.literal(0), z.literal(1)]),
    /**
     * Spec 9: a full repayment before the due date (an early prepayment) is allowed only once half of the term
     * has passed and not within 7 days of disbursement (docs/repayment.md "Early repayment"). Added by the API
     * team (issue 11) so the page can say so before the borrower taps Repay; the server refuses such a
     * repayment with EARLY_REPAYMENT anyway.
     */
    earlyRepay: earlyRepayInfo,
    /** Issue 11: every payment received for the order (receipts of the ledger), newest first. */
    payments: z.array(receipt),
    /** Issue 18 item 2: the cooling-off exit while it is open for this order, else null. */
    coolingOff: coolingOffInfo.nullable(),
  }),
});

export const googleScore = endpoint(R.googleScore, {
  // We store the stars the borrower chose (the old client always sent 5): docs/decisions.md.
  request: z.object({ score: formInt().pipe(z.number().int().min(1).max(5)), orderId: orderId.optional() }),
  response: z.object({ saved: z.boolean() }),
});

/** Spec 7.6 event save (moduleId 30 = borrow again, positionId 0). Fire and forget on the client. */
export const eventSave = endpoint(R.eventSave, {
  request: z.object({ productId, moduleId: nonNegativeInt(), positionId: nonNegativeInt() }),
  response: z.object({ saved: z.boolean() }),
});

export const recommendProductList = endpoint(R.recommendProductList, {
  request: z.object({ scene: z.string().trim().max(64).default('') }),
  response: z.array(recommendedProduct),
});

/** Spec 7.5: recommendation click tracking. */
export const pageEventSave = endpoint(R.pageEventSave, {
  request: z.object({ productId, moduleId: nonNegativeInt(), positionId: nonNegativeInt() }),
  response: z.object({ saved: z.boolean() }),
});

/** Spec 7.5: apply to a product; `url` starting with http opens in the browser, anything else goes to the bridge. */
export const productApply = endpoint(R.productApply, {
  request: z.object({ product_id: productId, module_id: nonNegativeInt(), scene: z.string().trim().max(64).default('') }),
  response: z.object({ url: z.string() }),
});

/** Joint-login failure stand calls (spec 7.5): payload `status` 0 is ok, `message` carries the failure text. */
export const standProduct = z.object({
  productId: z.number().int(),
  logo: z.string(),
  title: z.string(),
  description: z.string(),
  rate: z.string(),
  buttonText: z.string(),
  buttonStatus: z.union([z.literal(0), z.literal(1)]),
});
export type StandProduct = z.infer<typeof standProduct>;

export const standTargeted = endpoint(R.standTargeted, {
  /** `reason` is the failure code the app passes to /error (unknown codes get the generic text). */
  request: z.object({ reason: z.string().trim().max(64).default('') }),
  response: z.object({
    status: z.number().int(),
    message: z.string(),
    errorMessage: z.string(),
    notice: z.string(),
    products: z.array(standProduct),
  }),
});

export const standNecessity = endpoint(R.standNecessity, {
  request: z.object({ productId, positionId: nonNegativeInt() }),
  response: z.object({ status: z.number().int(), message: z.string() }),
});

export const standJoint = endpoint(R.standJoint, {
  request: z.object({ productId }),
  response: z.object({ status: z.number().int(), message: z.string(), url: z.string() }),
});

export const repayPlan = z.object({
  title: z.string(),
  amount: z.number().int(),
  description: z.string(),
  pay_time: z.string(),
});
export type RepayPlan = z.infer<typeof repayPlan>;

/** An agreement of the confirm with the version and hash of the text shown (issue 12 item 4). */
export const confirmAgreement = z.object({ id: z.number().int(), title: z.string(), version: z.string(), sha256: z.string() });
export type ConfirmAgreement = z.infer<typeof confirmAgreement>;

export const loanDetailConfirm = endpoint(R.loanDetailConfirm, {
  request: z.object({ productId }),
  response: z.object({
    productId: z.number().int(),
    productLogo: z.string(),
    productName: z.string(),
    amount: z.number().int(),
    periods: z.number().int(),
    termUnit: z.literal('day'),
    details: z.array(detailRow),
    detail1: z.array(detailRow),
    detail2: z.array(detailRow),
    /** The plan's amounts add up exactly to what the borrower will owe. */
    repay_plans: z.array(repayPlan),
    firstPayTime: z.string(),
    firstPeriodDay: z.number().int(),
    pRateDsc: z.string(),
    sendSms: z.union([z.literal(0), z.literal(1)]),
    isPopType: z.union([z.literal(0), z.literal(1)]),
    popContent: z.string(),
    popTitle: z.string(),
    popAgreementUrl: z.string(),
    note: z.string(),
    sp_rate: z.string(),
    /**
     * The agreements the borrower accepts by confirming (scene 3, in list order), with the version and the
     * sha256 of the text in the language shown (issue 12 item 4). The page sends them back as `agreements`.
     */
    agreements: z.array(confirmAgreement),
    /** Seconds between two step-up SMS codes (sendSms 1), spec 9's 60. */
    smsResendSeconds: z.number().int(),
  }),
});

/** One line of a key facts statement's repayment schedule (minor units). */
export const keyFactsInstalment = z.object({
  periodNo: z.number().int(),
  dueDate: z.string(),
  principal: z.number().int(),
  interest: z.number().int(),
  amount: z.number().int(),
});

/**
 * The key facts statement (issue 18; RBI KFS format, OJK disclosure): every figure in minor units and as the
 * localized rows the page shows. `sha256` is the hash of everything else in it (figures and texts as shown):
 * the confirm sends it back as `keyFacts`, and the consent record keeps it with `version`.
 */
export const keyFacts = z.object({
  version: z.string(),
  sha256: z.string(),
  lang: z.enum(['en', 'id']),
  title: z.string(),
  intro: z.string(),
  productName: z.string(),
  amount: z.number().int(),
  /** One-time fee deducted from the disbursement. */
  processingFee: z.number().int(),
  /** Other fees owed with the loan (service fee of an order; 0 for a new loan). */
  otherFees: z.number().int(),
  /** amount − processingFee: what reaches the borrower's account. */
  netDisbursed: z.number().int(),
  interest: z.number().int(),
  /** What the borrower repays on schedule: principal + interest + otherFees. */
  totalRepayable: z.number().int(),
  /** interest + processingFee + otherFees. */
  totalCost: z.number().int(),
  /** Annual percentage rate in basis points a year (1785 = 17.85 %), from the cash flows (server's lib/apr.ts). */
  aprBp: z.number().int(),
  apr: z.string(),
  dailyRateBp: z.number().int(),
  termDays: z.number().int(),
  schedule: z.array(keyFactsInstalment),
  /** True while the due dates count from today (an offer or an order not yet disbursed). */
  provisionalDates: z.boolean(),
  latePenalty: z.number().int(),
  /** The most late charges may add up to, minor units; null = no cap. */
  lateChargeCap: z.number().int().nullable(),
  coolingOffDays: z.number().int(),
  grievanceOfficer: z.object({ name: z.string(), phone: z.string(), email: z.string(), address: z.string() }),
  sections: z.array(z.object({ title: z.string(), rows: z.array(detailRow), note: z.string() })),
  scheduleTitle: z.string(),
  scheduleHeaders: z.object({ no: z.string(), date: z.string(), principal: z.string(), interest: z.string(), amount: z.string() }),
});
export type KeyFacts = z.infer<typeof keyFacts>;

/** Issue 18: the key facts of the offer the borrower is about to confirm (the same amount and term). */
export const loanKeyFacts = endpoint(R.loanKeyFacts, {
  request: z.object({
    productId,
    amount: formMinor().pipe(z.number().int().positive()),
    periods: formInt().pipe(z.number().int().positive()),
  }),
  response: keyFacts,
});

/** Issue 18: the key facts of one of the borrower's loans, as its figures stand (another borrower's: NOT_FOUND). */
export const orderKeyFacts = endpoint(R.orderKeyFacts, {
  request: z.object({ orderId, productId: productId.optional() }),
  response: keyFacts,
});

/**
 * Step-up of the confirm (sendSms 1, on when the server runs with CONFIRM_STEP_UP=1): sends a 6-digit code to
 * the borrower's own phone; `phoneMasked` says where (138****0000). 60 s between codes (RATE_LIMITED).
 */
export const loanConfirmSendSms = endpoint(R.loanConfirmSendSms, {
  request: z.object({ productId }),
  response: z.object({ sent: z.literal(true), resendAfter: z.number().int(), phoneMasked: z.string() }),
});

/**
 * Spec 7.6: confirm the loan. Creates an order in status 21; idempotent: while the borrower has an order
 * of this product under review, a repeated confirm answers that same order.
 * `loanType` is the spec's "fixed extra number" (always 1).
 */
export const loanDetailPush = endpoint(R.loanDetailPush, {
  request: z.object({
    amount: formMinor().pipe(z.number().int().positive()),
    periods: formInt().pipe(z.number().int().positive()),
    termUnit: z.literal('day'),
    productId,
    loanType: formInt().pipe(z.literal(R.LOAN_TYPE)),
    /**
     * What the page showed: `id:sha256` pairs, comma-separated (issue 12 item 4). When sent they must match the
     * current agreements, else 409 CONFLICT ('The agreement has changed. Please read it again before you confirm.'); a client
     * that sends none accepts the current ones.
     */
    agreements: z.string().max(2000).optional(),
    /** The step-up SMS code; required when loan-detail-confirm said sendSms 1. */
    smsCode: z.string().trim().max(16).optional(),
    /**
     * The sha256 of the key facts statement the borrower opened (issue 18). Required: without it 400 'Open the key
     * facts statement before you confirm.'; a statement that no longer matches the offer is 409 CONFLICT.
     */
    keyFacts: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  }),
  response: z.object({ orderId: z.string(), lendDetailsUrl: z.string() }),
});

export const contractItem = z.object({ id: z.number().int(), title: z.string() });
export type ContractItem = z.infer<typeof contractItem>;

/** Spec 7.6: GET or POST; scene 3 is the confirm-contract scene (spec 9). */
export const contractList = endpoint(R.contractList, {
  request: z.object({ productId, scene: formInt() }),
  response: z.array(contractItem),
});

/** The same list by GET (spec 7.6: "GET or POST"), fields in the query. */
export const contractListGet = endpoint(R.contractListGet, { request: contractList.request, response: contractList.response });

/**
 * `position` is the index of the agreement in the list; `loanType` the fixed extra number (1).
 * `contract_url` is a same-origin page, `${CONTRACT_VIEW_PATH}?id=..&productId=..[&orderId=..]&isNeedPop=0|1`.
 * Added note (API team): the page authenticates like every call (X-Lv-Token cannot ride on a navigation, so
 * append the shared params, i.e. `&tok=..`, when navigating to it or putting it in an iframe); without a
 * session it still shows the agreement, with an orderId it needs the session of the order's borrower.
 */
export const contractJump = endpoint(R.contractJump, {
  request: z.object({
    productId,
    scene: formInt(),
    position: formInt().pipe(z.number().int().min(0)),
    orderId: z.string().trim().max(64).default(''),
    loanType: formInt().pipe(z.literal(R.LOAN_TYPE)),
  }),
  response: z.object({ contract_url: z.string() }),
});

/**
 * The query of CONTRACT_VIEW_PATH, the server-rendered agreement page (text/html, no scripts), the target of
 * contract_url and popAgreementUrl. Not an envelope endpoint: failures are small HTML pages with the same status
 * and localized message as the envelope would have (404 for another borrower's order, exactly as for a missing one).
 */
export const contractViewQuery = z.object({
  id: formInt().pipe(z.number().int().positive()),
  productId: productId.optional(),
  orderId: z.string().trim().max(64).default(''),
  /**
   * Issue 40: 'confirm' when /confirm opened the page in place of itself; the page then links back to it (a web
   * view has no back button of its own). Anything else is ignored.
   */
  back: z.enum(['confirm']).optional().catch(undefined),
});
