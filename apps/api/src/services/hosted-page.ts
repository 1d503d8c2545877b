import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.ts';
import { formatMoney } from '../i18n/format.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { ApiError } from '../lib/errors.ts';
import { SANDBOX_HOSTED_PATH, type SandboxPaymentProvider } from '../providers/payments.ts';
import { productIdOfOrder } from '../repositories/orders.ts';
import { findPaymentByReference, type Payment } from '../repositories/payments.ts';
import { escapeHtml } from './contract-page.ts';
import { processSignedCallback } from './repayment.ts';

/**
 * The sandbox provider's hosted payment page (redirect flow of spec 4.3, repayment-huichao): plain HTML, one
 * inline <style>, no script (CSP), every value escaped. In demo mode a pending payment shows a Pay button: a
 * plain form POST to the sandbox, which sends itself a signed callback server-side. docs/repayment.md.
 */

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; padding: 16px; font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif;
         color: #1f2933; background: #f5f7fa; }
  main { max-width: 480px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 20px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .note { color: #52606d; font-size: 13px; margin: 0 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0 0 20px; }
  dt { color: #52606d; }
  dd { margin: 0; font-weight: 600; text-align: right; overflow-wrap: anywhere; }
  .amount { font-size: 24px; }
  button { width: 100%; padding: 14px; border: 0; border-radius: 24px; background: #2f6bff; color: #fff; font-size: 16px; font-weight: 600; }
  .state { padding: 12px; border-radius: 8px; margin: 0 0 16px; }
  .paid { background: #e3f9e5; color: #05400a; }
  .closed { background: #fff3c4; color: #513c06; }
  a.back { display: block; text-align: center; margin-top: 16px; color: #2f6bff; }
`;

function page(lang: Lang, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t(lang, 'hostedTitle'))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface HostedPageInput {
  lang: Lang;
  payment: Payment;
  /** pending and not expired */
  payable: boolean;
  /** demo mode: the Pay button works */
  canPay: boolean;
  /** form action of the Pay button (with the carried-over query) */
  payAction: string;
  /** /loanDetails?productId&orderId (+ carried-over query) */
  backUrl: string;
}

export function hostedPageHtml(p: HostedPageInput): string {
  const { lang, payment } = p;
  const amount = formatMoney(payment.amount, lang);
  const rows: [string, string, string?][] = [
    [t(lang, 'hostedMerchant'), 'LendView'],
    [t(lang, 'hostedOrder'), payment.orderNo],
    [t(lang, 'hostedBill'), payment.reference],
    [t(lang, 'hostedAmount'), amount, 'amount'],
  ];
  // Jakarta time (UTC+7, no daylight saving: lib/dates.ts).
  const wib = new Date(payment.expiresAt.getTime() + 7 * 60 * 60 * 1000).toISOString().replace('T', ' ').slice(0, 16);
  if (p.payable) rows.push([t(lang, 'hostedPayBefore'), `${wib} WIB`]);
  const list = rows.map(([k, v, cls]) => `<dt>${escapeHtml(k)}</dt><dd${cls ? ` class="${cls}"` : ''}>${escapeHtml(v)}</dd>`).join('\n');
  let action = '';
  if (payment.state === 'paid') action = `<p class="state paid">${escapeHtml(t(lang, 'hostedPaid'))}</p>`;
  else if (!p.payable) action = `<p class="state closed">${escapeHtml(t(lang, 'hostedExpired'))}</p>`;
  else if (!p.canPay) action = `<p class="state closed">${escapeHtml(t(lang, 'hostedDisabled'))}</p>`;
  else {
    action = `<form method="post" action="${escapeHtml(p.payAction)}">
<input type="hidden" name="ref" value="${escapeHtml(payment.reference)}">
<button type="submit">${escapeHtml(t(lang, 'hostedPay', { amount }))}</button>
</form>`;
  }
  return page(
    lang,
    `<h1>${escapeHtml(t(lang, 'hostedTitle'))}</h1>
<p class="note">${escapeHtml(t(lang, 'hostedSandboxNote'))}</p>
<dl>
${list}
</dl>
${action}
<a class="back" href="${escapeHtml(p.backUrl)}">${escapeHtml(t(lang, 'hostedBack'))}</a>`,
  );
}

export function hostedNotFoundHtml(lang: Lang): string {
  return page(lang, `<h1>${escapeHtml(t(lang, 'hostedTitle'))}</h1>\n<p class="state closed">${escapeHtml(t(lang, 'hostedNotFound'))}</p>`);
}

// --- Serving the page (routes/payments) ----------------------------------------------------------------------------

const withQuery = (path: string, params: Record<string, string>) => {
  const q = new URLSearchParams(params).toString();
  return q ? `${path}?${q}` : path;
};

/** Payments the hosted page serves: hosted ones, and card payments of the redirect flow (no SMS code). */
async function hostedPayment(db: Db, ref: unknown): Promise<Payment | null> {
  const p = typeof ref === 'string' && ref.length <= 64 ? await findPaymentByReference(db, ref) : null;
  return p && (p.method === 'hosted' || (p.method === 'card' && !p.otpRequired)) ? p : null;
}

/**
 * GET /payments/sandbox/hosted?ref=: the page of the bill `ref` (`carried`: the query its links keep), or null
 * when no hosted bill has that reference.
 */
export async function hostedPageOf(
  db: Db,
  input: { ref: unknown; lang: Lang; now: Date; canPay: boolean; carried: Record<string, string> },
): Promise<string | null> {
  const payment = await hostedPayment(db, input.ref);
  if (!payment) return null;
  const productId = await productIdOfOrder(db, payment.orderNo);
  return hostedPageHtml({
    lang: input.lang,
    payment,
    payable: payment.state === 'pending' && payment.expiresAt.getTime() > input.now.getTime(),
    canPay: input.canPay,
    payAction: withQuery(`${SANDBOX_HOSTED_PATH}/pay`, input.carried),
    backUrl: withQuery('/loanDetails', { productId: String(productId ?? ''), orderId: payment.orderNo, ...input.carried }),
  });
}

/**
 * The Pay button (demo mode): the sandbox signs a payment event for the whole amount of a pending bill and feeds
 * it to the callback path. Returns where the page is shown again (the bill's state), or null for an unknown bill.
 * A refusal (the event does not match the bill) is reported through `refused` and the page shows the bill's state.
 */
export async function payHostedBill(
  db: Db,
  sandbox: SandboxPaymentProvider,
  input: { ref: unknown; now: Date; carried: Record<string, string>; refused: (reason: string) => void; log: FastifyBaseLogger },
): Promise<string | null> {
  const payment = await hostedPayment(db, input.ref);
  if (!payment) return null;
  if (payment.state === 'pending') {
    const { now } = input;
    const { rawBody, signature } = sandbox.paidEvent({
      reference: payment.reference,
      vcode: null,
      channel: payment.channel,
      amount: payment.amount,
      paidAt: now,
    });
    try {
      await processSignedCallback(sandbox, db, rawBody, signature, now, input.log);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      input.refused(err.messageKey);
    }
  }
  return withQuery(SANDBOX_HOSTED_PATH, { ref: payment.reference, ...input.carried });
}
