import type { contractJump, contractList, contractViewQuery } from '@lendview/contracts';
import type { z } from 'zod';
import type { Db } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';
import { jakartaDate } from '../lib/dates.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { findContract, listContracts } from '../repositories/contracts.ts';
import { requireOwnOrder } from '../repositories/orders.ts';
import { findProduct, productExists } from '../repositories/products.ts';
import { findSessionBorrower, type Borrower } from '../repositories/sessions.ts';
import { renderContractPage, type Particulars } from './contract-page.ts';
import { contractViewUrl, offerOf } from './loans.ts';

/** Agreements (spec 7.6): the list (public), the jump to one (borrower), and the agreement page itself. */

export async function agreementTitles(
  db: Db,
  input: { productId: number; scene: number; lang: Lang },
): Promise<AnswerOf<typeof contractList>> {
  if (!(await productExists(db, input.productId))) throw notFound();
  const contracts = await listContracts(db, input.productId, input.scene);
  return contracts.map((c) => ({ id: c.id, title: c.title[input.lang] }));
}

/**
 * The agreement at `position` of the list; with an orderId (the borrower's own, of this product) the page
 * is filled in with that order. Another borrower's order answers NOT_FOUND like a missing one.
 */
export async function agreementJump(
  db: Db,
  input: { borrowerId: number; request: InputOf<typeof contractJump>; lang: Lang },
): Promise<AnswerOf<typeof contractJump>> {
  const { request } = input;
  if (!(await productExists(db, request.productId))) throw notFound();
  const order = request.orderId ? await requireOwnOrder(db, input.borrowerId, request.orderId, request.productId) : null;
  const contract = (await listContracts(db, request.productId, request.scene))[request.position];
  if (!contract) throw badRequest('fieldInvalid', { field: 'position' });
  return { contract_url: contractViewUrl(contract.id, request.productId, order?.orderNo ?? null, input.lang) };
}

/**
 * GET /v3/contract/view?id&productId&orderId: the agreement as an HTML page. With orderId it needs the session of
 * the order's borrower (`authenticate`, which throws UNAUTHORIZED) and shows their phone and the order's amount
 * and term; without, the product's offer (and the phone when `token` is a live session).
 */
export async function agreementPageHtml(
  db: Db,
  input: {
    query: z.output<typeof contractViewQuery>;
    lang: Lang;
    now: Date;
    token: string | undefined;
    authenticate: () => Promise<Borrower>;
    /** The page's raw query: the shared parameters a link back to /confirm carries on. */
    rawQuery?: Record<string, unknown>;
  },
): Promise<string> {
  const { query, now } = input;
  const today = jakartaDate(now);
  const contract = await findContract(db, query.id);
  if (!contract) throw notFound();
  if (contract.productId !== null && query.productId !== undefined && query.productId !== contract.productId) throw notFound();
  const productId = query.productId ?? contract.productId;

  let particulars: Particulars = { orderNo: null, phone: null, amount: null, termDays: null, dailyRateBp: null, isOffer: false };
  if (query.orderId) {
    const borrower = await input.authenticate();
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
    // The session's borrower when a live token came with the request; never an error.
    const borrower = input.token ? await findSessionBorrower(db, input.token, now) : null;
    particulars.phone = borrower?.phone ?? null;
    if (productId !== null) {
      const product = await findProduct(db, productId, today, { includeInactive: true });
      if (!product) throw notFound();
      const offer = offerOf(product, today);
      particulars = { ...particulars, amount: offer.amount, termDays: offer.termDays, dailyRateBp: product.dailyRateBp, isOffer: true };
    }
  }
  return renderContractPage(input.lang, contract, particulars, query.back === 'confirm' ? confirmHref(input.rawQuery ?? {}) : null);
}

/** /confirm with the query this page came with (the offer's productId and orderId, the shared parameters), minus its own. */
function confirmHref(rawQuery: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(rawQuery)) if (typeof v === 'string' && k !== 'id' && k !== 'back') q.set(k, v);
  return `/confirm?${q.toString()}`;
}
