import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import * as R from './routes/repayment.ts';
import { formInt, formMinor } from './fields.ts';
import { detailRow } from './loan.ts';
import { receipt } from './receipt.ts';

export * from './receipt.ts';

// Repayment (spec 3, 4.3, 4.6, 4.7, 7.3, 7.6). Money is integer minor units in every amount field.

const orderId = z.string().trim().min(1).max(64);
const productId = formInt().pipe(z.number().int().positive());
// Amounts are bigint minor units: an overdue loan can owe more than a 32-bit integer holds (Rp 21.474.836,47).
const minor = formMinor().pipe(z.number().int().positive());

export {
  CARD_NO_DIGITS,
  DEFAULT_MARKET,
  HOLDER_NAME_LENGTH,
  LEGACY_CODE,
  CARD_REPAYMENT,
  PAY_TYPE,
  PERIOD_STATUS,
  REPAY_CODE_LENGTH,
} from './routes/repayment.ts';

export const payTypeSchema = formInt().pipe(z.union([z.literal(1), z.literal(2)]));

/**
 * What a repayment pays (our addition: spec 7.6 does not say how the server tells them apart):
 * the whole loan, the first N instalments, or the extension fee. Issue 18 item 2 added 'cooling_off': leaving the
 * loan in its cooling-off period (principal + interest for the days used − what was paid; loan details'
 * `coolingOff`, docs/compliance.md "Cooling-off exit").
 */
export const repayTypeSchema = z.enum(['full', 'installment', 'delay', 'cooling_off']);
export type RepayType = z.infer<typeof repayTypeSchema>;

/** Spec 3 "Bank option": a bank and its channels (ATM, mobile banking, ...); specificNum is the channel number. */
export const bankOption = z.object({
  bankName: z.string(),
  bankCode: z.string(),
  methods: z.array(z.object({ name: z.string(), specificNum: z.string() })),
});
export type BankOption = z.infer<typeof bankOption>;

export const initPayType = endpoint(R.initPayType, {
  request: z.object({ productId, orderId, pay_type: payTypeSchema }),
  /** banks for pay_type 1, markets (codes such as ALFAMART) for 2; the other list is empty. */
  response: z.object({ banks: z.array(bankOption), markets: z.array(z.string()) }),
});

/** Spec 3 "Virtual account detail". payStep: bank → [{ name, steps }] grouped by bank name; market → [string]. */
export const vaDetail = z.object({
  /** Total payment, minor units. */
  amount: z.number().int(),
  /** Virtual account number (bank) or payment code (mini market). */
  vcode: z.string(),
  /** Bill number. */
  cardNo: z.string(),
  payType: z.union([z.literal(1), z.literal(2)]),
  /** Bank code (BCA, BNI, ...) or market code (ALFAMART, INDOMARET). */
  payCode: z.string(),
  payStep: z.union([z.array(z.object({ name: z.string(), steps: z.array(z.string()) })), z.array(z.string())]),
  specificNum: z.string(),
  telephone: z.string(),
  /** When the code stops accepting payment (ISO 8601). */
  expiresAt: z.string(),
  repayType: repayTypeSchema,
  /** 'pending' until the provider's signed callback confirms it. */
  state: z.enum(['pending', 'paid', 'expired']),
  /**
   * Issue 18 item 2: only on a cooling-off exit code (repayType 'cooling_off'), the figures it was issued for
   * (frozen with the code): principal + interest for daysUsed days − paid = amount. Minor units.
   */
  coolingOff: z
    .object({ principal: z.number().int(), interest: z.number().int(), daysUsed: z.number().int(), paid: z.number().int() })
    .optional(),
});
export type VaDetail = z.infer<typeof vaDetail>;

