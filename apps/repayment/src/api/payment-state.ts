import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type { PendingCode, Receipt } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

// Payment state (productId, orderId): what the order has received and whether a code is waiting (issue 11
// item 3). The pages poll it while a code is pending, so that "paid" shows within seconds of the provider's
// callback without a reload.

/** How often a page asks while a code is pending: the borrower sees "paid" within 5 s of the callback. */
export const PAYMENT_POLL_MS = 2500;

export type { PendingCode, Receipt };
export type PaymentState = ResponseOf<typeof routes.paymentState>;

/**
 * The payment state of the order, asked again every PAYMENT_POLL_MS while `poll(state)` says so and the page is
 * visible (React Query does not refetch on an interval while the document is hidden; it asks again on focus).
 * Silent: a poll that fails (network, a server refusal) must not toast every 2.5 s; the page keeps what it
 * shows and the next mount asks again.
 */
export function usePaymentState(
  productId: string,
  orderId: string,
  lang: Lang,
  { enabled = true, poll }: { enabled?: boolean; poll: (state: PaymentState | undefined) => boolean },
) {
  return useQuery({
    ...queryOf(routes.paymentState, { productId, orderId }, { scope: ['repayment', lang], silent: true }),
    enabled: enabled && productId !== '' && orderId !== '',
    staleTime: 0,
    refetchInterval: (query) => (poll(query.state.data) ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

/** How many instalments a pending code pays (1 for a code that is not an instalment code). */
export function pendingPeriods(code: PendingCode): number {
  return Math.max(1, code.periods.length);
}
