import { call, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

/**
 * Confirms a card repayment with its SMS code (orderId, verifyCode, repaymentRecordId; spec 7.3). Silent:
 * 800006 / 800005 / the server message are shown by the page (spec 8).
 */
export async function confirmRepayment(input: RequestOf<typeof routes.repaymentConfirm>, opts: { loadingText?: string } = {}) {
  return unwrap(await call(routes.repaymentConfirm, input, { ...opts, silent: true }));
}
