import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEV_PAYMENT_WEBHOOK_SECRET, SandboxPaymentProvider } from '../src/providers/payments.ts';
import { MAIN } from './helpers/calls.ts';
import { BIND, VERIFY } from './helpers/cards.ts';
import { BACKENDS, form, useTestApp } from './helpers/setup.ts';

// Card numbers, holder names and provider tokens never reach the log (issue 11 item 7; docs/repayment.md "Card
// binding"): what the server would write while binding a card, on success and on every kind of failure.

const NUMBER = '4539 1488 0343 6467';
const DIGITS = NUMBER.replace(/\s/g, '');
const HOLDER = 'Siti Rahmawati Kusuma';
const TOKEN = 'sbx_card_7f3a9c2e5b8d1f4a6c0e9b2d';

/** The sandbox, but its tokenizer fails the way a provider SDK might: quoting what it was given. */
class QuotingProvider extends SandboxPaymentProvider {
  mode: 'ok' | 'throw' | 'nul' = 'ok';
  override async tokenizeCard(card: { bankCode: string; cardNo: string }) {
    if (this.mode === 'throw') throw new Error(`card ${card.cardNo} of ${HOLDER} declined, token ${TOKEN}`);
    // A value the database refuses: its error carries the row (PGlite's params, pg's detail).
    if (this.mode === 'nul') return { token: `${TOKEN}\u0000` };
    return { token: TOKEN };
  }
}

describe.each(BACKENDS)('card data in the logs (%s)', (backend) => {
  const lines: string[] = [];
  const provider = new QuotingProvider(DEV_PAYMENT_WEBHOOK_SECRET);
  const ctx = useTestApp(backend);

  it('a bind, its failures and the errors they raise log neither the number, its last 8, the holder nor the token', async () => {
    const app = buildApp({
      db: ctx.db,
      demo: true,
      shellDir: ctx.shellDir,
      releasesDir: ctx.releasesDir,
      clock: ctx.clock,
      payments: provider,
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const url = `${BIND}?tok=${MAIN}&isNeedPop=1`;
      const fields = { bankCode: 'BRI', cardNo: NUMBER, holderName: HOLDER };
      const ok = await app.inject({ method: 'POST', url, ...form(fields) });
      const bound = ok.json<{ code: string; data: { cardId: number } }>();
      expect(bound.code).toBe('00');
      const cardId = String(bound.data.cardId);
      // A wrong code (the code itself is a secret too) and bad input of every field.
      await app.inject({ method: 'POST', url: `${VERIFY}?tok=${MAIN}`, ...form({ cardId, verifyCode: '000000' }) });
      expect((await app.inject({ method: 'POST', url, ...form({ ...fields, cardNo: `${NUMBER} 1234` }) })).statusCode).toBe(400);
      expect(
        (await app.inject({ method: 'POST', url, ...form({ ...fields, holderName: `${HOLDER} ${'x'.repeat(80)}` }) })).statusCode,
      ).toBe(400);
      expect((await app.inject({ method: 'POST', url, ...form({ ...fields, bankCode: DIGITS }) })).statusCode).toBe(400);
      // JSON the parser refuses (its message quotes the text) and a body too large.
      const broken = `{"bankCode":"BRI","cardNo":"${NUMBER}","holderName":"${HOLDER}"`;
      const bad = await app.inject({ method: 'POST', url, payload: broken, headers: { 'content-type': 'application/json' } });
      expect(bad.statusCode).toBe(400);
      // The card fields in the query, where no client should put them.
      await app.inject({ method: 'POST', url: `${url}&cardNo=${DIGITS}&holderName=${encodeURIComponent(HOLDER)}`, ...form(fields) });
      // A provider error quoting the card, and a database error carrying the row.
      provider.mode = 'throw';
      const thrown = await app.inject({ method: 'POST', url, ...form({ ...fields, cardNo: `${DIGITS.slice(0, 15)}9` }) });
      expect(thrown.statusCode).toBe(500);
      provider.mode = 'nul';
      const dbError = await app.inject({ method: 'POST', url, ...form({ ...fields, cardNo: `${DIGITS.slice(0, 15)}8` }) });
      // (errors.ts answers a database data error, class 22, with a 400 envelope; it is logged as 'rejected'.)
      expect(dbError.statusCode, dbError.body).toBe(400);
      provider.mode = 'ok';
    } finally {
      await app.close();
    }

    const log = lines.join('');
    // The log is there (so that the checks below can fail): requests, the rejected JSON and database error, the
    // provider's unhandled error.
    expect(lines.filter((l) => l.includes('incoming request')).length).toBeGreaterThanOrEqual(8);
    expect(lines.filter((l) => l.includes('unhandled error'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('"rejected"')).length).toBeGreaterThanOrEqual(2);
    for (const secret of [
      DIGITS,
      NUMBER,
      DIGITS.slice(-8),
      `${DIGITS.slice(0, 15)}9`.slice(-8),
      `${DIGITS.slice(0, 15)}8`.slice(-8),
      HOLDER,
      'Rahmawati',
      TOKEN,
      encodeURIComponent(HOLDER),
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});
