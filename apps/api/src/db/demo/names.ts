/**
 * Names of the demo fixtures (docs/api.md "Demo data"): order numbers, product, scene, agreement and template
 * ids. The demo seed creates exactly these and tests name their fixtures through them. Demo mode only:
 * production never has them. Imports nothing, so tests outside the API (e2e) may import it.
 */

/** Orders of DEMO_BORROWERS.main, one per status of the order status catalogue, all with productId 1. */
export const DEMO_ORDERS = {
  underReview: 'DEMO-21',
  rejected: 'DEMO-110',
  disbursing: 'DEMO-151',
  repaying: 'DEMO-170',
  dueSoon: 'DEMO-174',
  overdue: 'DEMO-180',
  settled: 'DEMO-200',
  legacyRepaying: 'DEMO-3',
  legacySettled: 'DEMO-4',
  legacyOverdue: 'DEMO-5',
  /** Four instalments, the first payable. */
  instalments: 'DEMO-INST',
} as const;

/** The order of DEMO_BORROWERS.second. */
export const DEMO_SECOND_BORROWER_ORDER = 'DEMO2-170';

export const DEMO_IN_HOUSE_PRODUCT_ID = 1;

/**
 * A repaying order (170) of DEMO_BORROWERS.main on partner product DEMO_H5_PRODUCT_ID: loan details answer
 * inside 0 and an external https h5Url (the partner's repayment page).
 */
export const DEMO_H5_ORDER = 'DEMO-H5';
export const DEMO_H5_PRODUCT_ID = 2;

/**
 * A repaying order (170) of DEMO_BORROWERS.main, product 1, Rp 2.500.000 for 91 days like DEMO-170 (owes the same
 * Rp 2.613.750) but disbursed 60 days ago, past half its term: a full repayment today is allowed (spec 9 early
 * prepayment, docs/repayment.md), where DEMO-170 (day 30) is refused with EARLY_REPAYMENT. Added for issue 11.
 */
export const DEMO_PAST_HALF_TERM_ORDER = 'DEMO-HALF';

/**
 * A repaying order (170) of DEMO_BORROWERS.main, product 1, Rp 2.000.000 for 91 days, disbursed today by the
 * seed's clock with a processing fee of Rp 20.000 (1 %, like product 1): its cooling-off exit is open (issue 18
 * item 2, through day 3 after disbursement; docs/compliance.md "Cooling-off exit"). Every start re-seeds it, so it
 * is always on day 0.
 */
export const DEMO_COOLING_OFF_ORDER = 'DEMO-COOL';

/** The partner product with buttonStatus 0: listed greyed out; apply answers PRODUCT_UNAVAILABLE. */
export const DEMO_DISABLED_PRODUCT_ID = 6;

/**
 * The recommendation scene whose products have all used up today's quota: recommend-product-list answers an
 * empty list there (the "applications are full, come back tomorrow" state). Every other scene has 3 or more
 * products, one of them DEMO_DISABLED_PRODUCT_ID.
 */
export const DEMO_EMPTY_SCENE = 'banner_fudai';

/** Agreements of the confirm scene (3): the popup loan agreement of product 1 and two for every product. */
export const DEMO_CONTRACT_IDS = { loanAgreement: 1, privacy: 2, collection: 3 } as const;

/** Landing template 1 is published; template 2 is a draft never published (the landing answers "not found"). */
export const DEMO_LANDING_TEMPLATE_ID = 1;
export const DEMO_DRAFT_TEMPLATE_ID = 2;
