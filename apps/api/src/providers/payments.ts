import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The payment provider (ARCHITECTURE.md "Providers"): issues virtual account numbers and mini-market payment
 * codes, charges bound cards, and confirms payments only through signed callbacks. The default implementation
 * is the sandbox below, which behaves like an Indonesian VA / mini-market aggregator. A real aggregator is
 * another implementation passed as `buildApp({ payments })`. The provider keeps no state of its own: every
 * payment lives in the `payments` table (migration 003). docs/repayment.md.
 */

export interface IssueRequest {
  /** bank: a virtual account at `channel` (BCA, BNI, ...); market: a payment code for `channel` (ALFAMART, ...). */
  kind: 'bank' | 'market';
  channel: string;
  /** Closed amount, minor units: the code accepts exactly this. */
  amount: number;
  /** Our bill number; the provider echoes it in its callback. */
  reference: string;
  expiresAt: Date;
}

export interface IssuedCode {
  vcode: string;
  expiresAt: Date;
}

/** A verified payment event of the provider. */
export interface PaymentEvent {
  /** Unique per event: a redelivery carries the same id. */
  id: string;
  type: 'payment.paid';
  reference: string;
  /** The VA number or payment code paid; null for card and hosted-page payments. */
  vcode: string | null;
  channel: string;
  amount: number;
  paidAt: Date;
}

export type CallbackVerdict = { ok: true; event: PaymentEvent } | { ok: false; reason: 'signature' | 'malformed' };

export interface PaymentProvider {
  readonly name: string;
  /** The callback route of this provider, e.g. `/payments/sandbox/callback`. */
  readonly callbackPath: string;
  /** The request header carrying the callback signature (lower case). */
  readonly signatureHeader: string;
  issue(request: IssueRequest): Promise<IssuedCode>;
  /**
   * Checks the signature over the raw body (constant time) and parses the event. Refused when the signature is
   * missing or wrong (`signature`) or the signed body is not an event (`malformed`).
   */
  verifyCallback(rawBody: string, signature: string | undefined): CallbackVerdict;
  /** Keeps a card number with the provider; we store only the token, the last 4 digits and a fingerprint. */
  tokenizeCard(card: { bankCode: string; cardNo: string }): Promise<{ token: string }>;
  /**
   * Charges a tokenized card at once; throws when the charge fails. Idempotent per `reference` (our bill number):
   * charging the same reference again answers the first charge, so a retried transaction never charges twice.
   */
  chargeCard(charge: { token: string; amount: number; reference: string }): Promise<{ chargeId: string }>;
  /** The provider's hosted payment page of a payment (redirect flow of spec 4.3 / repayment-huichao). */
  hostedPageUrl(reference: string, query?: Record<string, string>): string;
  /**
   * Expires (cancels) a code at the provider before its time: called when a new code replaces it and when another
   * payment settles its order, so no number stays payable without our knowing. Idempotent; throws when the
   * provider refuses (the caller then issues no new code). A payment that crosses the expiry may still be
   * reported: it is recorded and applied or held (docs/repayment.md "Ledger").
   */
  expire(code: { reference: string; vcode: string | null; channel: string }): Promise<void>;
  /**
   * Returns money received for `reference` to the payer. `key` makes it idempotent: the same key answers the same
   * refund (a retried transaction refunds once). Throws when the provider refuses.
   */
  refund(refund: { key: string; reference: string; providerEvent: string; amount: number }): Promise<{ refundId: string }>;
}

/** The event body the sandbox signs and sends (JSON). Exported for the callback tests and docs. */
export const sandboxEventSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
  type: z.literal('payment.paid'),
  reference: z.string().min(1).max(64),
  vcode: z.string().min(1).max(40).nullable(),
  channel: z.string().min(1).max(32),
  amount: z.number().int().positive().safe(),
  paidAt: z.iso.datetime({ offset: true }),
});
export type SandboxEventBody = z.infer<typeof sandboxEventSchema>;

/**
 * Virtual account numbers of the sandbox: a bank-specific prefix (the aggregator's company code at that bank)
 * and random digits up to the bank's length. Mini-market codes likewise. These are sandbox formats modelled on
 * Indonesian aggregators, not real accounts.
 */
export const SANDBOX_CODE_FORMATS: Record<string, { prefix: string; length: number }> = {
  BCA: { prefix: '39358', length: 16 },
  BNI: { prefix: '8808', length: 16 },
  BRI: { prefix: '26215', length: 15 },
  MANDIRI: { prefix: '88608', length: 16 },
  PERMATA: { prefix: '8214', length: 16 },
  CIMB: { prefix: '7809', length: 16 },
  ALFAMART: { prefix: '8890', length: 14 },
  INDOMARET: { prefix: '3307', length: 14 },
};

export const SANDBOX_CALLBACK_PATH = '/payments/sandbox/callback';
export const SANDBOX_HOSTED_PATH = '/payments/sandbox/hosted';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** Used only in demo mode when PAYMENT_WEBHOOK_SECRET is not set (env.ts refuses to start without it otherwise). */
export const DEV_PAYMENT_WEBHOOK_SECRET = 'lendview-sandbox-dev-secret-not-for-production';

