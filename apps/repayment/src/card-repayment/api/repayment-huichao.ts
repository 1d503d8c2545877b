import { call, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

/**
 * The redirect ("Alipay-style") repayment of spec 4.3 (userId, orderId, amount): answers the provider page to
 * send the borrower to. Silent (the page shows the spec 8 texts).
 */
export async function startHostedRepayment(input: RequestOf<typeof routes.repaymentHuichao>, opts: { loadingText?: string } = {}) {
  return unwrap(await call(routes.repaymentHuichao, input, { ...opts, silent: true }));
}
