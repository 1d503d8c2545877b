// moduleIdForScene (spec 7.5) and LOAN_TYPE (spec 7.6) are shared with the API: @lendview/contracts/routes.
export { LOAN_TYPE, moduleIdForScene } from '@lendview/contracts/routes';

/** Spec 7.6: the event of 'loan more' (borrow again) is module 30, position 0. */
export const LOAN_MORE_MODULE_ID = 30;
/** Spec 9: the confirm-contract scene. */
export const CONTRACT_SCENE = 3;
