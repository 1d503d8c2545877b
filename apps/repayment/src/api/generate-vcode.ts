import { useQuery } from '@tanstack/react-query';
import { call, isApiError, isSuccess, unwrap } from '@lendview/api-client';
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

/**
 * Spec 9's refusal of an early full repayment, as the query's answer (not an error): the page shows it in place, and a
 * server-rendered page sends it with its markup (the shell's server render drops failed queries, and the browser would
 * then ask again, drawing the page loading first). `message` is the server's, in the request's language.
 */
export interface EarlyRefusal {
  refused: typeof EARLY_REPAYMENT;
  message: string;
}

/** What the page's code query answers: the code, or spec 9's refusal. */
export type CodeAnswer = VaDetail | EarlyRefusal;

export function isEarlyRefusal(answer: CodeAnswer | undefined): answer is EarlyRefusal {
  return answer !== undefined && 'refused' in answer;
}

/** EARLY_REPAYMENT as the query's answer; any other failure stays an error. */
async function orRefusal(ask: Promise<VaDetail>): Promise<CodeAnswer> {
  try {
    return await ask;
  } catch (e) {
    if (isApiError(e) && e.code === EARLY_REPAYMENT) return { refused: EARLY_REPAYMENT, message: e.message };
    throw e;
  }
}

/**
 * Issue 33: on the server rendering /that, the code of the page (vcode-for-page): generate-vcode's code for the
 * request, issued there on a first visit, read on a repeat one (the same transaction and rules as generate-vcode, so
 * repeat loads and double taps issue nothing new). The server answers null only when issuing would replace another
 * live code of the order: the query fails there, so the server draws the page loading and the borrower's browser asks
 * generate-vcode with the method saved on the phone (apps/shell/src/server.tsx drops failed queries). No toast on the
 * server.
 */
async function pageCode(input: GenerateVcodeInput, opts: { signal?: AbortSignal }): Promise<VaDetail> {
  const { code } = unwrap(await call(routes.vcodeForPage, input, { ...opts, silent: true }));
  if (!code) throw new Error('another live code: the browser asks generate-vcode');
  return code;
}

/** Rendering on the server (no window): what `pageCode` is for. Kept out of the browser's bundle by Vite. */
const onServer = import.meta.env.SSR;

/** `input` null: nothing to ask (the link is incomplete). `enabled` false: not yet (the page checks first). */
export function useGenerateVcode(input: GenerateVcodeInput | null, lang: Lang, enabled = true) {
  return useQuery({
    queryKey: ['repayment', 'generate-vcode', input, lang],
    queryFn: ({ signal }): Promise<CodeAnswer> => orRefusal(onServer ? pageCode(input!, { signal }) : generateVcode(input!, { signal })),
    enabled: enabled && input !== null,
    // A code is issued by the server; asking again on every focus would be noise. A new mount asks again
    // (the code may have been paid or have expired meanwhile); the first mount of a server-rendered page uses the
    // code the server gave a moment ago.
    staleTime: 0,
    refetchOnWindowFocus: false,
    // Issuing a code is a write: a request that failed offline is not sent by itself when the network returns
    // (issue 40); the page's Retry sends it.
    refetchOnReconnect: false,
    // Right after hydration the saved method replaces is_default 1 (VirtualAccountPage): when the code the page came
    // with is of that method, it stays on screen while generate-vcode answers for the method (the same code, reused).
    placeholderData: (previous) => (previous && !isEarlyRefusal(previous) && input && isCodeFor(previous, input) ? previous : undefined),
  });
}

/** `code` is what generate-vcode answers again for `input`: its amount, repayType and chosen method (channel too, if named). */
function isCodeFor(code: VaDetail, input: GenerateVcodeInput): boolean {
  return (
    Number(input.is_default) === 0 &&
    code.state === 'pending' &&
    code.amount === Number(input.amount) &&
    code.repayType === (input.repayType ?? 'full') &&
    code.payType === Number(input.pay_type) &&
    code.payCode === input.payCode &&
    (!input.specific_num || code.specificNum === input.specific_num)
  );
}
