/**
 * Names of the demo fixtures (ARCHITECTURE.md "Demo data"). The API's demo seed creates exactly these, and
 * tests (API, e2e) name their fixtures through these constants. Demo mode only: production never has them.
 */
export const DEMO_BORROWERS = {
  /** Repeat client; owns every DEMO-* order. */
  main: { phone: '13800000000', token: 'demo-borrower', isRepeatClient: true },
  /** New client with one order of its own (DEMO2-170), for the other side of permission checks. */
  second: { phone: '13800000001', token: 'demo-borrower-2', isRepeatClient: false },
} as const;

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
export const DEMO_LANDING_TEMPLATE_ID = 1;

/** Operator accounts (passwords are demo-only and documented in docs/api.md). */
export const DEMO_OPERATORS = {
  support: { username: 'ops-support', password: 'support-demo-pass', role: 'support' },
  marketing: { username: 'ops-marketing', password: 'marketing-demo-pass', role: 'marketing' },
} as const;
