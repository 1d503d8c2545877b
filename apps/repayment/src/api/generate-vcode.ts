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

/**
 * Issue 14: on the server rendering /that, the code generate-vcode would answer again, read without issuing
 * anything (a page GET, which a link preview, a crawler or a render over its time budget may make too, must not
 * issue a code). With none on file the query fails there, so the server draws the page loading and the browser asks
 * generate-vcode itself (apps/shell/src/server.tsx drops failed queries).
 */
async function codeOnFile(input: GenerateVcodeInput, opts: { signal?: AbortSignal }) {
  const { code } = unwrap(await call(routes.vcodeOnFile, input, { ...opts, silent: true }));
  if (!code) throw new Error('no code on file: the browser asks generate-vcode');
  return code;
}

/** Rendering on the server (no window): what `codeOnFile` is for. Kept out of the browser's bundle by Vite. */
const onServer = import.meta.env.SSR;

/** `input` null: nothing to ask (the link is incomplete). `enabled` false: not yet (the page checks first). */
export function useGenerateVcode(input: GenerateVcodeInput | null, lang: Lang, enabled = true) {
  return useQuery({
    queryKey: ['repayment', 'generate-vcode', input, lang],
    queryFn: ({ signal }): Promise<VaDetail> => (onServer ? codeOnFile(input!, { signal }) : generateVcode(input!, { signal })),
    enabled: enabled && input !== null,
    // A code is issued by the server; asking again on every focus would be noise. A new mount asks again
    // (the code may have been paid or have expired meanwhile); the first mount of a server-rendered page uses the
    // code the server read a moment ago.
    staleTime: 0,
    refetchOnWindowFocus: false,
    // Right after hydration the saved method replaces is_default 1 (VirtualAccountPage): when the code the page came
    // with is of that method, it stays on screen while generate-vcode answers for the method (the same code, reused).
    placeholderData: (previous) => (previous && input && isCodeFor(previous, input) ? previous : undefined),
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
