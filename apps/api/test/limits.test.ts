import { describe, expect, it } from 'vitest';
import { BORROWER_LIMITS } from '../src/repositories/rate-limits.ts';
import { t } from '../src/i18n/messages.ts';
import { rateLimited } from '../src/lib/errors.ts';
import { MAIN, call, newBorrower } from './helpers/calls.ts';
import { BACKENDS, envelopeOf, form, useTestApp, type TestContext } from './helpers/setup.ts';
import { DEMO_ORDERS } from '../src/db/demo/index.ts';

/**
 * Per-borrower limits and idempotency (issue 12 item 7, docs/api.md "Limits"): complaint saves (idempotency key,
 * duplicate window, daily cap), chatbot messages, app ratings and events. All counted in the database.
 */
const SAVE = '/user-problem/problem-save';
const complaint = (text: string, extra: Record<string, string> = {}) => ({
  problemType: '5',
  problemSonType: '0',
  problemDetail: text,
  ...extra,
});

async function complaintRows(ctx: TestContext, borrowerId: number): Promise<number> {
  const [row] = await ctx.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM complaints WHERE borrower_id = $1', [borrowerId]);
  return row!.n;
}

const saveWithHeader = (ctx: TestContext, tok: string, fields: Record<string, string>, key: string, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: `${SAVE}?tok=${tok}${lang === 'en' ? '&isNeedPop=1' : ''}`,
    payload: form(fields).payload,
    headers: { ...form(fields).headers, 'idempotency-key': key },
  });

