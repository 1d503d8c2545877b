import { createHash, createHmac } from 'node:crypto';
import { repaymentWay, type ResponseOf } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { openPg } from '../src/db/pg.ts';
import { openPglite } from '../src/db/pglite.ts';
import { EnvError, loadEnv } from '../src/env.ts';
import { DEV_CARD_FINGERPRINT_SECRET, cardFingerprint } from '../src/repositories/bank-cards.ts';
import { MAIN, NOT_FOUND_EN, SECOND, UNAUTHORIZED_EN, call, newBorrower } from './helpers/calls.ts';
import { BIND, type BindAnswer, SEND_CODE, VERIFY, bindVerified, lastCardCode, otherThan } from './helpers/cards.ts';
import { BACKENDS, addBorrower, useTestApp } from './helpers/setup.ts';
import { DEMO_BANK_CARDS, DEMO_ORDERS } from '../src/db/demo/index.ts';

// Card binding with verification (issue 11 item 7; docs/repayment.md "Card binding").

const WAY = '/api/v1/lendview/service/loan/repayment-way';
const MIN = 60_000;
const env = (r: { code: unknown; data: unknown; message: string }) => ({ code: r.code, data: r.data, message: r.message });
const LOCKED_15_EN = { code: 'RATE_LIMITED', data: null, message: 'Too many incorrect codes. You can add a card again in 15 minutes.' };

let seq = 0;
/** A card number of `len` digits that no other test uses. */
const cardNo = (prefix = '5264', len = 16) =>
  `${prefix}${String(process.pid % 10_000).padStart(4, '0')}${String(++seq).padStart(len - 8, '0')}`;

