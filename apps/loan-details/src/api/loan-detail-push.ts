import { useMutation } from '@tanstack/react-query';
import { call, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

export type LoanPushInput = RequestOf<typeof routes.loanDetailPush>;

/** Confirms the loan (amount, periods, termUnit, productId, loanType 1) → lendDetailsUrl. A non-'00' code shows its message. */
export function usePushLoan(loadingText: string) {
  return useMutation({ mutationFn: async (input: LoanPushInput) => unwrap(await call(routes.loanDetailPush, input, { loadingText })) });
}