describe.each(BACKENDS)('per-borrower limits and idempotency (%s)', (backend) => {
  const ctx = useTestApp(backend);

  describe('complaint save', () => {
    it('the same idempotency key (header or field) answers the first complaint, even with other content', async () => {
      const b = await newBorrower(ctx);
      const first = await saveWithHeader(ctx, b.tok, complaint('The collector called at night'), 'form-fill-0001');
      expect(first.statusCode).toBe(200);
      const body = envelopeOf(first) as { code: string; data: { problemId: number }; message: string };
      expect(body).toMatchObject({ code: '00', message: 'Your complaint has been sent. We will reply within 3 working days.' });
      // A retry after a lost answer, a minute later (out of the duplicate window): the first complaint again.
      ctx.clock.advance(5 * 60 * 1000);
      const retry = await saveWithHeader(ctx, b.tok, complaint('The collector called at night'), 'form-fill-0001');
      expect(retry.body).toBe(first.body);
      const edited = await saveWithHeader(ctx, b.tok, complaint('Edited text before the retry'), 'form-fill-0001');
      expect(envelopeOf(edited).data).toEqual(body.data);
      // The key as a form field works alike.
      const viaField = await call<{ problemId: number }>(ctx, SAVE, complaint('Second complaint', { idempotencyKey: 'form-fill-0002' }), {
        tok: b.tok,
        lang: 'en',
      });
      const viaFieldAgain = await call<{ problemId: number }>(
        ctx,
        SAVE,
        complaint('Second complaint', { idempotencyKey: 'form-fill-0002' }),
        { tok: b.tok, lang: 'en' },
      );
      expect(viaFieldAgain.data.problemId).toBe(viaField.data.problemId);
      expect(viaField.data.problemId).not.toBe(body.data.problemId);
      expect(await complaintRows(ctx, b.id)).toBe(2);
      // Keys are per borrower: another borrower's same key is a new complaint of their own.
      const other = await newBorrower(ctx);
      const theirs = await saveWithHeader(ctx, other.tok, complaint('The collector called at night'), 'form-fill-0001');
      expect((envelopeOf(theirs).data as { problemId: number }).problemId).not.toBe(body.data.problemId);
      // A malformed key is refused.
      const bad = await saveWithHeader(ctx, b.tok, complaint('x'), 'bad key!');
      expect(bad.statusCode).toBe(400);
      expect(envelopeOf(bad)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Invalid value for field: Idempotency-Key.' });
    });

    it('an identical complaint within 60 s is the first one; after the window it is a new one', async () => {
      const b = await newBorrower(ctx);
      const first = await call<{ problemId: number }>(ctx, SAVE, complaint('Same words twice'), { tok: b.tok });
      ctx.clock.advance(30 * 1000);
      const again = await call<{ problemId: number }>(ctx, SAVE, complaint('Same words twice'), { tok: b.tok });
      expect(again.res.body).toBe(first.res.body);
      const different = await call<{ problemId: number }>(ctx, SAVE, complaint('Other words'), { tok: b.tok });
      expect(different.data.problemId).not.toBe(first.data.problemId);
      ctx.clock.advance(31 * 1000);
      const later = await call<{ problemId: number }>(ctx, SAVE, complaint('Same words twice'), { tok: b.tok });
      expect(later.data.problemId).not.toBe(first.data.problemId);
      expect(await complaintRows(ctx, b.id)).toBe(3);
    });

    it('20 identical saves at once make one complaint', async () => {
      const b = await newBorrower(ctx);
      const withKey = await Promise.all(
        Array.from({ length: 20 }, () => saveWithHeader(ctx, b.tok, complaint('Twenty taps on Send'), 'double-tap-key-1')),
      );
      expect(withKey.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(withKey.map((r) => (envelopeOf(r).data as { problemId: number }).problemId)).size).toBe(1);
      expect(await complaintRows(ctx, b.id)).toBe(1);
      // Without a key, the duplicate window does the same.
      const noKey = await Promise.all(
        Array.from({ length: 20 }, () => call<{ problemId: number }>(ctx, SAVE, complaint('Twenty without a key'), { tok: b.tok })),
      );
      expect(noKey.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set(noKey.map((r) => r.data.problemId)).size).toBe(1);
      expect(await complaintRows(ctx, b.id)).toBe(2);
    });

    it(`at most ${BORROWER_LIMITS.complaintsPerDay.limit} new complaints a day per borrower; replays are free; a localized 429`, async () => {
      const b = await newBorrower(ctx);
      const { limit } = BORROWER_LIMITS.complaintsPerDay;
      for (let i = 0; i < limit; i++) {
        const r = await call(ctx, SAVE, complaint(`Complaint number ${i}`, { idempotencyKey: `daily-cap-${i}-key` }), { tok: b.tok });
        expect(r.status, r.res.body).toBe(200);
      }
      // A retry of one of them still answers it.
      expect((await call(ctx, SAVE, complaint('Complaint number 3', { idempotencyKey: 'daily-cap-3-key' }), { tok: b.tok })).status).toBe(
        200,
      );
      const over = await call(ctx, SAVE, complaint('One more'), { tok: b.tok, lang: 'en' });
      expect(over.status).toBe(429);
      expect(over.res.headers['retry-after']).toBe(String(24 * 60 * 60));
      expect({ code: over.code, data: over.data, message: over.message }).toEqual({
        code: 'RATE_LIMITED',
        data: null,
        message: `You can send at most ${limit} complaints a day. Please try again later.`,
      });
      const overId = await call(ctx, SAVE, complaint('One more'), { tok: b.tok });
      expect(overId.message).toBe(`Anda dapat mengirim paling banyak ${limit} pengaduan per hari. Silakan coba lagi nanti.`);
      expect(await complaintRows(ctx, b.id)).toBe(limit);
      // Another borrower is not affected; the next day the borrower may complain again.
      expect((await call(ctx, SAVE, complaint('One more'), { tok: (await newBorrower(ctx)).tok })).status).toBe(200);
      ctx.clock.advance(24 * 60 * 60 * 1000);
      expect((await call(ctx, SAVE, complaint('One more'), { tok: b.tok })).status).toBe(200);
    });
  });

  it(`chatbot: at most ${BORROWER_LIMITS.chatbotPerMinute.limit} messages a minute per borrower`, async () => {
    const b = await newBorrower(ctx);
    const { limit } = BORROWER_LIMITS.chatbotPerMinute;
    for (let i = 0; i < limit; i++) {
      const r = await call(
        ctx,
        '/h5-api/v3/user-problem/qa-record',
        { type: '4', value: `How do I repay ${i}?`, qaId: '0' },
        { tok: b.tok },
      );
      expect(r.status).toBe(200);
    }
    const over = await call(
      ctx,
      '/h5-api/v3/user-problem/qa-record',
      { type: '4', value: 'How do I repay?', qaId: '0' },
      { tok: b.tok, lang: 'en' },
    );
    expect(over.status).toBe(429);
    expect({ code: over.code, data: over.data, message: over.message }).toEqual({
      code: 'RATE_LIMITED',
      data: null,
      message: `You are sending messages too quickly. Please wait ${over.res.headers['retry-after']} seconds.`,
    });
    const [row] = await ctx.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM qa_records WHERE borrower_id = $1', [b.id]);
    expect(row!.n).toBe(limit);
    ctx.clock.advance(60 * 1000);
    expect(
      (await call(ctx, '/h5-api/v3/user-problem/qa-record', { type: '4', value: 'How do I repay?', qaId: '0' }, { tok: b.tok })).status,
    ).toBe(200);
  });

  it(`events: at most ${BORROWER_LIMITS.eventsPerMinute.limit} a minute per borrower, all kinds together`, async () => {
    const b = await newBorrower(ctx);
    const { limit } = BORROWER_LIMITS.eventsPerMinute;
    const calls = [
      () => call(ctx, '/v3/event/save', { productId: '1', moduleId: '30', positionId: '0' }, { tok: b.tok, lang: 'en' }),
      () => call(ctx, '/market/pageEvent/save', { productId: '2', moduleId: '300', positionId: '1' }, { tok: b.tok, lang: 'en' }),
      () => call(ctx, '/market/stand/necessity', { productId: '2', positionId: '0' }, { tok: b.tok, lang: 'en' }),
    ];
    for (let i = 0; i < limit; i++) expect((await calls[i % 3]!()).status).toBe(200);
    for (const next of calls) {
      const over = await next();
      expect(over.status).toBe(429);
      expect(over.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    }
    const [row] = await ctx.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM product_events WHERE borrower_id = $1', [b.id]);
    expect(row!.n).toBe(limit);
  });

  it('ratings: one per borrower per order; a second rating updates the stars', async () => {
    const score = (fields: Record<string, string>) => call(ctx, '/v3/loan-details/google-score', fields, { tok: MAIN });
    for (let i = 0; i < 20; i++) expect((await score({ score: String((i % 5) + 1), orderId: DEMO_ORDERS.settled })).status).toBe(200);
    expect((await score({ score: '2' })).status).toBe(200);
    expect((await score({ score: '3' })).status).toBe(200);
    const rows = await ctx.db.query<{ order_no: string | null; score: number }>(
      `SELECT r.order_no, r.score FROM app_ratings r JOIN borrowers b ON b.id = r.borrower_id WHERE b.phone = '13800000000' ORDER BY r.order_no NULLS LAST`,
    );
    expect(rows).toEqual([
      { order_no: DEMO_ORDERS.settled, score: 5 },
      { order_no: null, score: 3 },
    ]);
  });
});

describe('the wait a refusal names', () => {
  const say = (seconds: number, lang: 'en' | 'id') => {
    const err = rateLimited('tooManyRequests', seconds);
    return [t(lang, err.messageKey, err.vars), err.headers?.['retry-after']];
  };
  it('under 2 minutes in seconds, from 2 minutes in whole minutes rounded up; Retry-After always in seconds', () => {
    expect(say(119, 'en')).toEqual(['Too many requests. Please try again in 119 seconds.', '119']);
    expect(say(120, 'en')).toEqual(['Too many requests. Please try again in 2 minutes.', '120']);
    expect(say(2650, 'en')).toEqual(['Too many requests. Please try again in 45 minutes.', '2650']);
    expect(say(2650, 'id')).toEqual(['Terlalu banyak permintaan. Silakan coba lagi dalam 45 menit.', '2650']);
    const ops = rateLimited('opsLoginTooMany', 900);
    expect(t('en', ops.messageKey, ops.vars)).toBe('Too many failed logins. Please try again in 15 minutes.');
  });
});
