import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/**
 * POST /v3/loan-details/generate-vcode (spec 7.6): productId, orderId, amount, payCode, pay_type, is_default,
 * is_display, specific_num (+ repayType, periods: contracts). Answers the virtual account (or mini-market
 * payment code) to pay the amount with.
 */
export const GENERATE_VCODE_PATH = '/v3/loan-details/generate-vcode';

export type VaDetail = ResponseOf<typeof C.generateVcode>;
export type GenerateVcodeInput = RequestOf<typeof C.generateVcode>;

/** A non-'00' code shows the server message (api-client toast, spec 8) and rejects with ApiError. */
export async function generateVcode(input: GenerateVcodeInput, opts: { signal?: AbortSignal } = {}) {
  return unwrap(await post<VaDetail>(GENERATE_VCODE_PATH, input, opts));
}

/** Spec 9 early prepayment refused by the server (issue 11): its message says from which date it is possible. */
export const EARLY_REPAYMENT = 'EARLY_REPAYMENT';

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
  });
}
