import { CARD_REPAYMENT } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { call, newBorrower } from './helpers/calls.ts';
import { bindVerified } from './helpers/cards.ts';
import { addOrder, lastRepayCode, orderRow, paymentsOf } from './helpers/repay.ts';
import { BACKENDS, useTestApp } from './helpers/setup.ts';
import { BANKS } from '../src/services/payment-methods.ts';

// Issue 34 item 4 (docs/repayment.md "The issuer's check on a first charge"): a card never charged before is not
// charged at once on any bank; its first charge goes through the issuer's step (the sandbox's code, or the bank's
// page), and only a card that passed it is charged at once by a bank that charges without a code.
const COMMIT = `${CARD_REPAYMENT}/repayment-commit`;
const CONFIRM = `${CARD_REPAYMENT}/repayment-confirm`;
type Commit = { repayRecordId: number; needValid: 0 | 1; url: string };

let serial = 0;
/** A card number of its own for each binding (a card is bound to one borrower). */
const cardNumber = () => `5264${String(process.pid % 10_000).padStart(4, '0')}${String(++serial).padStart(8, '0')}`;

describe.each(BACKENDS)("the issuer's check on a card's first charge (%s)", (backend) => {
  const ctx = useTestApp(backend);

  it.each(BANKS.map((b) => [b.code, b.cardFlow] as const))(
    '%s (%s): the first charge waits for the issuer step',
    async (bankCode, flow) => {
      const b = await newBorrower(ctx);
      const cardId = await bindVerified(ctx, b, { bankCode, cardNo: cardNumber() });
      const first = await addOrder(ctx, { borrowerId: b.id, status: 3, principal: 100_000_000, dueDate: '2026-04-01' });
      const commit = await call<Commit>(
        ctx,
        COMMIT,
        { orderId: first.orderNo, cardId: String(cardId), amount: String(first.amountDue), sendMsg: '0' },
        { tok: b.tok, lang: 'en' },
      );
      expect(commit.code).toBe('00');
      // Nothing is charged by the commit of a card never charged before, whatever the bank.
      expect((await paymentsOf(ctx, first.orderNo)).filter((p) => p.state === 'paid')).toEqual([]);
      expect((await orderRow(ctx, first.orderNo)).status).toBe(3);
      if (flow === 'redirect') {
        expect([commit.data.needValid, commit.data.url === '']).toEqual([0, false]);
        return;
      }
      expect([commit.message, commit.data.needValid]).toEqual(['Verification code sent, please check your phone.', 1]);
      const confirmed = await call(
        ctx,
        CONFIRM,
        { orderId: first.orderNo, repaymentRecordId: String(commit.data.repayRecordId), verifyCode: await lastRepayCode(ctx, b.phone) },
        { tok: b.tok, lang: 'en' },
      );
      expect(confirmed.code).toBe('00');
      expect((await orderRow(ctx, first.orderNo)).status).toBe(4);

      // Checked once by its issuer: a bank that charges at once now does so for this card; an 'otp' bank still asks.
      const second = await addOrder(ctx, { borrowerId: b.id, status: 3, principal: 100_000_000, dueDate: '2026-04-01' });
      ctx.clock.advance(61_000); // the 60 s between two repayment codes of one phone
      const again = await call<Commit>(
        ctx,
        COMMIT,
        { orderId: second.orderNo, cardId: String(cardId), amount: String(second.amountDue), sendMsg: '0' },
        { tok: b.tok, lang: 'en' },
      );
      expect(again.code).toBe('00');
      expect(again.data.needValid).toBe(flow === 'direct' ? 0 : 1);
      expect((await orderRow(ctx, second.orderNo)).status).toBe(flow === 'direct' ? 4 : 3);
    },
  );

  it("another borrower's session cannot confirm the first charge; a wrong code charges nothing", async () => {
    const b = await newBorrower(ctx);
    const other = await newBorrower(ctx);
    const cardId = await bindVerified(ctx, b, { bankCode: 'BNI', cardNo: cardNumber() });
    const order = await addOrder(ctx, { borrowerId: b.id, status: 3, principal: 100_000_000, dueDate: '2026-04-01' });
    const commit = await call<Commit>(
      ctx,
      COMMIT,
      { orderId: order.orderNo, cardId: String(cardId), amount: String(order.amountDue), sendMsg: '0' },
      { tok: b.tok, lang: 'en' },
    );
    const code = await lastRepayCode(ctx, b.phone);
    const fields = { orderId: order.orderNo, repaymentRecordId: String(commit.data.repayRecordId), verifyCode: code };
    expect((await call(ctx, CONFIRM, fields, { tok: other.tok, lang: 'en' })).code).toBe('NOT_FOUND');
    const wrong = await call(ctx, CONFIRM, { ...fields, verifyCode: code === '000000' ? '111111' : '000000' }, { tok: b.tok, lang: 'en' });
    expect(wrong.code).toBe(800006);
    expect((await orderRow(ctx, order.orderNo)).status).toBe(3);
    const [card] = await ctx.db.query<{ issuer_verified_at: Date | null }>('SELECT issuer_verified_at FROM bank_cards WHERE id = $1', [
      cardId,
    ]);
    expect(card?.issuer_verified_at).toBeNull();
  });
});
