import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post } from '@lendview/api-client';

/** POST /market/stand/joint (productId) → url to open (spec 7.5). Payload `status` 0 is ok. */
export const STAND_JOINT_PATH = '/market/stand/joint';

export type StandJointInput = RequestOf<typeof C.standJoint>;
export type StandJointResult = ResponseOf<typeof C.standJoint>;

export function postStandJoint(input: StandJointInput, opts: { loadingText?: string } = {}) {
  return post<StandJointResult>(STAND_JOINT_PATH, input, opts);
}