/** `sha256=<hex of HMAC-SHA256(secret, rawBody)>`: the value of the X-Sandbox-Signature header. */
export function signSandboxBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

function randomDigits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(randomInt(0, 10));
  return s;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly callbackPath = SANDBOX_CALLBACK_PATH;
  readonly signatureHeader = SANDBOX_SIGNATURE_HEADER;

  constructor(private readonly secret: string) {
    if (secret.length < 16) throw new Error('the payment webhook secret must be at least 16 characters');
  }

  async issue(request: IssueRequest): Promise<IssuedCode> {
    const format = SANDBOX_CODE_FORMATS[request.channel];
    if (!format) throw new Error(`sandbox: no ${request.kind} channel ${request.channel}`);
    return { vcode: format.prefix + randomDigits(format.length - format.prefix.length), expiresAt: request.expiresAt };
  }

  verifyCallback(rawBody: string, signature: string | undefined): CallbackVerdict {
    if (!signature) return { ok: false, reason: 'signature' };
    const expected = Buffer.from(signSandboxBody(this.secret, rawBody), 'utf8');
    const given = Buffer.from(signature.trim(), 'utf8');
    // Lengths differ → refused without comparing; equal lengths are compared in constant time.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const parsed = sandboxEventSchema.safeParse(json);
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    const e = parsed.data;
    return {
      ok: true,
      event: {
        id: e.id,
        type: e.type,
        reference: e.reference,
        vcode: e.vcode,
        channel: e.channel,
        amount: e.amount,
        paidAt: new Date(e.paidAt),
      },
    };
  }

  async tokenizeCard(card: { bankCode: string; cardNo: string }): Promise<{ token: string }> {
    return {
      token: `sbx_card_${createHash('sha256').update(`${this.secret}:${card.bankCode}:${card.cardNo}`).digest('hex').slice(0, 32)}`,
    };
  }

  async chargeCard(charge: { token: string; amount: number; reference: string }): Promise<{ chargeId: string }> {
    if (!charge.token.startsWith('sbx_card_')) throw new Error('sandbox: unknown card token');
    // Derived from the reference: the same bill charged twice is one charge (idempotency key).
    return { chargeId: `sbx_chg_${this.keyed('charge', charge.reference)}` };
  }

  /**
   * The sandbox remembers which codes were expired early (in memory: it is a test double, and the database
   * keeps `payments.provider_expired_at`). /dev/payments/simulate still pays such a code: that plays a payment
   * crossing the expiry, which a real aggregator can deliver, and which the ledger must record.
   */
  private readonly expired = new Map<string, Date>();
  private readonly refunds = new Map<string, { refundId: string; reference: string; amount: number }>();

  async expire(code: { reference: string; vcode: string | null; channel: string }): Promise<void> {
    if (!this.expired.has(code.reference)) this.expired.set(code.reference, new Date());
  }

  /** Whether the sandbox was told to expire this bill number (tests, docs). */
  isExpired(reference: string): boolean {
    return this.expired.has(reference);
  }

  async refund(refund: { key: string; reference: string; providerEvent: string; amount: number }): Promise<{ refundId: string }> {
    if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0) throw new Error('sandbox: refund amount must be positive');
    const known = this.refunds.get(refund.key);
    if (known) {
      if (known.reference !== refund.reference || known.amount !== refund.amount) throw new Error('sandbox: refund key reused');
      return { refundId: known.refundId };
    }
    const refundId = `sbx_rfd_${this.keyed('refund', refund.key)}`;
    this.refunds.set(refund.key, { refundId, reference: refund.reference, amount: refund.amount });
    return { refundId };
  }

  /** Refunds the sandbox made (tests, docs). */
  refundOf(key: string): { refundId: string; reference: string; amount: number } | undefined {
    return this.refunds.get(key);
  }

  private keyed(purpose: string, value: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${value}`).digest('hex').slice(0, 24);
  }

  hostedPageUrl(reference: string, query: Record<string, string> = {}): string {
    return `${SANDBOX_HOSTED_PATH}?${new URLSearchParams({ ref: reference, ...query }).toString()}`;
  }

  /**
   * What the sandbox sends when a code is paid (its own "simulate payment" call, or the Pay button of its
   * hosted page): the JSON body and its signature header value. Demo mode only uses this.
   * The sandbox takes each bill once, as a closed single-use code does: the event id derives from the bill number,
   * so paying it again (a second tap, 20 at once) is the same event, which the ledger records once. A second,
   * different payment on a paid code is what a real provider may still report; the ledger holds it (tests send it
   * as their own signed event).
   */
  paidEvent(input: { reference: string; vcode: string | null; channel: string; amount: number; paidAt: Date }): {
    rawBody: string;
    signature: string;
  } {
    const body: SandboxEventBody = {
      id: `evt_${this.keyed('paid', input.reference)}`,
      type: 'payment.paid',
      reference: input.reference,
      vcode: input.vcode,
      channel: input.channel,
      amount: input.amount,
      paidAt: input.paidAt.toISOString(),
    };
    const rawBody = JSON.stringify(body);
    return { rawBody, signature: signSandboxBody(this.secret, rawBody) };
  }
}