export const generateVcode = endpoint(R.generateVcode, {
  request: z.object({
    productId,
    orderId,
    amount: minor,
    /** Ignored when is_default is 1 (the server picks the borrower's last method, else the first bank). */
    payCode: z.string().trim().max(32).default(''),
    pay_type: payTypeSchema.optional(),
    /** Spec 4.6: 1 when a new repayment starts, 0 when the borrower chose a method. */
    is_default: formInt().pipe(z.union([z.literal(0), z.literal(1)])),
    is_display: formInt()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .default(0),
    specific_num: z.string().trim().max(32).default(''),
    repayType: repayTypeSchema.default('full'),
    /** For repayType installment: how many instalments, from the first unpaid. */
    periods: formInt().pipe(z.number().int().min(1)).optional(),
  }),
  response: vaDetail,
});

/**
 * Issue 14 (our addition): the code generate-vcode would answer again for the same request now (a pending code of
 * the same order, repayType, periods, amount and method with an hour or more left), without issuing or changing
 * anything; `code` null when generate-vcode would issue a new one. /that's server rendering reads it, so a page GET
 * never issues a code. The same refusals as generate-vcode. Session; the borrower's own order only.
 */
export const vcodeOnFile = endpoint(R.vcodeOnFile, {
  request: generateVcode.request,
  response: z.object({ code: vaDetail.nullable() }),
});

/**
 * Issue 33 (our addition): the code of /that's server rendering. What generate-vcode answers for the same request
 * (the code on file, else a new one issued through the same transaction and rules), except that it never replaces
 * another live code of the order: `code` null then, and the browser asks generate-vcode with the method saved on the
 * phone, as before. The same refusals as generate-vcode. Session; the borrower's own order only.
 */
export const vcodeForPage = endpoint(R.vcodeForPage, {
  request: generateVcode.request,
  response: z.object({ code: vaDetail.nullable() }),
});

/** Spec 3 "Extension detail". */
export const delayDetail = endpoint(R.delayDetail, {
  request: z.object({ productId, orderId }),
  response: z.object({
    productName: z.string(),
    productLogo: z.string(),
    delayShouldPayAmount: z.number().int(),
    /** The new due date if the extension is paid (YYYY-MM-DD). */
    delayExpiryTime: z.string(),
    /** Extension length in days. */
    delayDays: z.number().int(),
    orderDetail: z.object({ detail: z.array(detailRow) }),
    telephone: z.string(),
    /**
     * Issue 11: what extending costs against repaying now, each amount in minor units, computed by the same
     * code as the amounts the server asks (docs/repayment.md "Extension: delay-detail").
     * repayNow: a full repayment today; extendNow: the extension today (= delayShouldPayAmount: fee + late
     * charges); extendLater: what will be owed on newDueDate after extending (nothing late then);
     * newDueDate: YYYY-MM-DD (= delayExpiryTime).
     */
    comparison: z.object({
      repayNow: z.number().int(),
      extendNow: z.number().int(),
      extendLater: z.number().int(),
      newDueDate: z.string(),
    }),
    /** The market's late-charge cap in % of the principal (100 in Indonesia); null = no cap. */
    lateChargeCapPercent: z.number().int().nullable(),
  }),
});

/** Spec 3 "Instalment plan" item. periodStatus: PERIOD_STATUS (500 is the special state of docs/repayment.md). */
export const instalmentItem = z.object({
  periodNo: z.number().int(),
  totalAmount: z.number().int(),
  canClick: z.union([z.literal(0), z.literal(1)]),
  periodStatus: z.number().int(),
  repayDes: z.string(),
  dueTime: z.string(),
});
export type InstalmentItem = z.infer<typeof instalmentItem>;

export const loanPlayDetail = endpoint(R.loanPlayDetail, {
  request: z.object({ productId, orderId }),
  response: z.object({
    productName: z.string(),
    repayWaitCount: z.number().int(),
    note: z.string(),
    repayPlanDetail: z.object({ repayWaitDetail: z.array(instalmentItem), repayYetDetail: z.array(instalmentItem) }),
  }),
});

export const bankCard = z.object({ id: z.number().int(), bankName: z.string(), cardNo: z.string(), bankCode: z.string() });
export type BankCard = z.infer<typeof bankCard>;

