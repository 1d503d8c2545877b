import { call, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf, ResponseOf } from '@lendview/contracts/routes';

/**
 * Card binding with an SMS code (contracts cards.ts; docs/repayment.md "Card binding"):
 * bind-card (bankCode, cardNo digits only, holderName) → `needVerify` true: a code was sent to the borrower's
 * phone, confirm it with bind-card-verify (cardId, verifyCode); bind-card-send-code (cardId) sends another one.
 * `needVerify` false: the card was bound and verified before. All silent (the page shows the texts itself).
 */
export type BindCardInput = RequestOf<typeof routes.bindCardStart>;
export type BindCardAnswer = ResponseOf<typeof routes.bindCardStart>;
export type BoundCard = BindCardAnswer['card'];

type Opts = { loadingText?: string };

export async function bindCard(input: BindCardInput, opts: Opts = {}) {
  return unwrap(await call(routes.bindCardStart, input, { ...opts, silent: true }));
}

export async function verifyCard(input: RequestOf<typeof routes.bindCardVerify>, opts: Opts = {}) {
  return unwrap(await call(routes.bindCardVerify, input, { ...opts, silent: true }));
}

export async function sendCardCode(input: RequestOf<typeof routes.bindCardSendCode>, opts: Opts = {}) {
  return unwrap(await call(routes.bindCardSendCode, input, { ...opts, silent: true }));
}
