import type { KeyFacts, Receipt } from '@lendview/contracts';
import type { LoanDetails } from '../api/loan-details.ts';
import type { LoanConfirm } from '../api/loan-detail-confirm.ts';
import type { RecommendedProduct } from '../api/recommend-product-list.ts';
import type { StandTargeted } from '../api/stand-targeted.ts';

export function product(id: number, over: Partial<RecommendedProduct> = {}): RecommendedProduct {
  return {
    id,
    productLogo: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>`,
    productName: `Product ${id}`,
    buttonStatus: 1,
    buttonText: `Apply ${id}`,
    amountMin: 50_000_000,
    amountMax: 500_000_000,
    amountRangeDes: 'Loan amount',
    loan_rate: '0.08% / day',
    productDesc: `Description ${id}`,
    productTags: [`Tag ${id}a`, `Tag ${id}b`],
    globally: 1,
    ...over,
  };
}

export function loanDetails(over: Partial<LoanDetails> = {}): LoanDetails {
  return {
    orderId: 'DEMO-170',
    productId: 1,
    orderStatus: 170,
    noticeStatusText: 'Repaying',
    noticeDesText: 'Your next repayment is due on 2025-03-01.',
    productName: 'LendView Cepat',
    productLogo: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>`,
    amount: 262_500_000,
    userOrderDetail: {
      detail: [
        { text: 'Loan amount', value: 'Rp 2.500.000' },
        { text: 'Due date', value: '2025-03-01' },
      ],
    },
    recProducts: [product(2), product(3)],
    inside: 1,
    h5Url: '',
    isDelay: '0',
    telephone: '+62 21 5091 8080',
    isScore: 0,
    earlyRepay: { allowed: true, from: '2025-01-15', message: null },
    payments: [],
    coolingOff: null,
    ...over,
  };
}

export function receipt(over: Partial<Receipt> = {}): Receipt {
  return {
    id: 'led_1',
    amount: 235_317_500,
    paidAt: '2025-03-02T03:05:00.000Z',
    method: 'ALFAMART payment code',
    payCode: 'ALFAMART',
    repayType: 'full',
    periods: [],
    applied: { principal: 150_000_000, interest: 7_825_000, lateCharges: 78_492_500, extensionFee: 0 },
    unapplied: 0,
    refunded: 0,
    ...over,
  };
}

export function loanConfirm(over: Partial<LoanConfirm> = {}): LoanConfirm {
  return {
    productId: 1,
    productLogo: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>`,
    productName: 'LendView Cepat',
    amount: 200_000_000,
    periods: 91,
    termUnit: 'day',
    details: [{ text: 'Service fee', value: 'Rp 40.000' }],
    detail1: [{ text: 'Received amount', value: 'Rp 1.960.000' }],
    detail2: [{ text: 'Total repayment', value: 'Rp 2.091.000' }],
    repay_plans: [
      { title: 'Single payment', amount: 209_100_000, description: 'Principal ₹2,000,000 + interest ₹91,000', pay_time: '2025-06-01' },
    ],
    firstPayTime: '2025-06-01',
    firstPeriodDay: 91,
    pRateDsc: 'Daily interest rate 0.05%',
    sendSms: 0,
    isPopType: 0,
    popContent: '',
    popTitle: 'Loan agreement',
    popAgreementUrl: '',
    note: 'Repay on time to raise your limit.',
    sp_rate: '0.05%',
    // Fields the contract gained for issue 12 (consent, step-up); the confirm page does not use them yet.
    agreements: [],
    smsResendSeconds: 60,
    ...over,
  };
}

export function standTargeted(over: Partial<StandTargeted> = {}): StandTargeted {
  return {
    status: 0,
    message: '',
    errorMessage: 'We could not sign you in to the partner.',
    notice: 'Try one of these products instead.',
    products: [
      {
        productId: 2,
        logo: 'data:,',
        title: 'Dana Kilat',
        description: 'Small loans',
        rate: '0.08% / day',
        buttonText: 'Borrow now',
        buttonStatus: 1,
      },
      {
        productId: 6,
        logo: 'data:,',
        title: 'Pinjam Aman',
        description: 'Quota full',
        rate: '0.05% / day',
        buttonText: 'Quota full',
        buttonStatus: 0,
      },
    ],
    ...over,
  };
}

/** A key facts statement as the server answers it (issue 18), for the offer of loanConfirm(). */
export function keyFacts(over: Partial<KeyFacts> = {}): KeyFacts {
  return {
    version: 'kfs-2026-11',
    sha256: 'a'.repeat(64),
    lang: 'en',
    title: 'Key facts statement',
    intro: 'The full cost of this loan before you confirm it.',
    productName: 'LendView Cepat',
    amount: 200_000_000,
    processingFee: 2_000_000,
    otherFees: 0,
    netDisbursed: 198_000_000,
    interest: 9_100_000,
    totalRepayable: 209_100_000,
    totalCost: 11_100_000,
    aprBp: 3316,
    apr: '33.16%',
    dailyRateBp: 5,
    termDays: 91,
    schedule: [
      { periodNo: 1, dueDate: '2025-04-01', principal: 66_666_666, interest: 3_000_000, amount: 69_666_666 },
      { periodNo: 2, dueDate: '2025-05-01', principal: 66_666_666, interest: 3_000_000, amount: 69_666_666 },
      { periodNo: 3, dueDate: '2025-06-01', principal: 66_666_668, interest: 3_100_000, amount: 69_766_668 },
    ],
    provisionalDates: true,
    latePenalty: 80_000,
    lateChargeCap: 200_000_000,
    coolingOffDays: 3,
    grievanceOfficer: { name: 'Ayu Lestari', phone: '+62 21 5000 1234', email: 'grievance@lendview.co.id', address: 'Jakarta' },
    sections: [
      {
        title: 'Loan and its cost',
        rows: [
          { text: 'Annual percentage rate (APR)', value: '33.16%' },
          { text: 'Total amount to repay', value: '₹2,091,000' },
        ],
        note: 'The APR is the yearly cost of the loan with every fee included.',
      },
      { title: 'Grievance officer', rows: [{ text: 'Name', value: 'Ayu Lestari' }], note: '' },
    ],
    scheduleTitle: 'Repayment schedule',
    scheduleHeaders: { no: 'No.', date: 'Due date', principal: 'Principal', interest: 'Interest', amount: 'Amount' },
    ...over,
  };
}
