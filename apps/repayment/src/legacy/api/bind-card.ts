import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import { LEGACY_LOAN } from '../lib/constants.ts';

/** POST /api/v1/lendview/service/loan/bind-card (bankCode, cardNo digits only, holderName): the new card (masked). */
export const BIND_CARD_PATH = `${LEGACY_LOAN}/bind-card`;

export type BindCardInput = RequestOf<typeof C.bindCard>;
export type BoundCard = ResponseOf<typeof C.bindCard>;

export async function bindCard(input: BindCardInput, opts: { loadingText?: string } = {}) {
  return unwrap(await post<BoundCard>(BIND_CARD_PATH, input, { ...opts, silent: true }));
}
