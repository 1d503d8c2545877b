import { useQuery } from '@tanstack/react-query';
import { call, isSuccess, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf, ResponseOf } from '@lendview/contracts/routes';
import { toast } from '@lendview/ui';
import type { Lang } from '@lendview/i18n';

/** Spec 9 early prepayment refused by the server (issue 11): its message says from which date it is possible. */
export const EARLY_REPAYMENT = routes.ErrorCode.earlyRepayment;

export type VaDetail = ResponseOf<typeof routes.generateVcode>;
export type GenerateVcodeInput = RequestOf<typeof routes.generateVcode>;

/**
 * The virtual account (or mini-market payment code) to pay the amount with (spec 7.6: productId, orderId, amount,
 * payCode, pay_type, is_default, is_display, specific_num, + repayType, periods). A non-'00' code shows the server
 * message as a toast (spec 8) and rejects with ApiError. Except EARLY_REPAYMENT: the page shows that refusal in
 * place under its own title, and the same sentence in a toast over it would cover the way back.
 */
export async function generateVcode(input: GenerateVcodeInput, opts: { signal?: AbortSignal } = {}) {
  const env = await call(routes.generateVcode, input, { ...opts, silent: true });
  if (!isSuccess(env) && env.code !== EARLY_REPAYMENT && env.message) toast.show(env.message);
  return unwrap(env);
}

/** `input` null: nothing to ask (the link is incomplete). `enabled` false: not yet (the page checks first). */
export function useGenerateVcode(input: GenerateVcodeInput | null, lang: Lang, enabled = true) {
  return useQuery({
    queryKey: ['repayment', 'generate-vcode', input, lang],
    queryFn: ({ signal }) => generateVcode(input!, { signal }),
    enabled: enabled && input !== null,
    // A code is issued by the server; asking again on every focus would be noise. A new mount asks again
    // (the code may have been paid or have expired meanwhile).
    staleTime: 0,
    refetchOnWindowFocus: false,
    // It issues a payment code: only the borrower's browser asks, never the server rendering the page (a GET that
    // a link preview, a crawler or a render over its time budget may make too). apps/shell/src/server.tsx.
    meta: { clientOnly: true },
  });
}
