import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SHARED_PARAM_NAMES } from '@lendview/contracts';
import { langOf } from '../../i18n/lang.ts';
import { envelope } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { SANDBOX_HOSTED_PATH, SandboxPaymentProvider } from '../../providers/payments.ts';
import { hostedNotFoundHtml, hostedPageOf, payHostedBill } from '../../services/hosted-page.ts';
import { receiveCallback } from '../../services/repayment.ts';

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

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').code(status).send(html);

export default async function paymentRoutes(app: FastifyInstance) {
  const provider = app.payments;

  // Its own context: only JSON, kept as the raw string.
  await app.register(async (callback) => {
    callback.removeAllContentTypeParsers();
    callback.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT }, (_req, body, done) => {
      done(null, body);
    });
    callback.post(provider.callbackPath, async (req, reply) => {
      const header = req.headers[provider.signatureHeader];
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const answer = await receiveCallback(provider, app.db, {
        rawBody,
        signature: typeof header === 'string' ? header : undefined,
        now: app.clock.now(),
        lang: langOf(req),
        log: req.log,
      });
      // 2xx whenever the money is recorded, applied or held: the provider must not retry a payment we have.
      reply.header('cache-control', 'no-store');
      return envelope('00', answer.data, answer.message);
    });
  });

  if (!(provider instanceof SandboxPaymentProvider)) return;
  const sandbox = provider;

  app.get(SANDBOX_HOSTED_PATH, async (req, reply) => {
    const lang = langOf(req);
    const ref = (req.query as Record<string, unknown>).ref;
    const html = await hostedPageOf(app.db, { ref, lang, now: app.clock.now(), canPay: app.demo, carried: carriedQuery(req) });
    return html === null ? sendHtml(reply, 404, hostedNotFoundHtml(lang)) : sendHtml(reply, 200, html);
  });

  /** The Pay button (demo mode only; 404 otherwise): pays the bill, then shows the page again (303), now paid or closed. */
  app.post(`${SANDBOX_HOSTED_PATH}/pay`, async (req, reply) => {
    if (!app.demo) throw notFound();
    const ref = (req.body as Record<string, unknown> | undefined)?.ref;
    const refused = (reason: string) => req.log.info({ reason }, 'hosted payment refused');
    const back = await payHostedBill(app.db, sandbox, { ref, now: app.clock.now(), carried: carriedQuery(req), refused, log: req.log });
    if (back === null) return sendHtml(reply, 404, hostedNotFoundHtml(langOf(req)));
    return reply.header('cache-control', 'no-store').redirect(back, 303);
  });
}
