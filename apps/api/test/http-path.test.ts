import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT_PATHS, cutCardFields } from '../src/lib/log-redaction.ts';
import helmetPlugin, { cspDirectives } from '../src/plugins/external/helmet.ts';
import { prepared, preparedName } from '../src/db/prepared.ts';
import { ORDER_COLUMNS } from '../src/repositories/loan-details.ts';
import { BACKENDS, useTestApp } from './helpers/setup.ts';

// docs/performance.md "Hot reads", round 2 (the HTTP path): the cheaper per-request work gives exactly what the
// libraries it replaces gave.

/** Every log line of a fastify logger with the given pino options, the time left out. */
async function linesOf(options: Record<string, unknown>, objects: Record<string, unknown>[]): Promise<unknown[]> {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) }, ...options } });
  await app.ready();
  for (const o of objects) app.log.info(o, 'line');
  await app.close();
  return lines.map((l) => {
    const { time: _time, ...rest } = JSON.parse(l) as Record<string, unknown>;
    return rest;
  });
}

describe('card fields in log lines: cutCardFields is pino redact with LOG_REDACT_PATHS', () => {
  const card = '4111 1111 1111 1111';
  const objects: Record<string, unknown>[] = [
    { cardNo: card, holderName: 'Budi', other: 'kept' },
    { body: { cardNumber: card, holder_name: 'Budi', amount: 5 }, n: 1 },
    { req: { body: { card_no: card, verifyCode: '123', nested: { cvv: '999', fine: 'x' } } } },
    { deep: { a: { b: { cardNo: card } } } },
    { list: [{ providerToken: 'sbx_card_x' }, { provider_token: 'sbx_card_y', ok: true }], cvv: null },
    { verify_code: 0, x: { cardNo: undefined, y: { holderName: '' } } },
    { plain: 'nothing to cut', count: 3, at: { when: '2026-01-01' } },
  ];

  it('gives the same lines as pino redact on the same objects', async () => {
    const byPino = await linesOf({ redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } }, objects);
    const byFunction = await linesOf({ formatters: { log: (o: Record<string, unknown>) => cutCardFields(o, 0) } }, objects);
    expect(byFunction).toEqual(byPino);
    expect(JSON.stringify(byFunction.filter((_, i) => i !== 3))).not.toContain('4111');
    // Depth 3 is beyond the paths, as with pino's redact.
    expect(byFunction[3]).toMatchObject({ deep: { a: { b: { cardNo: card } } } });
  });

  it('never changes the logged object itself', () => {
    const o = { body: { cardNo: card, keep: { a: 1 } } };
    const cut = cutCardFields(o, 0) as typeof o;
    expect(cut.body.cardNo).toBe('[redacted]');
    expect(o.body.cardNo).toBe(card);
    expect(cut.body.keep).toBe(o.body.keep);
    const untouched = { a: { b: 1 } };
    expect(cutCardFields(untouched, 0)).toBe(untouched);
  });
});

describe('security headers: the middleware built once sets what @fastify/helmet sets', () => {
  const headersOf = async (register: (app: FastifyInstance) => Promise<void>, url: string) => {
    const app: FastifyInstance = Fastify();
    await register(app);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    const res = await app.inject({ method: 'GET', url });
    await app.close();
    const { date: _date, ...headers } = res.headers;
    return { status: res.statusCode, headers };
  };

  it.each([
    ['no image hosts', [] as string[], undefined],
    ['image hosts and an asset origin', ['cdn.lendview.example'], 'https://assets.lendview.example'],
  ])('%s: same headers on an answer, an error and a 404', async (_name, imageHosts, assetOrigin) => {
    for (const url of ['/ok', '/boom', '/missing']) {
      const library = await headersOf(async (app: FastifyInstance) => {
        await app.register(helmet, {
          global: true,
          contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(imageHosts, assetOrigin) },
          crossOriginEmbedderPolicy: false,
        });
      }, url);
      const ours = await headersOf(async (app: FastifyInstance) => {
        await app.register(helmetPlugin, { imageHosts, assetOrigin });
      }, url);
      expect(ours, url).toEqual(library);
      expect(ours.headers['content-security-policy'], url).toContain("base-uri 'none'");
    }
  });
});

describe('named statements (db/prepared.ts)', () => {
  it('a marked text keeps one name, other texts have none', () => {
    const sql = 'SELECT 1 AS http_path_test';
    expect(prepared(sql)).toBe(sql);
    const name = preparedName(sql);
    expect(name).toMatch(/^lv_hot_\d+$/);
    expect(prepared(sql)).toBe(sql);
    expect(preparedName(sql)).toBe(name);
    expect(preparedName('SELECT 2 AS http_path_test')).toBeUndefined();
  });
});

describe.each(BACKENDS)('loan details statement (%s)', (backend) => {
  const ctx = useTestApp(backend);

  it('selects every column of orders, in table order (what `o.*` selected)', async () => {
    const rows = await ctx.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'orders' ORDER BY ordinal_position`,
    );
    expect(rows.map((r) => r.column_name)).toEqual([...ORDER_COLUMNS]);
  });
});
