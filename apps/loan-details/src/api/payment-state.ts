import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/**
 * POST /v3/loan-details/payment-state (productId, orderId): what the order has received and whether a code is
 * waiting (issue 11). Loan details polls it while a code is pending, so a payment shows within seconds of the
 * provider's callback without a reload.
 */
export const PAYMENT_STATE_PATH = '/v3/loan-details/payment-state';

/** Every 2.5 s while a code is pending and the page is visible: "paid" within 5 s of the callback. */
export const PAYMENT_POLL_MS = 2500;

export type PaymentState = ResponseOf<typeof C.paymentState>;

/** Silent: a failing poll must not toast every 2.5 s (the page keeps what it shows). */
export async function fetchPaymentState(productId: string, orderId: string, opts: { signal?: AbortSignal } = {}) {
  return unwrap(await post<PaymentState>(PAYMENT_STATE_PATH, { productId, orderId }, { ...opts, silent: true }));
}

export function usePaymentState(
  productId: string,
  orderId: string,
  lang: Lang,
  { enabled, poll }: { enabled: boolean; poll: (state: PaymentState | undefined) => boolean },
) {
  return useQuery({
    queryKey: ['loan-details', 'payment-state', productId, orderId, lang],
    queryFn: ({ signal }) => fetchPaymentState(productId, orderId, { signal }),
    enabled: enabled && productId !== '' && orderId !== '',
    staleTime: 0,
    // React Query does not run the interval while the document is hidden; it asks again on focus.
    refetchInterval: (query) => (poll(query.state.data) ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}
