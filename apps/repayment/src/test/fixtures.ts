import type { BankOption } from '../api/init-pay-type.ts';
import type { DelayDetail } from '../api/delay-detail.ts';
import type { InstalmentItem, InstalmentPlan } from '../api/loan-play-detail.ts';
import type { VaDetail } from '../api/generate-vcode.ts';
import type { PaymentState, PendingCode, Receipt } from '../api/payment-state.ts';

export const BANKS: BankOption[] = [
  {
    bankName: 'Bank Central Asia',
    bankCode: 'BCA',
    methods: [
      { name: 'ATM BCA', specificNum: '101' },
      { name: 'm-BCA', specificNum: '102' },
    ],
  },
  { bankName: 'Bank Negara Indonesia', bankCode: 'BNI', methods: [{ name: 'ATM BNI', specificNum: '201' }] },
];

export const MARKETS = ['INDOMARET', 'ALFAMART'];

export function vaDetail(over: Partial<VaDetail> = {}): VaDetail {
  return {
    amount: 262_500_000,
    vcode: '8808123456789012',
    cardNo: 'BILL-0001',
    payType: 1,
    payCode: 'BCA',
    payStep: [
      { name: 'ATM BCA', steps: ['Insert your card', 'Choose Transfer > Virtual Account', 'Enter the number'] },
      { name: 'm-BCA', steps: ['Open m-BCA', 'Choose m-Transfer > BCA Virtual Account'] },
    ],
    specificNum: '101',
    telephone: '+62 21 5091 8080',
    expiresAt: '2025-03-02T10:00:00.000Z',
    repayType: 'full',
    state: 'pending',
    ...over,
  };
}

export function marketVa(over: Partial<VaDetail> = {}): VaDetail {
  return vaDetail({
    vcode: 'ALF7788990011',
    payType: 2,
    payCode: 'ALFAMART',
    payStep: ['Tell the cashier you want to pay LendView', 'Show the payment code', 'Pay and keep the receipt'],
    specificNum: '',
    ...over,
  });
}

export function instalment(periodNo: number, over: Partial<InstalmentItem> = {}): InstalmentItem {
  return {
    periodNo,
    totalAmount: 43_750_000 + periodNo * 100,
    canClick: 1,
    periodStatus: 0,
    repayDes: `Principal and interest ${periodNo}`,
    dueTime: `2025-0${periodNo + 2}-01`,
    ...over,
  };
}

export function instalmentPlan(
  wait: InstalmentItem[] = [1, 2, 3, 4].map((n) => instalment(n)),
  paid: InstalmentItem[] = [],
): InstalmentPlan {
  return {
    productName: 'LendView Cepat',
    repayWaitCount: wait.length,
    note: 'Pay on time to keep your limit.',
    repayPlanDetail: { repayWaitDetail: wait, repayYetDetail: paid },
  };
}

export function delayDetail(over: Partial<DelayDetail> = {}): DelayDetail {
  return {
    productName: 'LendView Cepat',
    productLogo: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
    delayShouldPayAmount: 18_000_000,
    delayExpiryTime: '2025-04-01',
    delayDays: 7,
    orderDetail: {
      detail: [
        { text: 'Loan amount', value: 'Rp 2.500.000' },
        { text: 'Late fee', value: '0' },
        { text: 'Coupon', value: '' },
        { text: 'Due date', value: '2025-03-01' },
      ],
    },
    telephone: '+62 21 5091 8080',
    comparison: { repayNow: 262_500_000, extendNow: 18_000_000, extendLater: 255_000_000, newDueDate: '2025-04-01' },
    lateChargeCapPercent: 100,
    ...over,
  };
}

export function receipt(over: Partial<Receipt> = {}): Receipt {
  return {
    id: 'led_1',
    amount: 262_500_000,
    paidAt: '2025-03-02T03:05:00.000Z',
    method: 'ALFAMART payment code',
    payCode: 'ALFAMART',
    repayType: 'full',
    periods: [],
    applied: { principal: 250_000_000, interest: 12_500_000, lateCharges: 0, extensionFee: 0 },
    unapplied: 0,
    refunded: 0,
    ...over,
  };
}

export function pendingCode(over: Partial<PendingCode> = {}): PendingCode {
  return { ...vaDetail(), periods: [], ...over };
}

export function paymentState(over: Partial<PaymentState> = {}): PaymentState {
  return { orderStatus: 170, settled: false, pending: null, receipts: [], lastPaidAt: null, ...over };
}
