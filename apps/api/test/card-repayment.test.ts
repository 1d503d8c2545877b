import { CARD_REPAYMENT, repaymentWay, type ResponseOf } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { CONTENT_SECURITY_POLICY } from '../src/plugins/external/helmet.ts';
import { MAIN, NOT_FOUND_EN, SECOND, UNAUTHORIZED_EN, call, newBorrower } from './helpers/calls.ts';
import { type BindAnswer, VERIFY, bindVerified, lastCardCode } from './helpers/cards.ts';
import { addOrder, borrowerIdOf, eventsOf, lastRepayCode, orderRow, paymentsOf } from './helpers/repay.ts';
import { BACKENDS, envelopeOf, useTestApp } from './helpers/setup.ts';
import { DEMO_BANK_CARDS, DEMO_ORDERS, DEMO_SECOND_BORROWER_ORDER } from '../src/db/demo/index.ts';

const WAY = `${CARD_REPAYMENT}/repayment-way`;
const BIND = `${CARD_REPAYMENT}/bind-card`;
const COMMIT = `${CARD_REPAYMENT}/repayment-commit`;
const CONFIRM = `${CARD_REPAYMENT}/repayment-confirm`;
const HUICHAO = `${CARD_REPAYMENT}/repayment-huichao`;

type Commit = { repayRecordId: number; needValid: 0 | 1; url: string };
const DUPLICATE_EN = { code: 800005, data: null, message: 'Do not submit repay request twice.' };
const DUPLICATE_ID = { code: 800005, data: null, message: 'Jangan mengajukan permintaan pembayaran dua kali.' };
const WRONG_EN = { code: 800006, data: null, message: 'Verification code wrong.' };
const WRONG_ID = { code: 800006, data: null, message: 'Kode verifikasi salah.' };
const env = (r: { code: unknown; data: unknown; message: string }) => ({ code: r.code, data: r.data, message: r.message });

