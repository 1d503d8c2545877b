import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type { KeyFacts } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type { KeyFacts };

/**
 * The key facts statement of the offer on /confirm (issue 18): the same product, amount and term the confirm sends.
 * Asked as soon as the offer is known, so opening it is instant; its sha256 goes back with the confirm.
 */
export function useOfferKeyFacts(offer: { productId: number; amount: number; periods: number } | undefined, lang: Lang) {
  const input = { productId: String(offer?.productId ?? ''), amount: String(offer?.amount ?? ''), periods: String(offer?.periods ?? '') };
  return useQuery({
    ...queryOf(routes.loanKeyFacts, input, { scope: ['loan-details', lang], silent: true }),
    enabled: offer !== undefined,
    staleTime: 0,
  });
}

/** The key facts statement of one of the borrower's loans, asked only once the borrower opens it. */
export function useOrderKeyFacts(order: { orderId: string; productId: number }, lang: Lang, enabled: boolean) {
  return useQuery({
    ...queryOf(routes.orderKeyFacts, { orderId: order.orderId, productId: String(order.productId) }, { scope: ['loan-details', lang] }),
    enabled,
  });
}
