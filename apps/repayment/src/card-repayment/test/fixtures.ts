import type { BankCard, RepaymentWay } from '../api/repayment-way.ts';
import type { RepaymentCommit } from '../api/repayment-commit.ts';

export const CARD_OTP: BankCard = { id: 11, bankName: 'Bank Central Asia', cardNo: '6222 **** **** 1234', bankCode: 'BCA' };
export const CARD_PLAIN: BankCard = { id: 12, bankName: 'Bank Mandiri', cardNo: '4111 **** **** 9876', bankCode: 'MANDIRI' };

export function repaymentWay(over: Partial<RepaymentWay> = {}): RepaymentWay {
  return { cards: [CARD_OTP, CARD_PLAIN], amount: 105_000_000, ...over };
}

export function commitAnswer(over: Partial<RepaymentCommit> = {}): RepaymentCommit {
  return { repayRecordId: 501, needValid: 1, url: '', ...over };
}