describe.each(BACKENDS)('legacy bank-card repayment (%s)', (backend) => {
  const ctx = useTestApp(backend);
  const commit = (orderId: string, cardId: number, amount: number, o: { sendMsg?: string; tok?: string; lang?: 'en' | 'id' } = {}) =>
    call<Commit>(
      ctx,
      COMMIT,
      { orderId, cardId: String(cardId), amount: String(amount), sendMsg: o.sendMsg ?? '0' },
      { tok: o.tok ?? MAIN, lang: o.lang ?? 'en' },
    );
  const confirm = (orderId: string, repaymentRecordId: number, verifyCode: string, lang: 'en' | 'id' = 'en', tok = MAIN) =>
    call<{ state: string }>(ctx, CONFIRM, { orderId, repaymentRecordId: String(repaymentRecordId), verifyCode }, { tok, lang });
  const legacyOrder = async (principal = 100_000_000) =>
    // Due in 30 days: day 61 of 91, so a full repayment is not refused as early (spec 9, test/early-repayment.test.ts).
    addOrder(ctx, { borrowerId: await borrowerIdOf(ctx), status: 3, principal, dueDate: '2026-04-01' });

  it("repayment-way: the borrower's cards, masked, and the amount owed now", async () => {
    const r = await call<ResponseOf<typeof repaymentWay>>(ctx, WAY, { orderId: DEMO_ORDERS.legacyOverdue }, { tok: MAIN, lang: 'en' });
    expect(r.status).toBe(200);
    expect(env(r)).toEqual({
      code: '00',
      data: {
        cards: [
          { id: DEMO_BANK_CARDS.otp.id, bankName: 'BCA', cardNo: '**** **** **** 2222', bankCode: 'BCA' },
          { id: DEMO_BANK_CARDS.direct.id, bankName: 'BNI', cardNo: '**** **** **** 4444', bankCode: 'BNI' },
        ],
        // DEMO-5, 10 days late: Rp 1.568.250 + 10 × Rp 78.412,50 + Rp 800 penalty.
        amount: 235_317_500,
      },
      message: 'Success',
    });
    expect(r.res.body).not.toContain(DEMO_BANK_CARDS.otp.cardNo);
    const theirs = await call<ResponseOf<typeof repaymentWay>>(
      ctx,
      WAY,
      { orderId: DEMO_SECOND_BORROWER_ORDER },
      { tok: SECOND, lang: 'en' },
    );
    expect(theirs.data).toEqual({ cards: [], amount: 104_550_000 });
    const settled = await call(ctx, WAY, { orderId: DEMO_ORDERS.legacySettled }, { tok: MAIN, lang: 'en' });
    expect([settled.status, settled.code, settled.message]).toEqual([409, 'PAYMENT_REFUSED', 'This order has nothing to repay.']);
  });

  it('bind-card: a card is usable only after its SMS code, bound once however often; unknown banks and bad numbers refused', async () => {
    const b = await newBorrower(ctx);
    const bound = await call<BindAnswer>(
      ctx,
      BIND,
      { bankCode: 'PERMATA', cardNo: '8888 7777 6666 5555', holderName: 'Siti Rahma' },
      { tok: b.tok, lang: 'en' },
    );
    expect(bound.status).toBe(200);
    expect(bound.message).toBe('Verification code sent, please check your phone. Enter it to finish adding the card.');
    expect(bound.data).toEqual({
      cardId: bound.data.cardId,
      needVerify: true,
      resendAfter: 60,
      card: { id: bound.data.cardId, bankName: 'Permata', cardNo: '**** **** **** 5555', bankCode: 'PERMATA' },
    });
    const { orderNo } = await addOrder(ctx, { borrowerId: b.id, status: 170, principal: 50_000_000, dueDate: '2026-05-01' });
    // Not listed (nor chargeable, see below) before the code.
    const before = await call<ResponseOf<typeof repaymentWay>>(ctx, WAY, { orderId: orderNo }, { tok: b.tok });
    expect(before.data.cards).toEqual([]);
    const verified = await call<{ card: { id: number } }>(
      ctx,
      VERIFY,
      { cardId: String(bound.data.cardId), verifyCode: await lastCardCode(ctx, b.phone) },
      { tok: b.tok, lang: 'en' },
    );
    expect([verified.code, verified.message, verified.data.card.id]).toEqual(['00', 'Bank card bound.', bound.data.cardId]);
    // The same card again (bank code in any case, digits grouped or not): the same card, nothing sent.
    const again = await call<BindAnswer>(
      ctx,
      BIND,
      { bankCode: 'permata', cardNo: '8888777766665555', holderName: 'Siti Rahma' },
      { tok: b.tok, lang: 'en' },
    );
    expect([again.message, again.data.cardId, again.data.needVerify, again.data.resendAfter]).toEqual([
      'This card is already added.',
      bound.data.cardId,
      false,
      0,
    ]);
    const stored = await ctx.db.query<{ last4: string }>('SELECT last4 FROM bank_cards WHERE borrower_id = $1', [b.id]);
    expect(stored).toEqual([{ last4: '5555' }]);
    const way = await call<ResponseOf<typeof repaymentWay>>(ctx, WAY, { orderId: orderNo }, { tok: b.tok });
    expect(way.data.cards.map((c) => c.id)).toEqual([bound.data.cardId]);
    // The demo borrower does not see it.
    const mine = await call<ResponseOf<typeof repaymentWay>>(ctx, WAY, { orderId: DEMO_ORDERS.legacyRepaying }, { tok: MAIN });
    expect(mine.data.cards.map((c) => c.id)).not.toContain(bound.data.cardId);

    const bank = await call(ctx, BIND, { bankCode: 'XYZ', cardNo: '1234567890', holderName: 'Siti' }, { tok: b.tok, lang: 'en' });
    expect([bank.status, bank.code, bank.message]).toEqual([400, 'BAD_REQUEST', 'Invalid value for field: bankCode.']);
    for (const cardNo of ['123456789', '12345678901234567890', 'abcd efgh ijkl']) {
      const bad = await call(ctx, BIND, { bankCode: 'BCA', cardNo, holderName: 'Siti' }, { tok: b.tok, lang: 'en' });
      expect([bad.status, bad.message]).toEqual([400, 'Invalid value for field: cardNo.']);
    }
    const none = await call(ctx, BIND, { bankCode: 'BCA', cardNo: '1234567890', holderName: 'Siti' }, { lang: 'en' });
    expect(env(none)).toEqual(UNAUTHORIZED_EN);
  });

  it('a card charged at once (BNI): needValid 0, the legacy order settles (3 → 4); a second commit → 800005 and nothing charged', async () => {
    const { orderNo, amountDue } = await legacyOrder();
    const first = await commit(orderNo, DEMO_BANK_CARDS.direct.id, amountDue);
    expect(first.status).toBe(200);
    expect(first.message).toBe('Repayment successful.');
    expect(first.data).toMatchObject({ needValid: 0, url: '' });
    const row = await orderRow(ctx, orderNo);
    expect([row.status, row.paid_amount]).toEqual([4, amountDue]);
    const second = await commit(orderNo, DEMO_BANK_CARDS.direct.id, amountDue);
    expect(second.status).toBe(409);
    expect(env(second)).toEqual(DUPLICATE_EN);
    const secondId = await commit(orderNo, DEMO_BANK_CARDS.direct.id, amountDue, { lang: 'id' });
    expect(env(secondId)).toEqual(DUPLICATE_ID);
    expect((await paymentsOf(ctx, orderNo)).map((p) => [p.method, p.state, p.amount])).toEqual([['card', 'paid', amountDue]]);
    expect(await eventsOf(ctx, orderNo)).toHaveLength(1);
    expect((await orderRow(ctx, orderNo)).paid_amount).toBe(amountDue);
  });

  it('a card charged at once (BNI) is not charged, nor listed, before its binding was verified', async () => {
    const b = await newBorrower(ctx);
    const { orderNo, amountDue } = await addOrder(ctx, { borrowerId: b.id, status: 3, principal: 100_000_000, dueDate: '2026-04-01' });
    const bound = await call<BindAnswer>(
      ctx,
      BIND,
      { bankCode: 'BNI', cardNo: '5264 9999 8888 7777', holderName: 'Budi Santoso' },
      { tok: b.tok, lang: 'en' },
    );
    expect(bound.data.needVerify).toBe(true);
    const early = await call<Commit>(
      ctx,
      COMMIT,
      { orderId: orderNo, cardId: String(bound.data.cardId), amount: String(amountDue), sendMsg: '0' },
      { tok: b.tok, lang: 'en' },
    );
    expect(env(early)).toEqual(NOT_FOUND_EN);
    expect(await paymentsOf(ctx, orderNo)).toEqual([]);
    expect((await orderRow(ctx, orderNo)).status).toBe(3);
    const way = await call<ResponseOf<typeof repaymentWay>>(ctx, WAY, { orderId: orderNo }, { tok: b.tok });
    expect(way.data.cards).toEqual([]);

    const verified = await call(
      ctx,
      VERIFY,
      { cardId: String(bound.data.cardId), verifyCode: await lastCardCode(ctx, b.phone) },
      { tok: b.tok, lang: 'en' },
    );
    expect(verified.code).toBe('00');
    const paid = await call<Commit>(
      ctx,
      COMMIT,
      { orderId: orderNo, cardId: String(bound.data.cardId), amount: String(amountDue), sendMsg: '0' },
      { tok: b.tok, lang: 'en' },
    );
    // Its first charge goes through the issuer's step (issue 34 item 4; card-issuer-check.test.ts): the code, then paid.
    expect([paid.code, paid.message, paid.data.needValid]).toEqual(['00', 'Verification code sent, please check your phone.', 1]);
    expect((await orderRow(ctx, orderNo)).status).toBe(3);
    const confirmed = await call(
      ctx,
      CONFIRM,
      { orderId: orderNo, repaymentRecordId: String(paid.data.repayRecordId), verifyCode: await lastRepayCode(ctx, b.phone) },
      { tok: b.tok, lang: 'en' },
    );
    expect([confirmed.code, confirmed.message]).toEqual(['00', 'Repayment successful.']);
    expect((await orderRow(ctx, orderNo)).status).toBe(4);
  });

  it('two commits of the same repayment at once: one is charged, the other answers 800005', async () => {
    const { orderNo, amountDue } = await legacyOrder();
    const results = await Promise.all([
      commit(orderNo, DEMO_BANK_CARDS.direct.id, amountDue),
      commit(orderNo, DEMO_BANK_CARDS.direct.id, amountDue),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual(['00', 800005].sort());
    expect((await paymentsOf(ctx, orderNo)).filter((p) => p.state === 'paid')).toHaveLength(1);
    expect((await orderRow(ctx, orderNo)).paid_amount).toBe(amountDue);
  });

  it('a card that needs an SMS code (BCA) on DEMO-5: 60 s resend rule, 800006 on a wrong code, paid on the right one, 800005 after', async () => {
    const amount = 235_317_500;
    const first = await commit(DEMO_ORDERS.legacyOverdue, DEMO_BANK_CARDS.otp.id, amount);
    expect(first.status).toBe(200);
    expect(first.message).toBe('Verification code sent, please check your phone.');
    expect(first.data).toMatchObject({ needValid: 1, url: '' });
    const id = first.data.repayRecordId;
    const code1 = await lastRepayCode(ctx);
    const [sms] = await ctx.db.query<{ body: string }>(`SELECT body FROM sms_outbox WHERE purpose = 'repay' ORDER BY id DESC LIMIT 1`);
    expect(sms!.body).toBe(`Your LendView repayment code is ${code1} for ₹2,353,175. It expires in 5 minutes. Never share it with anyone.`);

    // The same repayment again while it waits for its code.
    expect(env(await commit(DEMO_ORDERS.legacyOverdue, DEMO_BANK_CARDS.otp.id, amount))).toEqual(DUPLICATE_EN);
    expect(env(await commit(DEMO_ORDERS.legacyOverdue, DEMO_BANK_CARDS.direct.id, amount))).toEqual(DUPLICATE_EN);
    // A new code within 60 s: refused; after: sent, and the old code no longer works.
    const early = await commit(DEMO_ORDERS.legacyOverdue, DEMO_BANK_CARDS.otp.id, amount, { sendMsg: '1' });
    expect([early.status, early.code, early.message]).toEqual([
      429,
      'RATE_LIMITED',
      'Do not send the code repeatedly! Please try again in 60 seconds.',
    ]);
    ctx.clock.advance(61_000);
    const resent = await commit(DEMO_ORDERS.legacyOverdue, DEMO_BANK_CARDS.otp.id, amount, { sendMsg: '1' });
    expect(resent.data).toEqual({ repayRecordId: id, needValid: 1, url: '' });
    const code2 = await lastRepayCode(ctx);
    if (code2 !== code1) expect(env(await confirm(DEMO_ORDERS.legacyOverdue, id, code1))).toEqual(WRONG_EN);
    const wrong = code2 === '000000' ? '111111' : '000000';
    const w = await confirm(DEMO_ORDERS.legacyOverdue, id, wrong, 'id');
    expect(w.status).toBe(400);
    expect(env(w)).toEqual(WRONG_ID);
    expect((await orderRow(ctx, DEMO_ORDERS.legacyOverdue)).status).toBe(5);
    expect(await eventsOf(ctx, DEMO_ORDERS.legacyOverdue)).toEqual([]);

    const ok = await confirm(DEMO_ORDERS.legacyOverdue, id, code2);
    expect(env(ok)).toEqual({ code: '00', data: { state: 'paid' }, message: 'Repayment successful.' });
    const row = await orderRow(ctx, DEMO_ORDERS.legacyOverdue);
    expect([row.status, row.late_penalty_paid, row.late_interest_paid]).toEqual([4, 80_000, 78_412_500]);
    expect(env(await confirm(DEMO_ORDERS.legacyOverdue, id, code2))).toEqual(DUPLICATE_EN);
    expect(env(await commit(DEMO_ORDERS.legacyOverdue, DEMO_BANK_CARDS.otp.id, amount))).toEqual(DUPLICATE_EN);
    expect((await paymentsOf(ctx, DEMO_ORDERS.legacyOverdue)).filter((p) => p.state === 'paid')).toHaveLength(1);
    expect(await eventsOf(ctx, DEMO_ORDERS.legacyOverdue)).toHaveLength(1);
  });

  it('five wrong codes end the code; a confirm needs a 6-character code', async () => {
    const { orderNo, amountDue } = await legacyOrder();
    ctx.clock.advance(61_000); // past the previous test's 60 s window
    const c = await commit(orderNo, DEMO_BANK_CARDS.otp.id, amountDue);
    expect(c.data.needValid).toBe(1);
    const right = await lastRepayCode(ctx);
    const wrong = right === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect(env(await confirm(orderNo, c.data.repayRecordId, wrong))).toEqual(WRONG_EN);
    const locked = await confirm(orderNo, c.data.repayRecordId, right);
    expect([locked.status, locked.code, locked.message]).toEqual([
      429,
      'RATE_LIMITED',
      'Too many incorrect attempts. Please request a new code.',
    ]);
    const short = await confirm(orderNo, c.data.repayRecordId, '12345');
    expect([short.status, short.message]).toEqual([400, 'Invalid value for field: verifyCode.']);
    expect((await orderRow(ctx, orderNo)).status).toBe(3);
  });

  it("refuses a wrong amount, another borrower's card, and a confirm of a record that is not the borrower's", async () => {
    const { orderNo, amountDue } = await legacyOrder();
    const wrong = await commit(orderNo, DEMO_BANK_CARDS.direct.id, amountDue + 1);
    expect(env(wrong)).toEqual({
      code: 'PAYMENT_REFUSED',
      data: null,
      message: 'The amount does not match what this order asks now (₹1,045,500). Please refresh the page and try again.',
    });
    const b = await newBorrower(ctx);
    const card = { data: { id: await bindVerified(ctx, b, { bankCode: 'BNI', cardNo: '1111222233334444', holderName: 'Other' }) } };
    expect(env(await commit(orderNo, card.data.id, amountDue))).toEqual(NOT_FOUND_EN);
    expect(await paymentsOf(ctx, orderNo)).toEqual([]);
    const { orderNo: theirOrder, amountDue: theirAmount } = await addOrder(ctx, {
      borrowerId: b.id,
      status: 3,
      principal: 100_000_000,
      dueDate: '2026-04-01',
    });
    ctx.clock.advance(61_000);
    const theirs = await call<Commit>(
      ctx,
      COMMIT,
      { orderId: theirOrder, cardId: String(card.data.id), amount: String(theirAmount), sendMsg: '0' },
      { tok: b.tok },
    );
    // A new card's first charge waits for the issuer's step (issue 34 item 4), even on a bank that charges at once.
    expect(theirs.data.needValid).toBe(1);
    // The demo borrower names the other borrower's record on its own order, and on theirs.
    expect(env(await confirm(orderNo, theirs.data.repayRecordId, '123456'))).toEqual(NOT_FOUND_EN);
    expect(env(await confirm(theirOrder, theirs.data.repayRecordId, '123456'))).toEqual(NOT_FOUND_EN);
  });

  it('the redirect flow (PERMATA card, huichao): the sandbox hosted page pays through a signed callback', async () => {
    const card = {
      data: { id: await bindVerified(ctx, { tok: MAIN }, { bankCode: 'PERMATA', cardNo: '8214000011112222', holderName: 'Demo' }) },
    };
    const { orderNo, amountDue } = await legacyOrder();
    const c = await commit(orderNo, card.data.id, amountDue);
    expect(c.message).toBe('Continue on the payment page.');
    expect(c.data.needValid).toBe(0);
    expect(c.data.url).toMatch(/^\/payments\/sandbox\/hosted\?ref=LVP20260302[0-9A-Z]{12}&isNeedPop=1$/);
    expect(env(await commit(orderNo, card.data.id, amountDue))).toEqual(DUPLICATE_EN);

    const page = await ctx.app.inject({ method: 'GET', url: `${c.data.url}&tok=${MAIN}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('₹1,045,500');
    // 30 minutes after the commit, in Jakarta time (the suite clock is 10:00 WIB plus the minutes earlier tests moved it).
    expect(page.body).toMatch(/<dt>Pay before<\/dt><dd>2026-03-02 10:3\d WIB<\/dd>/);
    expect(page.body).toContain(`<form method="post" action="/payments/sandbox/hosted/pay?tok=${MAIN}&amp;isNeedPop=1">`);
    expect(page.body).toContain(`href="/loanDetails?productId=1&amp;orderId=${orderNo}&amp;tok=${MAIN}&amp;isNeedPop=1"`);
    expect(CONTENT_SECURITY_POLICY['script-src']).toEqual(["'self'"]);

    const ref = /ref=(LVP[0-9A-Z]+)/.exec(c.data.url)![1]!;
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/payments/sandbox/hosted/pay?tok=${MAIN}&isNeedPop=1`,
      payload: `ref=${ref}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/payments/sandbox/hosted?ref=${ref}&tok=${MAIN}&isNeedPop=1`);
    const after = await ctx.app.inject({ method: 'GET', url: pay.headers.location as string });
    expect(after.body).toContain('Payment received. Thank you!');
    expect(after.body).not.toContain('<form');
    expect((await orderRow(ctx, orderNo)).status).toBe(4);
    expect(await eventsOf(ctx, orderNo)).toHaveLength(1);
    // Paying again changes nothing.
    await ctx.app.inject({
      method: 'POST',
      url: '/payments/sandbox/hosted/pay',
      payload: `ref=${ref}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await eventsOf(ctx, orderNo)).toHaveLength(1);
    expect(env(await commit(orderNo, card.data.id, amountDue))).toEqual(DUPLICATE_EN);
  });

  it('repayment-huichao: the same url while pending, settled after paying, then 800005', async () => {
    const { orderNo, amountDue } = await legacyOrder();
    const h = await call<{ url: string }>(ctx, HUICHAO, { userId: 'anything', orderId: orderNo, amount: String(amountDue) }, { tok: MAIN });
    expect(h.status).toBe(200);
    expect(h.data.url).toMatch(/^\/payments\/sandbox\/hosted\?ref=LVP20260302[0-9A-Z]{12}&isNeedPop=0$/);
    const again = await call<{ url: string }>(ctx, HUICHAO, { orderId: orderNo, amount: String(amountDue) }, { tok: MAIN });
    expect(again.data.url).toBe(h.data.url);
    const page = await ctx.app.inject({ method: 'GET', url: h.data.url });
    expect(page.body).toContain('Bayar Rp 1.045.500');
    const ref = /ref=(LVP[0-9A-Z]+)/.exec(h.data.url)![1]!;
    await ctx.app.inject({
      method: 'POST',
      url: '/payments/sandbox/hosted/pay',
      payload: `ref=${ref}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await orderRow(ctx, orderNo)).status).toBe(4);
    const after = await call(ctx, HUICHAO, { orderId: orderNo, amount: String(amountDue) }, { tok: MAIN, lang: 'en' });
    expect(env(after)).toEqual(DUPLICATE_EN);
    // DEMO-3 is on day 20 of 91 (an early repayment, refused first): a wrong amount on an order past half its term.
    const wrong = await call(ctx, HUICHAO, { orderId: (await legacyOrder()).orderNo, amount: '5' }, { tok: MAIN, lang: 'en' });
    expect(wrong.message).toBe('The amount does not match what this order asks now (₹1,045,500). Please refresh the page and try again.');
    const missing = await ctx.app.inject({ method: 'GET', url: '/payments/sandbox/hosted?ref=LVP20260302AAAAAAAAAAAA&isNeedPop=1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('This payment was not found.');
  });

  it('outside demo mode the hosted page shows no Pay button and its Pay action is a 404', async () => {
    const { orderNo, amountDue } = await legacyOrder();
    const h = await call<{ url: string }>(ctx, HUICHAO, { orderId: orderNo, amount: String(amountDue) }, { tok: MAIN, lang: 'en' });
    const prod = buildApp({
      db: ctx.db,
      demo: false,
      shellDir: ctx.shellDir,
      releasesDir: ctx.releasesDir,
      logger: false,
      clock: ctx.clock,
      paymentWebhookSecret: 'x'.repeat(32),
    });
    try {
      const page = await prod.inject({ method: 'GET', url: h.data.url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Sandbox payments can only be made in demo mode.');
      expect(page.body).not.toContain('<form');
      const ref = /ref=(LVP[0-9A-Z]+)/.exec(h.data.url)![1]!;
      const pay = await prod.inject({
        method: 'POST',
        url: '/payments/sandbox/hosted/pay?isNeedPop=1',
        payload: `ref=${ref}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(pay.statusCode).toBe(404);
      expect(envelopeOf(pay)).toEqual(NOT_FOUND_EN);
    } finally {
      await prod.close();
    }
    expect((await orderRow(ctx, orderNo)).status).toBe(3);
  });

  it('bad input on every legacy endpoint names the field', async () => {
    const cases: [string, Record<string, string>, string][] = [
      [WAY, {}, 'Missing required field: orderId.'],
      [
        COMMIT,
        { orderId: DEMO_ORDERS.legacyRepaying, cardId: '2', amount: '104550000', sendMsg: '2' },
        'Invalid value for field: sendMsg.',
      ],
      [COMMIT, { orderId: DEMO_ORDERS.legacyRepaying, cardId: 'x', amount: '104550000', sendMsg: '0' }, 'Invalid value for field: cardId.'],
      [COMMIT, { orderId: DEMO_ORDERS.legacyRepaying, cardId: '2', amount: '-5', sendMsg: '0' }, 'Invalid value for field: amount.'],
      [CONFIRM, { orderId: DEMO_ORDERS.legacyRepaying, repaymentRecordId: '1' }, 'Missing required field: verifyCode.'],
      [HUICHAO, { orderId: DEMO_ORDERS.legacyRepaying }, 'Missing required field: amount.'],
      [BIND, { bankCode: 'BCA', cardNo: '1234567890' }, 'Missing required field: holderName.'],
      [VERIFY, { cardId: '1' }, 'Missing required field: verifyCode.'],
      [VERIFY, { cardId: '1', verifyCode: '12345' }, 'Invalid value for field: verifyCode.'],
      [VERIFY, { cardId: 'x', verifyCode: '123456' }, 'Invalid value for field: cardId.'],
      [`${CARD_REPAYMENT}/bind-card-send-code`, {}, 'Missing required field: cardId.'],
    ];
    for (const [path, body, message] of cases) {
      const r = await call(ctx, path, body, { tok: MAIN, lang: 'en' });
      expect([path, r.status, r.code, r.message]).toEqual([path, 400, 'BAD_REQUEST', message]);
    }
    // A commit with sendMsg 1 and nothing waiting for a code.
    const nothing = await commit(DEMO_ORDERS.legacyRepaying, DEMO_BANK_CARDS.otp.id, 104_550_000, { sendMsg: '1' });
    expect([nothing.status, nothing.code, nothing.message]).toEqual([
      409,
      'PAYMENT_REFUSED',
      'There is no repayment waiting for a verification code.',
    ]);
  });

  it("another borrower's order answers exactly like a missing one on every legacy endpoint", async () => {
    const calls: [string, Record<string, string>][] = [
      [WAY, { orderId: DEMO_ORDERS.legacyRepaying }],
      [COMMIT, { orderId: DEMO_ORDERS.legacyRepaying, cardId: '1', amount: '104550000', sendMsg: '0' }],
      [CONFIRM, { orderId: DEMO_ORDERS.legacyRepaying, repaymentRecordId: '1', verifyCode: '123456' }],
      [HUICHAO, { orderId: DEMO_ORDERS.legacyRepaying, amount: '104550000' }],
    ];
    for (const [path, body] of calls) {
      const theirs = await call(ctx, path, body, { tok: SECOND, lang: 'en' });
      const missing = await call(ctx, path, { ...body, orderId: 'NO-SUCH-ORDER' }, { tok: SECOND, lang: 'en' });
      expect([path, theirs.status, theirs.res.body]).toEqual([path, 404, missing.res.body]);
      expect(env(theirs)).toEqual(NOT_FOUND_EN);
      const none = await call(ctx, path, body, { lang: 'en' });
      expect(env(none)).toEqual(UNAUTHORIZED_EN);
    }
    expect((await orderRow(ctx, DEMO_ORDERS.legacyRepaying)).status).toBe(3);
  });
});
