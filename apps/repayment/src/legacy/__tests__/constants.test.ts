import { describe, expect, it } from 'vitest';
import * as C from '@lendview/contracts';
import { BIND_CARD_PATH, BIND_CARD_SEND_CODE_PATH, BIND_CARD_VERIFY_PATH } from '../api/bind-card.ts';
import { REPAYMENT_COMMIT_PATH } from '../api/repayment-commit.ts';
import { REPAYMENT_CONFIRM_PATH } from '../api/repayment-confirm.ts';
import { REPAYMENT_HUICHAO_PATH } from '../api/repayment-huichao.ts';
import { REPAYMENT_WAY_PATH } from '../api/repayment-way.ts';
import { BANKS } from '../lib/banks.ts';
import { CARD_CODE_LENGTH, CARD_CODE_TTL_MINUTES, CARD_NO_MAX, CARD_NO_MIN, CODE_COUNTDOWN_SECONDS, CODE_MAX_LENGTH, CODE_MIN_LENGTH, ERROR_CODE, LEGACY_CODE, LEGACY_LOAN } from '../lib/constants.ts';

// The page copies a few values of @lendview/contracts (so that zod stays out of the page): they must agree.
describe('the copies of the contract', () => {
  it('paths and codes', () => {
    expect(LEGACY_LOAN).toBe(C.LEGACY_LOAN);
    expect(LEGACY_CODE).toEqual(C.LEGACY_CODE);
    expect(ERROR_CODE).toEqual({ notFound: C.ErrorCode.notFound, paymentRefused: C.ErrorCode.paymentRefused, conflict: C.ErrorCode.conflict });
    expect(REPAYMENT_WAY_PATH).toBe(C.repaymentWay.path);
    expect(REPAYMENT_COMMIT_PATH).toBe(C.repaymentCommit.path);
    expect(REPAYMENT_CONFIRM_PATH).toBe(C.repaymentConfirm.path);
    expect(REPAYMENT_HUICHAO_PATH).toBe(C.repaymentHuichao.path);
    expect(BIND_CARD_PATH).toBe(C.bindCard.path);
    expect(BIND_CARD_PATH).toBe(C.bindCardStart.path);
    expect(BIND_CARD_VERIFY_PATH).toBe(C.bindCardVerify.path);
    expect(BIND_CARD_SEND_CODE_PATH).toBe(C.bindCardSendCode.path);
    expect([CARD_CODE_LENGTH, CARD_CODE_TTL_MINUTES * 60, CODE_COUNTDOWN_SECONDS]).toEqual([
      C.CARD_VERIFY.codeLength,
      C.CARD_VERIFY.codeTtlSeconds,
      C.CARD_VERIFY.resendSeconds,
    ]);
  });

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
