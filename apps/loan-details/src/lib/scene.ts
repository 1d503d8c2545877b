/**
 * Spec 7.5 moduleId rule, copied from `moduleIdForScene` of @lendview/contracts (importing a value from
 * contracts would pull zod into the browser). __tests__/scene.test.ts checks that both agree.
 */
export function moduleIdForScene(scene: string | null | undefined): 300 | 301 | 302 {
  if (scene === 'banner_jingzhun' || scene === 'tanchuang_jingzhun') return 301;
  if (scene === 'tanchuang_fudai' || scene === 'banner_fudai') return 302;
  return 300;
}

/** Spec 7.6: the event of 'loan more' (borrow again) is module 30, position 0. */
export const LOAN_MORE_MODULE_ID = 30;
/** Spec 9: the confirm-contract scene. */
export const CONTRACT_SCENE = 3;
/** Spec 7.6: the "fixed extra number" of loan-detail-push and contract-jump. */
export const LOAN_TYPE = 1;
