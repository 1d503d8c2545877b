import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import { LEGACY_LOAN } from '../lib/constants.ts';

/**
 * Card binding with an SMS code (contracts cards.ts; docs/repayment.md "Card binding"):
 * bind-card (bankCode, cardNo digits only, holderName) → `needVerify` true: a code was sent to the borrower's
 * phone, confirm it with bind-card-verify (cardId, verifyCode); bind-card-send-code (cardId) sends another one.
 * `needVerify` false: the card was bound and verified before. All silent (the page shows the texts itself).
 */
export const BIND_CARD_PATH = `${LEGACY_LOAN}/bind-card`;
export const BIND_CARD_VERIFY_PATH = `${LEGACY_LOAN}/bind-card-verify`;
export const BIND_CARD_SEND_CODE_PATH = `${LEGACY_LOAN}/bind-card-send-code`;

export type BindCardInput = RequestOf<typeof C.bindCardStart>;
export type BindCardAnswer = ResponseOf<typeof C.bindCardStart>;
export type BoundCard = BindCardAnswer['card'];

export async function bindCard(input: BindCardInput, opts: { loadingText?: string } = {}) {
  return unwrap(await post<BindCardAnswer>(BIND_CARD_PATH, input, { ...opts, silent: true }));
}

export async function verifyCard(input: RequestOf<typeof C.bindCardVerify>, opts: { loadingText?: string } = {}) {
  return unwrap(await post<ResponseOf<typeof C.bindCardVerify>>(BIND_CARD_VERIFY_PATH, input, { ...opts, silent: true }));
}

export async function sendCardCode(input: RequestOf<typeof C.bindCardSendCode>, opts: { loadingText?: string } = {}) {
  return unwrap(await post<ResponseOf<typeof C.bindCardSendCode>>(BIND_CARD_SEND_CODE_PATH, input, { ...opts, silent: true }));
}
