import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONTRACT_VIEW_PATH,
  contractJump,
  contractList,
  contractListGet,
  contractViewQuery,
  sharedParamsSchema,
} from '@lendview/contracts';
import { langOf } from '../../i18n/lang.ts';
import { t } from '../../i18n/messages.ts';
import { jakartaDate } from '../../lib/dates.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { authenticate, identityOf } from '../../lib/identity.ts';
import { parseInput } from '../../lib/validation.ts';
import { findContract, listContracts } from '../../repositories/contracts.ts';
import { requireOwnOrder } from '../../repositories/orders.ts';
import { findProduct, productExists } from '../../repositories/products.ts';
import { findSessionBorrower, type Borrower } from '../../repositories/sessions.ts';
import { renderContractPage, renderErrorPage, type Particulars } from '../../services/contract-page.ts';
import { contractViewUrl, offerOf } from '../../services/loans.ts';

/** Agreements (spec 7.6): the list (public), the jump to one (borrower), and the agreement page itself. */
export default async function contractRoutes(app: FastifyInstance) {
  const list = async ({ input, db, lang }: { input: { productId: number; scene: number }; db: FastifyInstance['db']; lang: 'en' | 'id' }) => {
    if (!(await productExists(db, input.productId))) throw notFound();
    const contracts = await listContracts(db, input.productId, input.scene);
    return contracts.map((c) => ({ id: c.id, title: c.title[lang] }));
  };
  registerEndpoint(app, contractList, { handler: list });
  registerEndpoint(app, contractListGet, { handler: list });

  /**
   * The agreement at `position` of the list; with an orderId (the borrower's own, of this product) the page
   * is filled in with that order. Another borrower's order answers NOT_FOUND like a missing one.
   */
  registerEndpoint(app, contractJump, {
    auth: true,
    handler: async ({ input, db, lang, borrower }) => {
      if (!(await productExists(db, input.productId))) throw notFound();
      const order = input.orderId ? await requireOwnOrder(db, borrower.id, input.orderId, input.productId) : null;
      const contract = (await listContracts(db, input.productId, input.scene))[input.position];
      if (!contract) throw badRequest('fieldInvalid', { field: 'position' });
      return { contract_url: contractViewUrl(contract.id, input.productId, order?.orderNo ?? null, lang) };
    },
  });

  /**
   * GET /v3/contract/view?id&productId&orderId: the agreement as an HTML page (no script). With orderId it
   * needs the session of the order's borrower (tok / X-Lv-Token) and shows their phone and the order's
   * amount and term; without, the product's offer (and the phone when a session is there). Failures are
   * small HTML pages with the envelope's status and message.
   */
  app.get(CONTRACT_VIEW_PATH, async (req, reply) => {
    try {
      const html = await renderView(app, req);
      return reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return sendErrorPage(req, reply, err);
    }
  });
}

async function renderView(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  const { db } = app;
  const lang = langOf(req);
  const now = app.clock.now();
  const today = jakartaDate(now);
  parseInput(sharedParamsSchema, req.query ?? {});
  const query = parseInput(contractViewQuery, req.query ?? {});
  const contract = await findContract(db, query.id);
  if (!contract) throw notFound();
  if (contract.productId !== null && query.productId !== undefined && query.productId !== contract.productId) throw notFound();
  const productId = query.productId ?? contract.productId;

  let particulars: Particulars = { orderNo: null, phone: null, amount: null, termDays: null, dailyRateBp: null, isOffer: false };
  if (query.orderId) {
    const borrower = await authenticate(req);
    const order = await requireOwnOrder(db, borrower.id, query.orderId, productId ?? undefined);
    particulars = {
      orderNo: order.orderNo,
      phone: borrower.phone,
      amount: order.principal,
      termDays: order.termDays,
      dailyRateBp: order.dailyRateBp,
      isOffer: false,
    };
  } else {
    const borrower = await optionalBorrower(app, req, now);
    particulars.phone = borrower?.phone ?? null;
    if (productId !== null) {
      const product = await findProduct(db, productId, today, { includeInactive: true });
      if (!product) throw notFound();
      const offer = offerOf(product, today);
      particulars = { ...particulars, amount: offer.amount, termDays: offer.termDays, dailyRateBp: product.dailyRateBp, isOffer: true };
    }
  }
  return renderContractPage(lang, contract, particulars);
}

/** The session's borrower when a live token came with the request; null otherwise (never an error). */
async function optionalBorrower(app: FastifyInstance, req: FastifyRequest, now: Date): Promise<Borrower | null> {
  const { token } = identityOf(req);
  return token ? findSessionBorrower(app.db, token, now) : null;
}

function sendErrorPage(req: FastifyRequest, reply: FastifyReply, err: ApiError) {
  const lang = langOf(req);
  if (err.headers) reply.headers(err.headers);
  return reply
    .code(err.statusCode)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderErrorPage(lang, t(lang, err.messageKey, err.vars)));
}
