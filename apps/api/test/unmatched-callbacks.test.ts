import { createHash } from 'node:crypto';
import { opsUnmatchedCallbacks, type OpsUnmatchedCallback, type ResponseOf } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { MAIN, NOT_FOUND_EN, call } from './helpers/calls.ts';
import { signInOperator } from './helpers/operators.ts';
import { addOrder, borrowerIdOf, eventBody, eventsOf, orderRow, paymentsOf, postCallback } from './helpers/repay.ts';
import { BACKENDS, envelopeOf, form, useTestApp, type TestContext } from './helpers/setup.ts';
import { DEMO_OPERATORS } from '../src/db/demo/index.ts';
import { DEV_PAYMENT_WEBHOOK_SECRET, signSandboxBody } from '../src/providers/payments.ts';
import { anyOf, stringMatching } from './helpers/matchers.ts';

/**
 * Signed provider callbacks we could not match (docs/repayment.md "Callbacks we could not match"): a callback
 * whose signature is valid but which is not a valid event, names an unknown bill, or names another code or
 * channel than its bill is refused exactly as before and kept once per callback (redeliveries counted) for the
 * support role, who resolves it with a note. A bad or missing signature records nothing. PGlite and PostgreSQL.
 */

const LIST = '/ops/api/unmatched-callbacks';
const RESOLVE = '/ops/api/unmatched-callbacks/resolve';
const START = new Date('2026-03-02T03:00:00.000Z');
const MINUTE_MS = 60_000;
const PRINCIPAL = 100_000_000;
const DUE = PRINCIPAL + 4_550_000;

type Page = ResponseOf<typeof opsUnmatchedCallbacks>;
interface Row {
  id: number;
  dedupe_key: string;
  reason: string;
  event_id: string | null;
  reference: string | null;
  amount: number | null;
  raw_body: string;
  first_received_at: Date;
  last_received_at: Date;
  deliveries: number;
  state: string;
}

const MISMATCH = { status: 409, code: 'PAYMENT_REFUSED', data: null, message: 'The payment event does not match the payment code.' };
const MALFORMED = { status: 400, code: 'BAD_REQUEST', data: null, message: 'The callback body is not a valid payment event.' };
const UNKNOWN = { status: 404, ...NOT_FOUND_EN };

const answerOf = (r: { status: number; code: string | number; data: unknown; message: string }) => ({
  status: r.status,
  code: r.code,
  data: r.data,
  message: r.message,
});

async function rowsOf(ctx: TestContext, where = 'TRUE', params: unknown[] = []): Promise<Row[]> {
  return ctx.db.query<Row>(`SELECT * FROM unmatched_callbacks WHERE ${where} ORDER BY id`, params);
}
const countAll = async (ctx: TestContext) =>
  (await ctx.db.query<{ n: number }>('SELECT count(*)::bigint AS n FROM unmatched_callbacks'))[0]!.n;
const deliveriesAll = async (ctx: TestContext) =>
  (await ctx.db.query<{ n: number }>('SELECT coalesce(sum(deliveries), 0)::bigint AS n FROM unmatched_callbacks'))[0]!.n;

