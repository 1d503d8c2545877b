import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SHARED_PARAM_NAMES } from '@lendview/contracts';
import { formatMoney } from '../../i18n/format.ts';
import { langOf } from '../../i18n/lang.ts';
import { t } from '../../i18n/messages.ts';
import { envelope } from '../../lib/envelope.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { SANDBOX_HOSTED_PATH, SandboxPaymentProvider } from '../../providers/payments.ts';
import { findPaymentByReference, type Payment } from '../../repositories/payments.ts';
import { hostedNotFoundHtml, hostedPageHtml } from '../../services/hosted-page.ts';
import { processSignedCallback } from '../../services/repayment.ts';

/**
 * The payment provider's side (docs/repayment.md):
 * - POST <provider.callbackPath> (sandbox: /payments/sandbox/callback): the signed callback. The raw JSON body is
 *   kept as received (the signature covers those exact bytes), verified, then applied once.
 * - GET /payments/sandbox/hosted?ref=: the sandbox's hosted payment page (redirect flow), and in demo mode
 *   POST /payments/sandbox/hosted/pay, its Pay button.
 */

/** Callbacks are small JSON documents. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

/** Query parameters the hosted page carries over to its links: the shared params and the language flag. */
function carriedQuery(req: FastifyRequest): Record<string, string> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const name of [...SHARED_PARAM_NAMES, 'isNeedPop']) {
    const v = query[name];
    if (typeof v === 'string' && v.length <= 256) out[name] = v;
  }
  return out;
}

const withQuery = (path: string, params: Record<string, string>) => {
  const q = new URLSearchParams(params).toString();
  return q ? `${path}?${q}` : path;
};

/** Payments the hosted page serves: hosted ones, and card payments of the redirect flow (no SMS code). */
const hostedPayment = (p: Payment | null): Payment | null =>
  p && (p.method === 'hosted' || (p.method === 'card' && !p.otpRequired)) ? p : null;

export default async function paymentRoutes(app: FastifyInstance) {
  const provider = app.payments;

  // Its own context: only JSON, kept as the raw string.
  await app.register(async (callback) => {
    callback.removeAllContentTypeParsers();
    callback.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT }, (_req, body, done) => {
      done(null, body);
    });
    callback.post(provider.callbackPath, async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const header = req.headers[provider.signatureHeader];
      const signature = typeof header === 'string' ? header : undefined;
      try {
        const result = await processSignedCallback(provider, app.db, raw, signature, app.clock.now());
        req.log.info({ reference: result.reference, applied: result.applied, unapplied: result.unapplied }, 'payment callback');
        const lang = langOf(req);
        reply.header('cache-control', 'no-store');
        // 2xx whenever the money is recorded, applied or held: the provider must not retry a payment we have.
        const message = !result.applied
          ? t(lang, 'paymentAlreadyApplied')
          : result.unapplied > 0
            ? t(lang, 'paymentHeld', { amount: formatMoney(result.unapplied, lang) })
            : t(lang, 'paymentApplied');
        return envelope('00', { applied: result.applied, reference: result.reference, orderStatus: result.orderStatus }, message);
      } catch (err) {
        if (err instanceof ApiError) req.log.warn({ code: err.code, reason: err.messageKey }, 'payment callback refused');
        throw err;
      }
    });
  });

  if (!(provider instanceof SandboxPaymentProvider)) return;
  const sandbox = provider;

  app.get(SANDBOX_HOSTED_PATH, async (req, reply) => {
    const lang = langOf(req);
    const ref = (req.query as Record<string, unknown>).ref;
    const payment = typeof ref === 'string' && ref.length <= 64 ? hostedPayment(await findPaymentByReference(app.db, ref)) : null;
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!payment) return reply.code(404).send(hostedNotFoundHtml(lang));
    const [order] = await app.db.query<{ product_id: number }>('SELECT product_id FROM orders WHERE order_no = $1', [payment.orderNo]);
    const carried = carriedQuery(req);
    const now = app.clock.now();
    return reply.code(200).send(
      hostedPageHtml({
        lang,
        payment,
        payable: payment.state === 'pending' && payment.expiresAt.getTime() > now.getTime(),
        canPay: app.demo,
        payAction: withQuery(`${SANDBOX_HOSTED_PATH}/pay`, carried),
        backUrl: withQuery('/loanDetails', { productId: String(order?.product_id ?? ''), orderId: payment.orderNo, ...carried }),
      }),
    );
  });

  /**
   * The Pay button (demo mode only; 404 otherwise): the sandbox signs a payment event for the whole amount and
   * feeds it to the callback path, then shows the page again (303), now paid or closed.
   */
  app.post(`${SANDBOX_HOSTED_PATH}/pay`, async (req, reply) => {
    if (!app.demo) throw notFound();
    const ref = (req.body as Record<string, unknown> | undefined)?.ref;
    const payment = typeof ref === 'string' && ref.length <= 64 ? hostedPayment(await findPaymentByReference(app.db, ref)) : null;
    if (!payment) {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return reply.code(404).send(hostedNotFoundHtml(langOf(req)));
    }
    if (payment.state === 'pending') {
      const now = app.clock.now();
      const { rawBody, signature } = sandbox.paidEvent({ reference: payment.reference, vcode: null, channel: payment.channel, amount: payment.amount, paidAt: now });
      try {
        await processSignedCallback(sandbox, app.db, rawBody, signature, now);
      } catch (err) {
        // A refusal (the event does not match the bill): the page shows the bill's state.
        if (!(err instanceof ApiError)) throw err;
        req.log.info({ reason: err.messageKey }, 'hosted payment refused');
      }
    }
    return reply.header('cache-control', 'no-store').redirect(withQuery(SANDBOX_HOSTED_PATH, { ref: payment.reference, ...carriedQuery(req) }), 303);
  });
}