describe.each(BACKENDS)('card binding with an SMS code (%s)', (backend) => {
  const ctx = useTestApp(backend);
  type Who = { tok: string; phone: string };
  const bind = (who: Who, card: { bankCode?: string; cardNo: string; holderName?: string }, lang: 'en' | 'id' = 'en') =>
    call<BindAnswer>(ctx, BIND, { bankCode: 'BCA', holderName: 'Siti Rahma', ...card }, { tok: who.tok, lang });
  const verify = (who: Who, cardId: number, verifyCode: string, lang: 'en' | 'id' = 'en') =>
    call<{ card: { id: number } }>(ctx, VERIFY, { cardId: String(cardId), verifyCode }, { tok: who.tok, lang });
  const sendCode = (who: Who, cardId: number, lang: 'en' | 'id' = 'en') =>
    call<{ cardId: number; resendAfter: number }>(ctx, SEND_CODE, { cardId: String(cardId) }, { tok: who.tok, lang });
  const cardRow = async (id: number) => {
    const [row] = await ctx.db.query<{
      verified_at: Date | null;
      verify_hash: string | null;
      verify_salt: string | null;
      fingerprint: string;
      active: boolean;
    }>('SELECT * FROM bank_cards WHERE id = $1', [id]);
    return row!;
  };

  it('bind sends a code by SMS (stored salted and hashed), the right code makes the card usable, once', async () => {
    const b = await newBorrower(ctx);
    const number = cardNo('6019');
    const bound = await bind(b, { bankCode: 'BCA', cardNo: number });
    expect(bound.status).toBe(200);
    expect(bound.data).toMatchObject({
      needVerify: true,
      resendAfter: 60,
      card: { bankName: 'BCA', cardNo: `**** **** **** ${number.slice(-4)}` },
    });
    const code = await lastCardCode(ctx, b.phone);
    const [sms] = await ctx.db.query<{ body: string }>(
      `SELECT body FROM sms_outbox WHERE phone = $1 AND purpose = 'card' ORDER BY id DESC LIMIT 1`,
      [b.phone],
    );
    expect(sms!.body).toBe(
      `Your LendView code to add your BCA card ending in ${number.slice(-4)} is ${code}. It expires in 10 minutes. Never share it with anyone.`,
    );
    const row = await cardRow(bound.data.cardId);
    expect(row.verified_at).toBeNull();
    expect(row.verify_hash).toBe(createHash('sha256').update(`${row.verify_salt}:${code}`).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(code);

    const ok = await verify(b, bound.data.cardId, code);
    expect(env(ok)).toEqual({ code: '00', data: { card: bound.data.card }, message: 'Bank card bound.' });
    expect((await cardRow(bound.data.cardId)).verify_hash).toBeNull();
    // Single use: the same code again changes nothing.
    const reuse = await verify(b, bound.data.cardId, code);
    expect([reuse.status, reuse.code, reuse.message]).toEqual([409, 'CONFLICT', 'This card is already verified.']);
    const resend = await sendCode(b, bound.data.cardId, 'id');
    expect([resend.status, resend.code, resend.message]).toEqual([409, 'CONFLICT', 'Kartu ini sudah diverifikasi.']);
  });

  it('in Indonesian: the SMS and the messages', async () => {
    const b = await newBorrower(ctx);
    const number = cardNo();
    const bound = await bind(b, { bankCode: 'MANDIRI', cardNo: number }, 'id');
    expect(bound.message).toBe(
      'Kode verifikasi telah dikirim, silakan periksa ponsel Anda. Masukkan kode untuk menyelesaikan penambahan kartu.',
    );
    const code = await lastCardCode(ctx, b.phone);
    const [sms] = await ctx.db.query<{ body: string }>(
      `SELECT body FROM sms_outbox WHERE phone = $1 AND purpose = 'card' ORDER BY id DESC LIMIT 1`,
      [b.phone],
    );
    expect(sms!.body).toBe(
      `Kode LendView untuk menambahkan kartu Mandiri Anda yang berakhiran ${number.slice(-4)} adalah ${code}. Berlaku 10 menit. Jangan berikan kode ini kepada siapa pun.`,
    );
    const wrong = await verify(b, bound.data.cardId, otherThan(code), 'id');
    expect(wrong.status).toBe(400);
    expect(env(wrong)).toEqual({ code: 800006, data: null, message: 'Kode verifikasi salah. Sisa percobaan: 4.' });
    expect((await verify(b, bound.data.cardId, code, 'id')).message).toBe('Kartu bank berhasil ditautkan.');
  });

  it('a code lives 10 minutes; a new one only 60 s after the last, and it replaces the old one', async () => {
    const b = await newBorrower(ctx);
    const bound = await bind(b, { cardNo: cardNo() });
    const first = await lastCardCode(ctx, b.phone);
    const tooSoon = await sendCode(b, bound.data.cardId);
    expect([tooSoon.status, tooSoon.code, tooSoon.message]).toEqual([
      429,
      'RATE_LIMITED',
      'Do not send the code repeatedly! Please try again in 60 seconds.',
    ]);
    expect(tooSoon.res.headers['retry-after']).toBe('60');
    ctx.clock.advance(10 * MIN + 1000);
    const expired = await verify(b, bound.data.cardId, first);
    expect([expired.status, expired.code, expired.message]).toEqual([
      400,
      'BAD_REQUEST',
      'The verification code has expired. Please request a new code.',
    ]);
    // An expired binding no longer counts against the cap, and is not usable; a new code brings it back.
    const again = await sendCode(b, bound.data.cardId);
    expect(env(again)).toEqual({
      code: '00',
      data: { cardId: bound.data.cardId, resendAfter: 60 },
      message: 'Verification code sent, please check your phone. Enter it to finish adding the card.',
    });
    const second = await lastCardCode(ctx, b.phone);
    if (second !== first) expect((await verify(b, bound.data.cardId, first)).code).toBe(800006);
    expect((await verify(b, bound.data.cardId, second)).code).toBe('00');
  });

  it('wrong codes count per borrower across resends and cards; the 5th locks binding 15 min, the next lock 30', async () => {
    const b = await newBorrower(ctx);
    const one = await bind(b, { cardNo: cardNo() });
    const code1 = await lastCardCode(ctx, b.phone);
    for (const left of [4, 3]) {
      expect(env(await verify(b, one.data.cardId, otherThan(code1)))).toEqual({
        code: 800006,
        data: null,
        message: `Verification code wrong. ${left} attempts left.`,
      });
    }
    // A resend gives a new code, not new tries; nor does another card.
    ctx.clock.advance(61_000);
    expect((await sendCode(b, one.data.cardId)).code).toBe('00');
    const code2 = await lastCardCode(ctx, b.phone);
    expect((await verify(b, one.data.cardId, otherThan(code2))).message).toBe('Verification code wrong. 2 attempts left.');
    const two = await bind(b, { cardNo: cardNo() });
    const code3 = await lastCardCode(ctx, b.phone);
    expect((await verify(b, two.data.cardId, otherThan(code3))).message).toBe('Verification code wrong. 1 attempt left.');
    const fifth = await verify(b, two.data.cardId, otherThan(code3));
    expect(fifth.status).toBe(429);
    expect(env(fifth)).toEqual(LOCKED_15_EN);
    expect(fifth.res.headers['retry-after']).toBe('900');

    // Locked: even the right code, a resend, another bind; the codes that were out are dead.
    expect(env(await verify(b, two.data.cardId, code3))).toEqual(LOCKED_15_EN);
    expect(env(await sendCode(b, one.data.cardId))).toEqual(LOCKED_15_EN);
    expect(env(await bind(b, { cardNo: cardNo() }))).toEqual(LOCKED_15_EN);
    expect((await verify(b, two.data.cardId, code3, 'id')).message).toBe(
      'Terlalu banyak kode yang salah. Anda dapat menambahkan kartu lagi dalam 15 menit.',
    );
    ctx.clock.advance(14 * MIN);
    expect((await verify(b, two.data.cardId, code3)).message).toBe('Too many incorrect codes. You can add a card again in 1 minutes.');
    ctx.clock.advance(MIN);
    expect((await verify(b, two.data.cardId, code3)).message).toBe('Please request a verification code first.');
    expect((await cardRow(two.data.cardId)).verified_at).toBeNull();

    // Five more wrong codes: twice as long.
    expect((await sendCode(b, two.data.cardId)).code).toBe('00');
    const code4 = await lastCardCode(ctx, b.phone);
    for (let i = 0; i < 4; i++) expect((await verify(b, two.data.cardId, otherThan(code4))).code).toBe(800006);
    expect((await verify(b, two.data.cardId, otherThan(code4))).message).toBe(
      'Too many incorrect codes. You can add a card again in 30 minutes.',
    );
    ctx.clock.advance(30 * MIN);
    // A verified card resets the count and the doubling.
    expect((await sendCode(b, two.data.cardId)).code).toBe('00');
    expect((await verify(b, two.data.cardId, await lastCardCode(ctx, b.phone))).code).toBe('00');
    const [guard] = await ctx.db.query<{ wrong_codes: number; lockouts: number }>(
      'SELECT wrong_codes, lockouts FROM card_bind_guards WHERE borrower_id = $1',
      [b.id],
    );
    expect(guard).toEqual({ wrong_codes: 0, lockouts: 0 });
  });

  it("another borrower's card answers exactly like a missing one; no session → UNAUTHORIZED", async () => {
    const b = await newBorrower(ctx);
    const bound = await bind(b, { cardNo: cardNo() });
    const code = await lastCardCode(ctx, b.phone);
    for (const [path, fields] of [
      [VERIFY, { cardId: String(bound.data.cardId), verifyCode: code }],
      [SEND_CODE, { cardId: String(bound.data.cardId) }],
      [VERIFY, { cardId: String(DEMO_BANK_CARDS.otp.id), verifyCode: code }],
    ] as const) {
      const theirs = await call(ctx, path, fields, { tok: SECOND, lang: 'en' });
      const missing = await call(ctx, path, { ...fields, cardId: '99999999' }, { tok: SECOND, lang: 'en' });
      expect([path, theirs.status, theirs.res.body]).toEqual([path, 404, missing.res.body]);
      expect(env(theirs)).toEqual(NOT_FOUND_EN);
      expect(env(await call(ctx, path, fields, { lang: 'en' }))).toEqual(UNAUTHORIZED_EN);
    }
    // None of that counted as a wrong code of the owner, nor verified the card.
    expect((await verify(b, bound.data.cardId, code)).code).toBe('00');
  });

  it('at most 10 cards: verified ones plus those whose code is live', async () => {
    const b = await newBorrower(ctx);
    const numbers = Array.from({ length: 10 }, () => cardNo());
    const ids: number[] = [];
    for (const n of numbers) ids.push((await bind(b, { cardNo: n })).data.cardId);
    const eleventh = await bind(b, { cardNo: cardNo() });
    expect([eleventh.status, eleventh.code, eleventh.message]).toEqual([400, 'BAD_REQUEST', 'You can bind at most 10 bank cards.']);
    // Binding one of the ten again is not an eleventh card: the same card gets a new code.
    ctx.clock.advance(61_000);
    const same = await bind(b, { cardNo: numbers[3]! });
    expect([same.code, same.data.cardId, same.data.needVerify]).toEqual(['00', ids[3], true]);
    const [row] = await ctx.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM bank_cards WHERE borrower_id = $1', [b.id]);
    expect(row!.n).toBe(10);
    // Once the codes ran out unused, the waiting cards stop counting; a card whose code ran out comes back only if
    // there is room. (A day later, so that the 20 codes a day of a borrower do not get in the way.)
    ctx.clock.advance(24 * 60 * MIN);
    const later = await Promise.all(Array.from({ length: 10 }, () => cardNo()).map((n) => bind(b, { cardNo: n })));
    expect(later.map((r) => r.code)).toEqual(Array(10).fill('00'));
    const back = await sendCode(b, ids[0]!);
    expect([back.status, back.message]).toEqual([400, 'You can bind at most 10 bank cards.']);
  });

  it('20 binds at once make exactly 10 cards', async () => {
    // A pool as wide as the burst on PostgreSQL, so the binds really run side by side.
    const target = ctx.testDb.pg;
    const wide = target ? await openPg({ connectionString: target.url, schema: target.schema, max: 20 }) : ctx.db;
    const app = buildApp({ db: wide, demo: true, shellDir: ctx.shellDir, releasesDir: ctx.releasesDir, logger: false, clock: ctx.clock });
    try {
      await app.ready();
      const b = await newBorrower(ctx);
      const numbers = Array.from({ length: 20 }, () => cardNo());
      const answers = await Promise.all(
        numbers.map((n) =>
          app.inject({
            method: 'POST',
            url: `${BIND}?tok=${b.tok}&isNeedPop=1`,
            payload: new URLSearchParams({ bankCode: 'BNI', cardNo: n, holderName: 'Siti Rahma' }).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        ),
      );
      const bodies = answers.map((r) => r.json<{ code: string; message: string }>());
      expect(bodies.filter((x) => x.code === '00')).toHaveLength(10);
      expect(bodies.filter((x) => x.code !== '00').map((x) => x.message)).toEqual(Array(10).fill('You can bind at most 10 bank cards.'));
      expect(answers.some((r) => r.statusCode >= 500)).toBe(false);
      const [row] = await ctx.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM bank_cards WHERE borrower_id = $1', [b.id]);
      expect(row!.n).toBe(10);
      const [sms] = await ctx.db.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM sms_outbox WHERE phone = $1 AND purpose = 'card'`,
        [b.phone],
      );
      expect(sms!.n).toBe(10);
    } finally {
      await app.close();
      if (wide !== ctx.db) await wide.close();
    }
  });

  it('fingerprints are HMAC-SHA256 under the server key: the same card is found again, a leaked row does not give the number', async () => {
    const b = await newBorrower(ctx);
    const number = cardNo('4111');
    const id = await bindVerified(ctx, b, { bankCode: 'CIMB', cardNo: number });
    const row = await cardRow(id);
    expect(row.fingerprint).toBe(createHmac('sha256', DEV_CARD_FINGERPRINT_SECRET).update(`card:CIMB:${number}`).digest('hex'));
    expect(row.fingerprint).toBe(cardFingerprint(DEV_CARD_FINGERPRINT_SECRET, 'CIMB', number));
    expect(row.fingerprint).not.toBe(createHash('sha256').update(`card:CIMB:${number}`).digest('hex'));
    expect(cardFingerprint('another-key-of-at-least-32-characters', 'CIMB', number)).not.toBe(row.fingerprint);
    // The same number at another bank is another card.
    const other = await bind(b, { bankCode: 'BRI', cardNo: number });
    expect(other.data.needVerify).toBe(true);
    expect(other.data.cardId).not.toBe(id);
  });

  it('the demo cards are verified and keyed; the demo card bound again is the same card', async () => {
    const again = await call<BindAnswer>(
      ctx,
      BIND,
      { bankCode: 'BCA', cardNo: DEMO_BANK_CARDS.otp.cardNo, holderName: 'Demo' },
      { tok: MAIN, lang: 'en' },
    );
    expect([again.data.cardId, again.data.needVerify]).toEqual([DEMO_BANK_CARDS.otp.id, false]);
    const way = await call<ResponseOf<typeof repaymentWay>>(ctx, WAY, { orderId: DEMO_ORDERS.legacyOverdue }, { tok: MAIN });
    expect(way.data.cards.map((c) => c.id)).toEqual(expect.arrayContaining([DEMO_BANK_CARDS.otp.id, DEMO_BANK_CARDS.direct.id]));
  });
});

describe('migration 007: unkeyed fingerprints', () => {
  it('are erased and their cards retired (re-bound with a code); nothing else of the row changes', async () => {
    const db = await openPglite();
    try {
      const all = readMigrations();
      await migrate(
        db,
        all.filter((m) => m.name < '007'),
      );
      const borrowerId = await addBorrower(db, '13912345678');
      const old = createHash('sha256').update('card:BCA:6019000012345678').digest('hex');
      await db.query(
        `INSERT INTO bank_cards (borrower_id, bank_code, last4, fingerprint, holder_name, provider_token, active, created_at)
         VALUES ($1, 'BCA', '5678', $2, 'Old Holder', 'sbx_card_old', true, now())`,
        [borrowerId, old],
      );
      await migrate(db, all);
      const rows = await db.query<{
        fingerprint: string | null;
        active: boolean;
        verified_at: Date | null;
        last4: string;
        holder_name: string;
      }>('SELECT fingerprint, active, verified_at, last4, holder_name FROM bank_cards WHERE borrower_id = $1', [borrowerId]);
      expect(rows).toEqual([{ fingerprint: null, active: false, verified_at: null, last4: '5678', holder_name: 'Old Holder' }]);
      await expect(db.query(`UPDATE bank_cards SET active = true WHERE borrower_id = $1`, [borrowerId])).rejects.toThrow(
        /bank_cards_active_fingerprint/,
      );
    } finally {
      await db.close();
    }
  });
});

describe('CARD_FINGERPRINT_SECRET (env.ts)', () => {
  const base = { PAYMENT_WEBHOOK_SECRET: 'p'.repeat(32) };
  it('is required outside demo mode, never the demo key there, 32+ characters; demo mode defaults to the documented key', () => {
    expect(() => loadEnv(base)).toThrow(EnvError);
    expect(() => loadEnv(base)).toThrow(/CARD_FINGERPRINT_SECRET: required outside demo mode/);
    expect(() => loadEnv({ ...base, CARD_FINGERPRINT_SECRET: DEV_CARD_FINGERPRINT_SECRET })).toThrow(
      /CARD_FINGERPRINT_SECRET: required outside demo mode/,
    );
    expect(() => loadEnv({ ...base, CARD_FINGERPRINT_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(loadEnv({ ...base, CARD_FINGERPRINT_SECRET: 'k'.repeat(32) }).cardFingerprintSecret).toBe('k'.repeat(32));
    expect(loadEnv({ DEMO_MODE: '1' }).cardFingerprintSecret).toBe(DEV_CARD_FINGERPRINT_SECRET);
  });
});