async function opsGet(ctx: TestContext, query: string, auth?: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${LIST}${query}`,
    headers: { 'accept-language': 'en', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
  });
  return { status: res.statusCode, ...(envelopeOf(res) as { code: string; data: Page; message: string }) };
}

async function opsResolve(ctx: TestContext, fields: Record<string, string>, auth?: string, url = RESOLVE) {
  const f = form(fields);
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload: f.payload,
    headers: { ...f.headers, 'accept-language': 'en', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
  });
  return { status: res.statusCode, ...(envelopeOf(res) as { code: string; data: OpsUnmatchedCallback | null; message: string }) };
}

describe.each(BACKENDS)('signed callbacks we could not match (%s)', (backend) => {
  const lines: string[] = [];
  const ctx = useTestApp(backend, { app: { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } } });
  const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  /** A fresh order with a live BCA code: its bill number and code. */
  async function liveCode() {
    const { orderNo } = await addOrder(ctx, {
      borrowerId: await borrowerIdOf(ctx),
      status: 170,
      principal: PRINCIPAL,
      dueDate: '2026-04-01',
    });
    const va = await call<{ vcode: string; cardNo: string }>(
      ctx,
      '/v3/loan-details/generate-vcode',
      { productId: '1', orderId: orderNo, amount: String(DUE), is_default: '0', pay_type: '1', payCode: 'BCA' },
      { tok: MAIN, lang: 'en' },
    );
    expect(va.status).toBe(200);
    return { orderNo, reference: va.data.cardNo, vcode: va.data.vcode };
  }
  const nothingChanged = async (orderNo: string) => {
    expect((await orderRow(ctx, orderNo)).paid_amount).toBe(0);
    expect((await paymentsOf(ctx, orderNo)).map((p) => p.state)).toEqual(['pending']);
    expect(await eventsOf(ctx, orderNo)).toEqual([]);
  };

  it('records each of the three refusals once, with its reason, bill number and amount; the answers are unchanged', async () => {
    const { orderNo, reference, vcode } = await liveCode();
    const before = await countAll(ctx);

    // (c) The event names another code than its bill.
    const mismatchBody = eventBody({ reference, vcode: '39358000000000000', channel: 'BCA', amount: DUE, paidAt: START });
    const mismatchRaw = JSON.stringify(mismatchBody);
    expect(answerOf(await postCallback(ctx, mismatchRaw, { lang: 'en' }))).toEqual(MISMATCH);
    // ... or another channel.
    const channelBody = eventBody({ reference, vcode, channel: 'BNI', amount: DUE, paidAt: START });
    expect(answerOf(await postCallback(ctx, JSON.stringify(channelBody), { lang: 'en' }))).toEqual(MISMATCH);

    // (b) A bill number that is not ours.
    const unknownBody = eventBody({ reference: 'LVP20260302AAAAAAAAAAAA', vcode, channel: 'BCA', amount: 12_345_600, paidAt: START });
    const unknownRaw = JSON.stringify(unknownBody);
    expect(answerOf(await postCallback(ctx, unknownRaw, { lang: 'en' }))).toEqual(UNKNOWN);

    // (a) Signed, but not a valid event (an extra key), and signed but not JSON at all.
    const malformedRaw = JSON.stringify({
      ...eventBody({ reference, vcode, channel: 'BCA', amount: DUE, paidAt: START }),
      memo: 'MARKER-7f3a',
    });
    expect(answerOf(await postCallback(ctx, malformedRaw, { lang: 'en' }))).toEqual(MALFORMED);
    const notJson = 'paid LVP20260302ZZZZ amount=5 MARKER-7f3a';
    expect(answerOf(await postCallback(ctx, notJson, { lang: 'en' }))).toEqual(MALFORMED);

    await nothingChanged(orderNo);
    const rows = await rowsOf(ctx, 'id > (SELECT coalesce(max(id), 0) FROM unmatched_callbacks) - 5');
    expect(await countAll(ctx)).toBe(before + 5);
    const received = { first_received_at: START, last_received_at: START, deliveries: 1, state: 'open' };
    expect(rows).toEqual([
      {
        id: anyOf(Number),
        dedupe_key: mismatchBody.id,
        reason: 'code_mismatch',
        event_id: mismatchBody.id,
        reference,
        amount: DUE,
        raw_body: mismatchRaw,
        ...received,
        resolved_at: null,
        resolved_by: null,
        note: '',
      },
      expect.objectContaining({ reason: 'code_mismatch', event_id: channelBody.id, reference, amount: DUE, deliveries: 1 }),
      expect.objectContaining({
        dedupe_key: unknownBody.id,
        reason: 'unknown_reference',
        event_id: unknownBody.id,
        reference: 'LVP20260302AAAAAAAAAAAA',
        amount: 12_345_600,
        raw_body: unknownRaw,
        ...received,
      }),
      expect.objectContaining({
        reason: 'malformed',
        event_id: stringMatching(/^evt_test_/),
        reference,
        amount: DUE,
        raw_body: malformedRaw,
      }),
      expect.objectContaining({
        dedupe_key: `sha256:${createHash('sha256').update(notJson).digest('hex')}`,
        reason: 'malformed',
        event_id: null,
        reference: null,
        amount: null,
        raw_body: notJson,
        ...received,
      }),
    ]);

    // The log says what was kept (bill number, amount), never the body itself.
    const kept = logged().filter((l) => l.msg === 'payment callback not matched: kept for an operator');
    expect(kept.map((l) => [l.level, l.reason, l.reference, l.amount])).toEqual(
      expect.arrayContaining([
        [40, 'code_mismatch', reference, DUE],
        [40, 'unknown_reference', 'LVP20260302AAAAAAAAAAAA', 12_345_600],
        [40, 'malformed', null, null],
      ]),
    );
    expect(lines.join('\n')).not.toContain('MARKER-7f3a');
  });

  it('an amount that is not a positive whole number is kept as unknown; the body whole', async () => {
    const body = { id: 'evt_amount_text_1', type: 'payment.paid', reference: 'LVP20260302BBBBBBBBBBBB', amount: '1000' };
    const raw = JSON.stringify(body);
    expect(answerOf(await postCallback(ctx, raw, { lang: 'en' }))).toEqual(MALFORMED);
    const [row] = await rowsOf(ctx, 'dedupe_key = $1', ['evt_amount_text_1']);
    expect(row).toMatchObject({ reason: 'malformed', reference: 'LVP20260302BBBBBBBBBBBB', amount: null, raw_body: raw });
  });

  it('the same callback delivered 3 times is one row with 3 deliveries, first and last receipt kept', async () => {
    const body = eventBody({ reference: 'LVP20260302CCCCCCCCCCCC', vcode: null, channel: 'SANDBOX', amount: 5_000_000, paidAt: START });
    const raw = JSON.stringify(body);
    try {
      for (let i = 0; i < 3; i++) {
        expect(answerOf(await postCallback(ctx, raw, { lang: 'en' }))).toEqual(UNKNOWN);
        ctx.clock.advance(10 * MINUTE_MS);
      }
      const rows = await rowsOf(ctx, 'reference = $1', ['LVP20260302CCCCCCCCCCCC']);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        dedupe_key: body.id,
        deliveries: 3,
        state: 'open',
        first_received_at: START,
        last_received_at: new Date(START.getTime() + 20 * MINUTE_MS),
      });
    } finally {
      ctx.clock.set(START);
    }
  });

  it('20 concurrent deliveries of one callback are one row with 20 deliveries, each answered as before', async () => {
    const { reference } = await liveCode();
    const body = eventBody({ reference, vcode: '39358111111111111', channel: 'BCA', amount: DUE, paidAt: START });
    const raw = JSON.stringify(body);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postCallback(ctx, raw, { lang: 'en' })));
    expect(answers.map(answerOf)).toEqual(Array.from({ length: 20 }, () => MISMATCH));
    const rows = await rowsOf(ctx, 'dedupe_key = $1', [body.id]);
    expect(rows.map((r) => [r.reason, r.deliveries])).toEqual([['code_mismatch', 20]]);
  });

  it('a missing or wrong signature is refused as before and records nothing', async () => {
    const { vcode } = await liveCode();
    const raw = JSON.stringify(eventBody({ reference: 'LVP20260302DDDDDDDDDDDD', vcode, channel: 'BCA', amount: DUE, paidAt: START }));
    const [count, deliveries] = [await countAll(ctx), await deliveriesAll(ctx)];
    const refused = [
      await postCallback(ctx, raw, { secret: 'not-the-secret-of-the-provider', lang: 'en' }),
      await postCallback(ctx, raw, { signature: null, lang: 'en' }),
      await postCallback(ctx, 'not json', { signature: 'sha256=00', lang: 'en' }),
      // Signed, then changed.
      await postCallback(ctx, raw.replace('DDDD', 'EEEE'), { signature: signSandboxBody(DEV_PAYMENT_WEBHOOK_SECRET, raw), lang: 'en' }),
    ];
    for (const r of refused) {
      expect(answerOf(r)).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        data: null,
        message: 'The callback signature is missing or invalid.',
      });
    }
    expect([await countAll(ctx), await deliveriesAll(ctx)]).toEqual([count, deliveries]);
    expect(await rowsOf(ctx, "reference LIKE 'LVP20260302%DDDD%' OR reference LIKE 'LVP20260302%EEEE%'")).toEqual([]);
  });

  it('a recording that fails is logged at error level and the provider still gets the same answer', async () => {
    const raw = JSON.stringify({
      ...eventBody({ reference: 'LVP20260302EEEEEEEEEEEE', vcode: null, channel: 'SANDBOX', amount: 7_000_000, paidAt: START }),
      memo: 'MARKER-e41c',
    });
    const unknown = JSON.stringify(
      eventBody({ reference: 'LVP20260302FFFFFFFFFFFF', vcode: null, channel: 'SANDBOX', amount: 8_000_000, paidAt: START }),
    );
    await ctx.db.exec('ALTER TABLE unmatched_callbacks RENAME TO unmatched_callbacks_away');
    try {
      expect(answerOf(await postCallback(ctx, raw, { lang: 'en' }))).toEqual(MALFORMED);
      expect(answerOf(await postCallback(ctx, unknown, { lang: 'en' }))).toEqual(UNKNOWN);
    } finally {
      await ctx.db.exec('ALTER TABLE unmatched_callbacks_away RENAME TO unmatched_callbacks');
    }
    const failed = logged().filter((l) => l.msg === 'payment callback not matched and could not be recorded');
    expect(failed.map((l) => [l.level, l.reason, l.reference, l.amount])).toEqual([
      [50, 'malformed', 'LVP20260302EEEEEEEEEEEE', 7_000_000],
      [50, 'unknown_reference', 'LVP20260302FFFFFFFFFFFF', 8_000_000],
    ]);
    expect(lines.join('\n')).not.toContain('MARKER-e41c');
    expect(await rowsOf(ctx, 'reference IN ($1, $2)', ['LVP20260302EEEEEEEEEEEE', 'LVP20260302FFFFFFFFFFFF'])).toEqual([]);
  });

  describe('operators', () => {
    it('the support list shows it newest first; resolve with a note; twice → CONFLICT; unknown → NOT_FOUND', async () => {
      const body = eventBody({ reference: 'LVP20260302GGGGGGGGGGGG', vcode: null, channel: 'SANDBOX', amount: 9_900_000, paidAt: START });
      const raw = JSON.stringify(body);
      await postCallback(ctx, raw, { lang: 'en' });
      await postCallback(ctx, raw, { lang: 'en' });
      const [row] = await rowsOf(ctx, 'dedupe_key = $1', [body.id]);
      const token = await signInOperator(ctx, DEMO_OPERATORS.support);

      const open = await opsGet(ctx, '', token);
      expect([open.status, open.code]).toEqual([200, '00']);
      opsUnmatchedCallbacks.response.parse(open.data);
      expect(open.data.items[0]).toEqual({
        id: row!.id,
        reason: 'unknown_reference',
        eventId: body.id,
        reference: 'LVP20260302GGGGGGGGGGGG',
        amount: 9_900_000,
        deliveries: 2,
        firstReceivedAt: START.toISOString(),
        lastReceivedAt: START.toISOString(),
        state: 'open',
        rawBody: raw,
        resolvedAt: null,
        resolvedBy: '',
        note: '',
      });
      const ids = open.data.items.map((i) => i.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(open.data.total).toBe(await countAll(ctx));
      const paged = await opsGet(ctx, '?state=open&page=2&pageSize=1', token);
      expect([paged.data.items.map((i) => i.id), paged.data.page, paged.data.pageSize]).toEqual([[ids[1]], 2, 1]);

      // The note is required (1-500 characters).
      const noNote = await opsResolve(ctx, { id: String(row!.id) }, token);
      expect([noNote.status, noNote.code, noNote.message]).toEqual([400, 'BAD_REQUEST', 'Missing required field: note.']);
      const blank = await opsResolve(ctx, { id: String(row!.id), note: '   ' }, token);
      expect([blank.status, blank.code]).toEqual([400, 'BAD_REQUEST']);
      const long = await opsResolve(ctx, { id: String(row!.id), note: 'x'.repeat(501) }, token);
      expect([long.status, long.code]).toEqual([400, 'BAD_REQUEST']);
      const badState = await opsGet(ctx, '?state=all', token);
      expect([badState.status, badState.message]).toEqual([400, 'Invalid value for field: state.']);

      const done = await opsResolve(ctx, { id: String(row!.id), note: 'Provider confirmed a test payment; nothing to credit.' }, token);
      expect([done.status, done.code, done.message]).toEqual([200, '00', 'Marked as resolved.']);
      expect(done.data).toMatchObject({
        id: row!.id,
        state: 'resolved',
        resolvedBy: DEMO_OPERATORS.support.username,
        resolvedAt: anyOf(String),
        note: 'Provider confirmed a test payment; nothing to credit.',
        deliveries: 2,
      });
      expect((await opsGet(ctx, '?state=open', token)).data.items.map((i) => i.id)).not.toContain(row!.id);
      expect((await opsGet(ctx, '?state=resolved', token)).data.items.map((i) => i.id)).toContain(row!.id);

      const twice = await opsResolve(ctx, { id: String(row!.id), note: 'again' }, token);
      expect([twice.status, twice.code, twice.data, twice.message]).toEqual([
        409,
        'CONFLICT',
        null,
        'This unmatched payment report was already resolved.',
      ]);
      const unknown = await opsResolve(ctx, { id: '99999999', note: 'none' }, token);
      expect([unknown.status, unknown.code]).toEqual([404, 'NOT_FOUND']);
      // The resolve is in the audit trail, once (issue 34): the refused second try left nothing.
      const audit = await ctx.db.query<{ action: string; operator: string; detail: unknown }>(
        `SELECT action, operator, detail FROM ops_audit WHERE item_kind = 'callback' AND item_id = $1`,
        [String(row!.id)],
      );
      expect(audit.map((a) => ({ ...a, detail: typeof a.detail === 'string' ? (JSON.parse(a.detail) as unknown) : a.detail }))).toEqual([
        {
          action: 'callback_resolve',
          operator: DEMO_OPERATORS.support.username,
          detail: { note: 'Provider confirmed a test payment; nothing to credit.' },
        },
      ]);

      // Delivered again after it was resolved: counted, still resolved.
      expect(answerOf(await postCallback(ctx, raw, { lang: 'en' }))).toEqual(UNKNOWN);
      expect((await rowsOf(ctx, 'id = $1', [row!.id]))[0]).toMatchObject({ state: 'resolved', deliveries: 3 });
    });

    it('of several operators resolving at once exactly one wins', async () => {
      const body = eventBody({ reference: 'LVP20260302HHHHHHHHHHHH', vcode: null, channel: 'SANDBOX', amount: 1_000_000, paidAt: START });
      await postCallback(ctx, JSON.stringify(body), { lang: 'en' });
      const [row] = await rowsOf(ctx, 'dedupe_key = $1', [body.id]);
      const token = await signInOperator(ctx, DEMO_OPERATORS.support);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => opsResolve(ctx, { id: String(row!.id), note: `operator ${i}` }, token)),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = results.find((r) => r.status === 200)!;
      expect((await rowsOf(ctx, 'id = $1', [row!.id]))[0]).toMatchObject({ state: 'resolved' });
      const [stored] = await ctx.db.query<{ note: string }>('SELECT note FROM unmatched_callbacks WHERE id = $1', [row!.id]);
      expect(stored!.note).toBe(winner.data!.note);
    });

    it('a marketing operator is forbidden; no token or a borrower token is unauthorized', async () => {
      const [any] = await rowsOf(ctx, "state = 'open'");
      const id = String(any!.id);
      const none = await opsGet(ctx, '');
      expect([none.status, none.code]).toEqual([401, 'UNAUTHORIZED']);
      expect((await opsResolve(ctx, { id, note: 'x' })).status).toBe(401);
      const marketing = await signInOperator(ctx, DEMO_OPERATORS.marketing);
      const forbidden = await opsGet(ctx, '', marketing);
      expect([forbidden.status, forbidden.code]).toEqual([403, 'FORBIDDEN']);
      const refused = await opsResolve(ctx, { id, note: 'x' }, marketing);
      expect([refused.status, refused.code]).toEqual([403, 'FORBIDDEN']);
      const borrower = await opsGet(ctx, '', MAIN);
      expect([borrower.status, borrower.code]).toEqual([401, 'UNAUTHORIZED']);
      expect((await opsResolve(ctx, { id, note: 'x' }, MAIN)).status).toBe(401);
      expect((await opsResolve(ctx, { id, note: 'x' }, undefined, `${RESOLVE}?tok=${MAIN}`)).status).toBe(401);
      expect((await rowsOf(ctx, 'id = $1', [any!.id]))[0]!.state).toBe('open');
    });
  });
});
