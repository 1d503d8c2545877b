import { describe, expect, it } from 'vitest';
import * as C from '@lendview/contracts';
import { BANKS } from '../lib/banks.ts';
import { CARD_CODE_LENGTH, CARD_NO_MAX, CARD_NO_MIN, CODE_MAX_LENGTH, CODE_MIN_LENGTH } from '../lib/constants.ts';

// What the page sends (its bank list, the lengths its fields allow) passes the contract's request schemas.
describe('the page and the contract', () => {
  it('what the page sends passes the request schemas; what it refuses does not', () => {
    const confirm = C.repaymentConfirm.request;
    expect(confirm.safeParse({ orderId: 'A', verifyCode: '1'.repeat(CODE_MIN_LENGTH), repaymentRecordId: '1' }).success).toBe(true);
    expect(confirm.safeParse({ orderId: 'A', verifyCode: '1'.repeat(CODE_MAX_LENGTH), repaymentRecordId: '1' }).success).toBe(true);
    expect(confirm.safeParse({ orderId: 'A', verifyCode: '1'.repeat(CODE_MIN_LENGTH - 1), repaymentRecordId: '1' }).success).toBe(false);
    const bind = C.bindCard.request;
    for (const b of BANKS) {
      expect(bind.safeParse({ bankCode: b.code, cardNo: '1'.repeat(CARD_NO_MIN), holderName: 'Budi' }).success).toBe(true);
    }
    expect(bind.safeParse({ bankCode: 'BCA', cardNo: '1'.repeat(CARD_NO_MAX), holderName: 'Budi' }).success).toBe(true);
    expect(bind.safeParse({ bankCode: 'BCA', cardNo: '1'.repeat(CARD_NO_MAX + 1), holderName: 'Budi' }).success).toBe(false);
    expect(bind.safeParse({ bankCode: 'BCA', cardNo: '1'.repeat(CARD_NO_MIN - 1), holderName: 'Budi' }).success).toBe(false);
    expect(C.bindCardVerify.request.safeParse({ cardId: '21', verifyCode: '1'.repeat(CARD_CODE_LENGTH) }).success).toBe(true);
    expect(C.bindCardVerify.request.safeParse({ cardId: '21', verifyCode: '1'.repeat(CARD_CODE_LENGTH - 1) }).success).toBe(false);
    expect(C.repaymentCommit.request.safeParse({ orderId: 'A', cardId: '11', amount: '105000000', sendMsg: '1' }).success).toBe(true);
    expect(C.repaymentHuichao.request.safeParse({ userId: '', orderId: 'A', amount: '105000000' }).success).toBe(true);
  });
});
