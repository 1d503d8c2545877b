import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post } from '@lendview/api-client';

/** POST /v3/contract/contract-jump (productId, scene 3, position, orderId, loanType 1) → contract_url. */
export const CONTRACT_JUMP_PATH = '/v3/contract/contract-jump';

export type ContractJumpInput = RequestOf<typeof C.contractJump>;
export type ContractJumpResult = ResponseOf<typeof C.contractJump>;

/** The envelope: a non-'00' code has already shown its message as a toast (spec 8). */
export function jumpToContract(input: ContractJumpInput, opts: { loadingText?: string } = {}) {
  return post<ContractJumpResult>(CONTRACT_JUMP_PATH, input, opts);
}
