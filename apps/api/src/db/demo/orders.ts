import {
  DEMO_COOLING_OFF_ORDER,
  DEMO_H5_ORDER,
  DEMO_H5_PRODUCT_ID,
  DEMO_ORDERS,
  DEMO_PAST_HALF_TERM_ORDER,
  DEMO_SECOND_BORROWER_ORDER,
} from './names.ts';
import type { DemoBorrowerKey } from './identities.ts';

export interface OrderSeed {
  orderNo: string;
  borrower: DemoBorrowerKey;
  /** Default: the in-house product. */
  productId?: number;
  status: number;
  rupiah: number;
  termDays: number;
  /** Days from now; undefined = not happened. */
  appliedDaysAgo: number;
  disbursedDaysAgo?: number;
  settledDaysAgo?: number;
  instalments?: number;
  isDelay?: boolean;
  /** One-time processing fee deducted from the disbursement (migration 013), in rupiah; default none. */
  processingFeeRupiah?: number;
}

/** Every status of the catalogue, plus the instalment loan and the second borrower's order. */
export const DEMO_ORDER_SEEDS: OrderSeed[] = [
  { orderNo: DEMO_ORDERS.underReview, borrower: 'main', status: 21, rupiah: 2_000_000, termDays: 91, appliedDaysAgo: 1 },
  { orderNo: DEMO_ORDERS.rejected, borrower: 'main', status: 110, rupiah: 3_000_000, termDays: 120, appliedDaysAgo: 10 },
  { orderNo: DEMO_ORDERS.disbursing, borrower: 'main', status: 151, rupiah: 1_500_000, termDays: 91, appliedDaysAgo: 2 },
  {
    orderNo: DEMO_ORDERS.repaying,
    borrower: 'main',
    status: 170,
    rupiah: 2_500_000,
    termDays: 91,
    appliedDaysAgo: 31,
    disbursedDaysAgo: 30,
  },
  {
    orderNo: DEMO_ORDERS.dueSoon,
    borrower: 'main',
    status: 174,
    rupiah: 1_000_000,
    termDays: 91,
    appliedDaysAgo: 90,
    disbursedDaysAgo: 89,
    isDelay: true,
  },
  {
    orderNo: DEMO_ORDERS.overdue,
    borrower: 'main',
    status: 180,
    rupiah: 1_200_000,
    termDays: 91,
    appliedDaysAgo: 132,
    disbursedDaysAgo: 131,
    isDelay: true,
  },
  {
    orderNo: DEMO_ORDERS.settled,
    borrower: 'main',
    status: 200,
    rupiah: 2_000_000,
    termDays: 91,
    appliedDaysAgo: 201,
    disbursedDaysAgo: 200,
    settledDaysAgo: 112,
  },
  // Day 50 of 91, past half its term: the legacy card flow can repay it in full today (spec 9 early prepayment).
  {
    orderNo: DEMO_ORDERS.legacyRepaying,
    borrower: 'main',
    status: 3,
    rupiah: 1_000_000,
    termDays: 91,
    appliedDaysAgo: 51,
    disbursedDaysAgo: 50,
  },
  {
    orderNo: DEMO_ORDERS.legacySettled,
    borrower: 'main',
    status: 4,
    rupiah: 800_000,
    termDays: 91,
    appliedDaysAgo: 301,
    disbursedDaysAgo: 300,
    settledDaysAgo: 215,
  },
  {
    orderNo: DEMO_ORDERS.legacyOverdue,
    borrower: 'main',
    status: 5,
    rupiah: 1_500_000,
    termDays: 91,
    appliedDaysAgo: 102,
    disbursedDaysAgo: 101,
  },
  {
    orderNo: DEMO_ORDERS.instalments,
    borrower: 'main',
    status: 170,
    rupiah: 4_000_000,
    termDays: 120,
    appliedDaysAgo: 6,
    disbursedDaysAgo: 5,
    instalments: 4,
  },
  {
    orderNo: DEMO_SECOND_BORROWER_ORDER,
    borrower: 'second',
    status: 170,
    rupiah: 1_000_000,
    termDays: 91,
    appliedDaysAgo: 11,
    disbursedDaysAgo: 10,
  },
  // Repaying on a partner product: loan details answer inside 0 and the partner's repayment page as h5Url.
  {
    orderNo: DEMO_H5_ORDER,
    borrower: 'main',
    productId: DEMO_H5_PRODUCT_ID,
    status: 170,
    rupiah: 1_500_000,
    termDays: 91,
    appliedDaysAgo: 21,
    disbursedDaysAgo: 20,
  },
  // Spec 9 early prepayment: DEMO-170 (day 30 of 91) cannot be repaid in full yet; this twin is on day 60 of 91,
  // past half its term, so a full repayment today is allowed (the /that full-repayment flow of the demo).
  {
    orderNo: DEMO_PAST_HALF_TERM_ORDER,
    borrower: 'main',
    status: 170,
    rupiah: 2_500_000,
    termDays: 91,
    appliedDaysAgo: 61,
    disbursedDaysAgo: 60,
  },
  // Issue 18 item 2: disbursed today, so its cooling-off exit is open (principal + 1 day of interest); the loan had
  // a processing fee, which the exit does not refund.
  {
    orderNo: DEMO_COOLING_OFF_ORDER,
    borrower: 'main',
    status: 170,
    rupiah: 2_000_000,
    termDays: 91,
    appliedDaysAgo: 0,
    disbursedDaysAgo: 0,
    processingFeeRupiah: 20_000,
  },
];

/** Extension (delay) terms offered on DEMO-174 and DEMO-180. */
export const EXTENSION_DAYS = 7;
export const extensionFee = (principal: number) => Math.round(principal * 0.15);
