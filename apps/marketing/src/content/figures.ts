/**
 * Every number the marketing pages show, in one place. Money is in integer minor units (×100), the way
 * the rest of the product stores it, and is formatted with formatMoney(minor, lang) at render time.
 *
 * English is the India market (₹), Indonesian the Indonesia market (Rp): spec sections 1 and 9.
 */
import { EARLY_REPAYMENT_MIN_DAYS, LATE_INTEREST_BANDS, LATE_PENALTY } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

/** Spec 1: marketing copy figures, per market. */
export const MARKETING_FIGURES: Record<Lang, { minLoan: number; maxLoan: number; minSalary: number }> = {
  en: { minLoan: 2_000_00, maxLoan: 80_000_00, minSalary: 12_000_00 },
  id: { minLoan: 1_000_000_00, maxLoan: 15_000_000_00, minSalary: 5_000_000_00 },
};

/** Spec 1: "within 2 hours", "more than 3 million users". Stated in the copy itself (src/i18n). */
export const PAYOUT_HOURS = 2;
export const USERS_MILLIONS = 3;

/** Spec 9: copyright year. */
export const COPYRIGHT_YEAR = 2025;

/**
 * Spec 9 (loan terms) and spec 5 (applicant). Penalties are in the currency of the market. The late charges and
 * the early-repayment rule are the server's own (@lendview/contracts loan-rules.ts), so the page cannot say
 * something else than what is charged (issue 40 item 4).
 */
export const LOAN_TERMS = {
  minTermDays: 91,
  maxTermDays: 365,
  decisionDays: 1,
  disbursementMinDays: 1,
  disbursementMaxDays: 3,
  /** Late penalty, charged once: 1,000 for new clients, 800 for repeat clients (minor units). */
  penaltyNewClientMinor: LATE_PENALTY.newClient,
  penaltyRepeatClientMinor: LATE_PENALTY.repeatClient,
  /** Late interest a day on the overdue amount, by day of lateness. `to: null` means "onwards". */
  lateInterestTiers: LATE_INTEREST_BANDS.map((band) => ({
    from: band.fromDay,
    to: Number.isFinite(band.toDay) ? band.toDay : null,
    ratePercent: band.bp / 100,
  })),
  /**
   * Late charges in total (penalty + late interest) never exceed this % of the principal (issue 11). The server
   * applies the market's setting (`late_charge_cap_percent`, docs/repayment.md); this is the value both markets'
   * deployments ship with, 100 %, as Indonesian rules require.
   */
  lateChargeCapPercent: 100,
  /** Early prepayment: only after half the term, and never within this many days after disbursement. */
  prepaymentLockDays: EARLY_REPAYMENT_MIN_DAYS,
  detailsChangeNoticeDays: 3,
  assignmentNoticeBusinessDays: 7,
  judgmentPaymentDays: 10,
  minAge: 18,
} as const;