export const repaymentWay = endpoint(R.repaymentWay, {
  request: z.object({ orderId }),
  /** The borrower's cards (card numbers masked) and what the order asks now. */
  response: z.object({ cards: z.array(bankCard), amount: z.number().int() }),
});

/** Commit with sendMsg 0 (spec 4.3). needValid 1 → an SMS code was sent; confirm with it. url → redirect flow. */
export const repaymentCommit = endpoint(R.repaymentCommit, {
  request: z.object({ orderId, cardId: formInt(), amount: minor, sendMsg: formInt().pipe(z.union([z.literal(0), z.literal(1)])) }),
  response: z.object({
    repayRecordId: z.number().int(),
    needValid: z.union([z.literal(0), z.literal(1)]),
    url: z.string(),
  }),
});

export const repaymentConfirm = endpoint(R.repaymentConfirm, {
  request: z.object({
    orderId,
    verifyCode: z.string().trim().min(R.REPAY_CODE_LENGTH.min).max(R.REPAY_CODE_LENGTH.max),
    repaymentRecordId: formInt(),
  }),
  response: z.object({ state: z.enum(['pending', 'paid']) }),
});

/** The redirect ("Alipay-style") repayment: answers the provider page to send the borrower to. */
export const repaymentHuichao = endpoint(R.repaymentHuichao, {
  request: z.object({ userId: z.string().trim().max(64).default(''), orderId, amount: minor }),
  response: z.object({ url: z.string() }),
});

/**
 * /bindCard (our addition: spec 2.1 names the route only).
 * Changed by the API team: cardNo may arrive grouped as typed ("6019 0000 1111 2222", spec 5 groups card input in
 * fours): spaces and dashes are dropped before the 10-19 digit check. Digit-only input is unchanged.
 * Its request is the one of card binding with verification (cards.ts `bindCardStart`, issue 11 item 7), whose
 * answer replaced this bare card: `{ cardId, needVerify, resendAfter, card }`. Use `bindCardStart`.
 */
export const bindCard = endpoint(R.bindCard, {
  request: z.object({
    bankCode: z.string().trim().min(2).max(16),
    cardNo: z
      .string()
      .max(40)
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(new RegExp(`^\\d{${R.CARD_NO_DIGITS.min},${R.CARD_NO_DIGITS.max}}$`))),
    holderName: z.string().trim().min(R.HOLDER_NAME_LENGTH.min).max(R.HOLDER_NAME_LENGTH.max),
  }),
  response: bankCard,
});

/**
 * Live payment state of an order (issue 11): the pages poll it (every 2-3 s while a code is pending and the page
 * is visible) to turn "paid" within seconds of the provider's callback. Session; the borrower's own order only.
 */
export const pendingCode = vaDetail.extend({
  /** Instalment numbers the code pays (repayType installment), else empty. */
  periods: z.array(z.number().int()),
});
export type PendingCode = z.infer<typeof pendingCode>;

export const paymentState = endpoint(R.paymentState, {
  request: z.object({ productId, orderId }),
  response: z.object({
    /** The order's status code (catalogue). */
    orderStatus: z.number().int(),
    /** Nothing left to repay: the order is settled (200, legacy 4). */
    settled: z.boolean(),
    /** The live virtual account / mini-market code (state 'pending', not expired), if any. */
    pending: pendingCode.nullable(),
    /** Every payment received for the order, newest first. */
    receipts: z.array(receipt),
    /** paidAt of the newest receipt. */
    lastPaidAt: z.string().nullable(),
  }),
});

/** Demo mode only: pay a code the way the sandbox's own simulate call would (a signed callback). */
export const devPaymentsSimulate = endpoint(R.devPaymentsSimulate, {
  request: z.object({ vcode: z.string().trim().min(4).max(40), amount: minor.optional() }),
  response: z.object({ applied: z.boolean(), orderStatus: z.number().int() }),
});
