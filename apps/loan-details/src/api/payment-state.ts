import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

/** Every 2.5 s while a code is pending and the page is visible: "paid" within 5 s of the callback. */
export const PAYMENT_POLL_MS = 2500;

export type PaymentState = ResponseOf<typeof routes.paymentState>;

/**
 * What the order has received and whether a code is waiting (issue 11). Loan details polls it while a code is
 * pending, so a payment shows within seconds of the provider's callback without a reload. Silent: a failing
 * poll must not toast every 2.5 s (the page keeps what it shows).
 */
export function usePaymentState(
  productId: string,
  orderId: string,
  lang: Lang,
  { enabled, poll }: { enabled: boolean; poll: (state: PaymentState | undefined) => boolean },
) {
  return useQuery({
    ...queryOf(routes.paymentState, { productId, orderId }, { scope: ['loan-details', lang], silent: true }),
    enabled: enabled && productId !== '' && orderId !== '',
    staleTime: 0,
    // React Query does not run the interval while the document is hidden; it asks again on focus.
    refetchInterval: (query) => (poll(query.state.data) ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}
