import { IDEMPOTENT, route } from './route.ts';

// Loan details, loan confirmation, contracts, events, ratings (spec 7.6) and products and recommendations
// (spec 7.5).

/** Spec 7.5: {seg2} = market. */
export const MARKET = '/market';

/**
 * Status catalogue of ARCHITECTURE.md. 210 (issue 18 item 2, migration 013): closed in the cooling-off period (the
 * borrower left the loan by repaying principal + interest for the days used); settled for 'loan more'.
 */
export const ORDER_STATUSES = [21, 110, 151, 170, 174, 180, 200, 210, 3, 4, 5] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Spec 7.6: the "fixed extra number" of loan-detail-push and contract-jump. */
export const LOAN_TYPE = 1;

/** The recommendation scenes spec 7.5 names. Any other scene (or none) gets module 300. */
export const RECOMMEND_SCENES = ['banner_jingzhun', 'tanchuang_jingzhun', 'tanchuang_fudai', 'banner_fudai'] as const;
/** The scene used when recommend-product-list is called without a scene or with one the catalogue does not know. */
export const DEFAULT_SCENE = 'default';

/** Spec 7.5 moduleId rule. */
export function moduleIdForScene(scene: string | null | undefined): 300 | 301 | 302 {
  if (scene === 'banner_jingzhun' || scene === 'tanchuang_jingzhun') return 301;
  if (scene === 'tanchuang_fudai' || scene === 'banner_fudai') return 302;
  return 300;
}

/**
 * The app version recorded with a loan's consent: this header when sent, else the shared query parameter `aVer`
 * the app already passes to every page (spec 3).
 */
export const APP_VERSION_HEADER = 'x-lv-app-version';

/**
 * Server-rendered agreement page (text/html, no scripts), the target of contract_url and popAgreementUrl.
 * Not an envelope endpoint (contractViewQuery in loan.ts is its query).
 */
export const CONTRACT_VIEW_PATH = '/v3/contract/view';

export const loanDetails = route('loanDetails', 'POST', '/v3/loan-details/detail');
export const googleScore = route('googleScore', 'POST', '/v3/loan-details/google-score', '00', IDEMPOTENT);
/** Spec 7.6 event save (moduleId 30 = borrow again, positionId 0). */
export const eventSave = route('eventSave', 'POST', '/v3/event/save');
export const recommendProductList = route('recommendProductList', 'POST', `${MARKET}/v3/product/recommend-product-list`);
/** Spec 7.5: recommendation click tracking. */
export const pageEventSave = route('pageEventSave', 'POST', `${MARKET}/pageEvent/save`);
export const productApply = route('productApply', 'POST', `${MARKET}/v3/product/apply`, '00', IDEMPOTENT);
export const standTargeted = route('standTargeted', 'POST', `${MARKET}/stand/targeted`);
export const standNecessity = route('standNecessity', 'POST', `${MARKET}/stand/necessity`);
export const standJoint = route('standJoint', 'POST', `${MARKET}/stand/joint`);
export const loanDetailConfirm = route('loanDetailConfirm', 'POST', '/v3/loan-confirm/loan-detail-confirm');
export const loanConfirmSendSms = route('loanConfirmSendSms', 'POST', '/v3/loan-confirm/send-sms');
export const loanDetailPush = route('loanDetailPush', 'POST', '/v3/loan-confirm/loan-detail-push', '00', IDEMPOTENT);
/** Issue 18: the key facts statement of an offer (before confirming) and of a confirmed loan. */
export const loanKeyFacts = route('loanKeyFacts', 'POST', '/v3/loan-confirm/key-facts');
export const orderKeyFacts = route('orderKeyFacts', 'POST', '/v3/loan-details/key-facts');
/** Spec 7.6: GET or POST. */
export const contractList = route('contractList', 'POST', '/v3/contract/contract');
export const contractListGet = route('contractListGet', 'GET', contractList.path);
export const contractJump = route('contractJump', 'POST', '/v3/contract/contract-jump');
