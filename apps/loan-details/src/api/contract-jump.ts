import { call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

export type ContractJumpInput = RequestOf<typeof routes.contractJump>;

/**
 * contract-jump (productId, scene 3, position, orderId, loanType 1) → contract_url. The envelope: a non-'00' code
 * has already shown its message as a toast (spec 8).
 */
export function jumpToContract(input: ContractJumpInput, opts: { loadingText?: string } = {}) {
  return call(routes.contractJump, input, opts);
}
