import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Db } from '../src/db/types.ts';
import { EnvError } from '../src/env.ts';
import { manualClock } from '../src/lib/clock.ts';
import { CLIENT_ERROR_LIMITS, clientErrorKind } from '../src/services/client-errors.ts';
import { createTelemetry, instrumentDb, telemetryOptionsFromEnv, type Telemetry } from '../src/telemetry/index.ts';
import { sqlOperation } from '../src/telemetry/db.ts';
import { isLoopbackAddress } from '../src/routes/metrics/index.ts';
import { BACKENDS, envelopeOf, openTestDb, type Backend, type TestDb } from './helpers/setup.ts';

// Issue 15 item 4: metrics (GET /metrics), traces (request span with database child spans), client error reports.

interface Ctx {
  app: FastifyInstance;
  db: Db;
  telemetry: Telemetry;
  lines: string[];
  clock: ReturnType<typeof manualClock>;
}

/**
 * An app over an instrumented database, as server.ts builds it (the app takes the telemetry from the database),
 * with routes of its own: one with a path parameter and a query, one in a transaction, one failing in SQL.
 */
function useTelemetryApp(backend: Backend, make: () => Telemetry, app: Partial<BuildAppOptions> = {}): Ctx {
  const ctx = { lines: [] as string[] } as Ctx;
  let testDb: TestDb;
  let tmp: string;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'lendview-telemetry-test-'));
    mkdirSync(join(tmp, 'shell'));
    mkdirSync(join(tmp, 'releases'));
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
    ctx.telemetry = make();
    ctx.db = instrumentDb(testDb.db, ctx.telemetry);
    ctx.clock = manualClock(new Date('2026-03-02T03:00:00.000Z'));
    ctx.app = buildApp({
      db: ctx.db,
      demo: true,
      shellDir: join(tmp, 'shell'),
      releasesDir: join(tmp, 'releases'),
      clock: ctx.clock,
      logger: { level: 'info', stream: { write: (line: string) => void ctx.lines.push(line) } },
      ...app,
    });
    ctx.app.get<{ Params: { id: string } }>('/test/items/:id', async (req) => {
      const [row] = await ctx.app.db.query<{ n: number }>('SELECT $1::int + 1 AS n', [Number(req.params.id)]);
      return { n: row!.n };
    });
    ctx.app.post('/test/tx', async (req) => {
      const { secret } = req.body as { secret: string };
      return ctx.app.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO app_settings (key, value) VALUES ('telemetry_test', $1) ON CONFLICT (key) DO UPDATE SET value = $1`, [
          secret,
        ]);
        const [row] = await tx.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'telemetry_test'`);
        return { same: row!.value === secret };
      });
    });
    ctx.app.post('/test/sql-error', async (req) => {
      const { secret } = req.body as { secret: string };
      await ctx.app.db.query('SELECT $1::int AS n', [secret]);
      return { ok: true };
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await testDb?.cleanup();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });
  return ctx;
}

async function scrape(app: FastifyInstance, opts: Partial<InjectOptions> = {}) {
  return app.inject({ method: 'GET', url: '/metrics', ...opts });
}

/** The value of one series of the exposition text (exact label set), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('telemetry helpers', () => {
  it('sqlOperation: the first keyword, comments and parentheses skipped, unknown words OTHER', () => {
    expect(sqlOperation('SELECT 1')).toBe('SELECT');
    expect(sqlOperation('  \n insert into x values ($1)')).toBe('INSERT');
    expect(sqlOperation('-- note\n/* block */ (SELECT 1) UNION (SELECT 2)')).toBe('SELECT');
    expect(sqlOperation('WITH a AS (SELECT 1) UPDATE t SET x = 1')).toBe('WITH');
    expect(sqlOperation("tok='x' SELECT")).toBe('OTHER');
    expect(sqlOperation('/* never closed')).toBe('OTHER');
    expect(sqlOperation('')).toBe('OTHER');
  });

  it('loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '203.0.113.5', '::ffff:10.0.0.1', '::', 'localhost', '127.0.0.1.evil', '', undefined]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });

  it('client error kinds: the known prefix of where, else other', () => {
    expect(clientErrorKind('remote-load:loan-details')).toBe('remote-load');
    expect(clientErrorKind('remote-crash')).toBe('remote-crash');
    expect(clientErrorKind('api:/v3/loan-details/detail')).toBe('api');
    expect(clientErrorKind('anything-else:x')).toBe('other');
  });

  it('the environment: METRICS_TOKEN checked, tracing only with an OTLP endpoint (and not when disabled)', () => {
    expect(telemetryOptionsFromEnv({})).toEqual({ metricsToken: undefined, spanExporter: undefined, serviceName: 'lendview-api' });
    const token = 'a'.repeat(32);
    expect(telemetryOptionsFromEnv({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const bad of ['short', 'with a space in it but long enough', 'x'.repeat(257)]) {
      expect(() => telemetryOptionsFromEnv({ METRICS_TOKEN: bad })).toThrow(EnvError);
      expect(() => telemetryOptionsFromEnv({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN must be 24 to 256 printable characters/);
    }
    expect(telemetryOptionsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).spanExporter).toBeDefined();
    expect(telemetryOptionsFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }).spanExporter).toBeDefined();
    expect(
      telemetryOptionsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }).spanExporter,
    ).toBeUndefined();
    expect(
      telemetryOptionsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' }).spanExporter,
    ).toBeUndefined();
    expect(() => telemetryOptionsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(telemetryOptionsFromEnv({ OTEL_SERVICE_NAME: 'lendview-api-blue' }).serviceName).toBe('lendview-api-blue');
  });
});

describe.each(BACKENDS)('GET /metrics (%s)', (backend) => {
  const ctx = useTelemetryApp(backend, () => createTelemetry());
  const system = backend === 'pg' ? 'postgresql' : 'pglite';

  it('has the request histogram by method, route template and status, in-flight requests, the database histogram', async () => {
    for (const id of ['41', '42', '43']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/test/items/${id}?tok=secret-token-in-query&productId=1` });
      expect(res.json()).toEqual({ n: Number(id) + 1 });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/v3/no-such-endpoint?tok=x' })).statusCode).toBe(404);

    const res = await scrape(ctx.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;

    expect(text).toContain('# TYPE http_server_request_duration_seconds histogram');
    const route = 'http_request_method="GET",http_route="/test/items/:id",http_response_status_code="200"';
    expect(sample(text, `http_server_request_duration_seconds_count{${route}}`)).toBe(3);
    expect(sample(text, `http_server_request_duration_seconds_bucket{${route},le="+Inf"}`)).toBe(3);
    expect(sample(text, `http_server_request_duration_seconds_bucket{${route},le="30"}`)).toBe(3);
    expect(
      sample(
        text,
        'http_server_request_duration_seconds_count{http_request_method="GET",http_route="unmatched",http_response_status_code="404"}',
      ),
    ).toBe(1);
    // Templates, never URLs: no concrete id, no query string, no token.
    expect(text).not.toMatch(/\/test\/items\/4\d|secret-token|no-such-endpoint|\?/);
    // The scrape itself is the one request in flight.
    expect(sample(text, 'http_server_active_requests')).toBe(1);

    expect(text).toContain('# TYPE db_client_operation_duration_seconds histogram');
    expect(
      sample(text, `db_client_operation_duration_seconds_count{db_system="${system}",db_operation_name="SELECT"}`),
    ).toBeGreaterThanOrEqual(3);
    for (const name of [
      'nodejs_eventloop_delay_p50_seconds',
      'nodejs_eventloop_delay_p99_seconds',
      'nodejs_eventloop_delay_max_seconds',
      'nodejs_heap_used_bytes',
      'nodejs_heap_total_bytes',
      'process_resident_memory_bytes',
    ]) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'nodejs_heap_used_bytes')).toBeGreaterThan(1_000_000);
    if (backend === 'pg') {
      expect(sample(text, 'db_client_pool_connections{db_system="postgresql"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_client_pool_idle_connections{db_system="postgresql"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_client_pool_waiting_requests{db_system="postgresql"}')).toBe(0);
    } else {
      expect(text).not.toContain('db_client_pool_connections{');
    }

    // The next scrape counts the previous one under its own route.
    const again = (await scrape(ctx.app)).body;
    expect(
      sample(
        again,
        'http_server_request_duration_seconds_count{http_request_method="GET",http_route="/metrics",http_response_status_code="200"}',
      ),
    ).toBe(1);
  });

  it('a transaction and a failed query are measured too', async () => {
    const tx = await ctx.app.inject({ method: 'POST', url: '/test/tx', payload: { secret: 'tx-secret' } });
    expect(tx.json()).toEqual({ same: true });
    const bad = await ctx.app.inject({ method: 'POST', url: '/test/sql-error', payload: { secret: 'not-a-number' } });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    const text = (await scrape(ctx.app)).body;
    expect(sample(text, `db_client_operation_duration_seconds_count{db_system="${system}",db_operation_name="TRANSACTION"}`)).toBe(1);
    expect(
      sample(text, `db_client_operation_duration_seconds_count{db_system="${system}",db_operation_name="INSERT"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/tx-secret|not-a-number/);
  });

  it('is refused to a request from another address, or relayed by a proxy on this machine (403 envelope, no metrics)', async () => {
    for (const opts of [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '10.1.2.3' },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
      { headers: { forwarded: 'for=203.0.113.7' } },
      { headers: { 'x-real-ip': '203.0.113.7' } },
    ] satisfies Partial<InjectOptions>[]) {
      const res = await scrape(ctx.app, { ...opts, headers: { accept: 'text/plain', ...('headers' in opts ? opts.headers : {}) } });
      expect(res.statusCode, JSON.stringify(opts)).toBe(403);
      expect(envelopeOf(res)).toEqual({ code: 'FORBIDDEN', data: null, message: 'Metrik hanya disajikan untuk mesin ini.' });
      expect(res.body).not.toContain('http_server');
    }
    const en = await scrape(ctx.app, { remoteAddress: '203.0.113.7', headers: { 'accept-language': 'en' } });
    expect(envelopeOf(en).message).toBe('Metrics are only served to this machine.');
  });

  it('other methods and paths under /metrics stay 404 envelopes', async () => {
    for (const [method, url] of [
      ['POST', '/metrics'],
      ['GET', '/metrics/'],
      ['GET', '/metrics/x'],
      ['DELETE', '/metrics'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(envelopeOf(res).code).toBe('NOT_FOUND');
    }
  });

  it('tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT): registers no @fastify/otel plugin and makes no tracer; metrics still work', async () => {
    expect(ctx.telemetry.tracing).toBeUndefined();
    expect(ctx.app.hasPlugin('@fastify/otel')).toBe(false);
    await ctx.app.inject({ method: 'GET', url: '/test/items/1' });
    expect((await scrape(ctx.app)).body).toContain('http_route="/test/items/:id"');
  });

  describe('POST /api/client-errors', () => {
    const URL = '/api/client-errors';
    const report = (payload: Record<string, string>, opts: Partial<InjectOptions> = {}) =>
      ctx.app.inject({ method: 'POST', url: URL, payload, ...opts });

    it('logs one warn line with both request ids and no token, counts it, and answers the envelope', async () => {
      ctx.lines.length = 0;
      const res = await report(
        {
          message: 'Request to /v3/loan-details/detail?tok=leaked-token-1234 failed (HTTP 502) Bearer abc.def.ghi',
          requestId: 'a1b2c3d4-failed-call',
          where: 'api:/v3/loan-details/detail',
        },
        {
          url: `${URL}?tok=query-token-5678&isNeedPop=1`,
          headers: { 'x-request-id': 'report-0001', 'x-lv-token': 'header-token-9012', authorization: 'Bearer header-bearer' },
        },
      );
      expect(res.statusCode).toBe(200);
      expect(envelopeOf(res)).toEqual({ code: '00', data: { received: true }, message: 'Thank you. The problem has been recorded.' });

      const reported = ctx.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'client error reported');
      expect(reported).toHaveLength(1);
      const line = reported[0]!;
      expect(line.level).toBe(40);
      expect(line.reqId).toBe('report-0001');
      expect(line.clientError).toEqual({
        kind: 'api',
        clientWhere: 'api:/v3/loan-details/detail',
        clientMessage: 'Request to /v3/loan-details/detail?tok=[redacted] failed (HTTP 502) Bearer [redacted]',
        clientRequestId: 'a1b2c3d4-failed-call',
      });
      // Support greps either id and finds the line.
      expect(ctx.lines.filter((l) => l.includes('a1b2c3d4')).length).toBeGreaterThanOrEqual(1);
      const all = ctx.lines.join('\n');
      for (const secret of ['leaked-token-1234', 'query-token-5678', 'header-token-9012', 'header-bearer', 'abc.def.ghi']) {
        expect(all, secret).not.toContain(secret);
      }

      await report({ message: 'Remote failed to load', where: 'remote-load:loan-details' }, { remoteAddress: '198.51.100.20' });
      await report({ message: 'x', where: 'somewhere' }, { remoteAddress: '198.51.100.20' });
      const text = (await scrape(ctx.app)).body;
      expect(sample(text, 'lendview_client_errors_total{kind="api"}')).toBe(1);
      expect(sample(text, 'lendview_client_errors_total{kind="remote-load"}')).toBe(1);
      expect(sample(text, 'lendview_client_errors_total{kind="other"}')).toBe(1);
    });

    it('a report without a request id (a remote that failed to load) is logged with clientRequestId null', async () => {
      ctx.lines.length = 0;
      const res = await report(
        { message: 'Loading chunk failed', requestId: '', where: 'remote-load:repayment' },
        { remoteAddress: '198.51.100.21' },
      );
      expect(res.statusCode).toBe(200);
      const line = ctx.lines
        .map((l) => JSON.parse(l) as { msg: string; clientError?: unknown })
        .find((l) => l.msg === 'client error reported');
      expect(line?.clientError).toEqual({
        kind: 'remote-load',
        clientWhere: 'remote-load:repayment',
        clientMessage: 'Loading chunk failed',
        clientRequestId: null,
      });
    });

    it('refuses missing, too long, multi-line or control-character fields and a malformed request id (400, nothing logged)', async () => {
      const ok = { message: 'Something broke', requestId: 'abc-123', where: 'shell' };
      const cases: Record<string, string>[] = [
        { ...ok, message: '' },
        { ...ok, message: 'x'.repeat(301) },
        { ...ok, message: 'line one\nline two' },
        { ...ok, message: 'bell \u0007 here' },
        { ...ok, message: 'nul \u0000 here' },
        { ...ok, where: '' },
        { ...ok, where: 'has space' },
        { ...ok, where: 'x'.repeat(121) },
        { ...ok, where: 'tab\there' },
        { ...ok, requestId: 'has space' },
        { ...ok, requestId: 'x'.repeat(65) },
        { ...ok, requestId: 'semi;colon' },
        { message: 'no where' },
        { where: 'shell' },
      ];
      ctx.lines.length = 0;
      for (const payload of cases) {
        const res = await report(payload, { remoteAddress: '198.51.100.30' });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(envelopeOf(res).code, JSON.stringify(payload)).toBe('BAD_REQUEST');
      }
      expect(ctx.lines.filter((l) => l.includes('client error reported'))).toEqual([]);
      // The bounds themselves pass.
      const edge = await report(
        { message: 'x'.repeat(300), requestId: 'r'.repeat(64), where: 'w'.repeat(120) },
        { remoteAddress: '198.51.100.31' },
      );
      expect(edge.statusCode).toBe(200);
    });

    it(`caps reports per client address: ${CLIENT_ERROR_LIMITS.perMinute.limit} a minute, then 429 with Retry-After; other addresses unaffected`, async () => {
      const ip = '198.51.100.40';
      for (let i = 0; i < CLIENT_ERROR_LIMITS.perMinute.limit; i++) {
        expect((await report({ message: `failure ${i}`, where: 'shell' }, { remoteAddress: ip })).statusCode).toBe(200);
      }
      ctx.lines.length = 0;
      const refused = await report({ message: 'one more', where: 'shell' }, { remoteAddress: ip, headers: { 'accept-language': 'en' } });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(envelopeOf(refused)).toEqual({
        code: 'RATE_LIMITED',
        data: null,
        message: 'Too many problem reports. Please try again in 1 minutes.',
      });
      expect(ctx.lines.filter((l) => l.includes('client error reported'))).toEqual([]);
      expect((await report({ message: 'elsewhere', where: 'shell' }, { remoteAddress: '198.51.100.41' })).statusCode).toBe(200);
      ctx.clock.advance(61_000);
      expect((await report({ message: 'next minute', where: 'shell' }, { remoteAddress: ip })).statusCode).toBe(200);
    });
  });
});

describe.each(BACKENDS)('GET /metrics with METRICS_TOKEN (%s)', (backend) => {
  const token = 'metrics-token-0123456789abcdef';
  const ctx = useTelemetryApp(backend, () => createTelemetry({ metricsToken: token }), { trustProxy: true });

  it('wants the bearer token from everyone, loopback included (401 envelope, WWW-Authenticate), and serves it with it', async () => {
    for (const [what, opts] of [
      ['loopback without a token', {}],
      ['wrong token', { headers: { authorization: 'Bearer metrics-token-0123456789abcdeX' } }],
      ['token as a prefix', { headers: { authorization: `Bearer ${token}x` } }],
      ['not a bearer', { headers: { authorization: `Basic ${token}` } }],
      ['public address with a wrong token', { remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer nope' } }],
    ] as const) {
      const res = await scrape(ctx.app, opts);
      expect(res.statusCode, what).toBe(401);
      expect(res.headers['www-authenticate'], what).toBe('Bearer realm="metrics"');
      expect(envelopeOf(res), what).toEqual({
        code: 'UNAUTHORIZED',
        data: null,
        message: 'Token metrik yang valid diperlukan (Authorization: Bearer).',
      });
      expect(res.body, what).not.toContain('http_server');
    }
    // A scraper elsewhere (behind the load balancer: TRUST_PROXY) with the token.
    const ok = await scrape(ctx.app, {
      remoteAddress: '10.0.0.5',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_server_request_duration_seconds_bucket');
    // The refused scrapes were counted with their status.
    expect(
      sample(
        ok.body,
        'http_server_request_duration_seconds_count{http_request_method="GET",http_route="/metrics",http_response_status_code="401"}',
      ),
    ).toBe(5);
  });
});

describe.each(BACKENDS)('traces (%s)', (backend) => {
  const exporter = new InMemorySpanExporter();
  const ctx = useTelemetryApp(backend, () => createTelemetry({ spanExporter: exporter, simpleSpanProcessor: true }));
  const system = backend === 'pg' ? 'postgresql' : 'pglite';

  const allText = (spans: ReadableSpan[]) =>
    JSON.stringify(spans.map((s) => ({ name: s.name, attributes: s.attributes, status: s.status, events: s.events })));

  function ancestors(span: ReadableSpan, spans: ReadableSpan[]): ReadableSpan[] {
    const out: ReadableSpan[] = [];
    let parentId = span.parentSpanContext?.spanId;
    while (parentId) {
      const parent = spans.find((s) => s.spanContext().spanId === parentId);
      if (!parent) break;
      out.push(parent);
      parentId = parent.parentSpanContext?.spanId;
    }
    return out;
  }

  it('a request span (route template, method, status, request id; no query string) with a database child span (no parameters)', async () => {
    exporter.reset();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/test/items/7?tok=trace-secret-token&phone=13877712345',
      headers: { 'x-request-id': 'trace-req-0001', 'x-lv-token': 'header-secret-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-req-0001');
    await ctx.telemetry.tracing!.provider.forceFlush();
    const spans = exporter.getFinishedSpans();

    const request = spans.find((s) => s.attributes['http.route'] === '/test/items/:id' && s.kind === SpanKind.SERVER);
    expect(request, allText(spans)).toBeDefined();
    expect(request!.name).toBe('GET /test/items/:id');
    expect(request!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/test/items/:id',
      'http.response.status_code': 200,
      'url.path': '/test/items/7',
      'lendview.request_id': 'trace-req-0001',
    });
    expect(request!.parentSpanContext).toBeUndefined();

    const query = spans.find((s) => s.attributes['db.system'] === system);
    expect(query, allText(spans)).toBeDefined();
    expect(query!.name).toBe('SELECT');
    expect(query!.kind).toBe(SpanKind.CLIENT);
    expect(query!.attributes).toEqual({ 'db.system': system, 'db.operation.name': 'SELECT' });
    expect(query!.spanContext().traceId).toBe(request!.spanContext().traceId);
    expect(ancestors(query!, spans).map((s) => s.spanContext().spanId)).toContain(request!.spanContext().spanId);

    // Nothing of the query string, the headers or the SQL parameters.
    const text = allText(spans);
    expect(text).not.toMatch(/trace-secret-token|header-secret-token|13877712345|\?tok|\$1|::int/);
  });

  it('a transaction span with its queries under it; a failed query has its SQLSTATE, not the value', async () => {
    exporter.reset();
    const tx = await ctx.app.inject({ method: 'POST', url: '/test/tx?tok=tx-query-secret', payload: { secret: 'tx-body-secret' } });
    expect(tx.json()).toEqual({ same: true });
    const bad = await ctx.app.inject({ method: 'POST', url: '/test/sql-error', payload: { secret: 'quoted-body-secret' } });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    await ctx.telemetry.tracing!.provider.forceFlush();
    const spans = exporter.getFinishedSpans();

    const transaction = spans.find((s) => s.name === 'TRANSACTION');
    expect(transaction, allText(spans)).toBeDefined();
    expect(transaction!.attributes).toEqual({ 'db.system': system, 'db.operation.name': 'TRANSACTION' });
    const inside = spans.filter((s) => s.parentSpanContext?.spanId === transaction!.spanContext().spanId).map((s) => s.name);
    expect(inside.sort()).toEqual(['INSERT', 'SELECT']);
    const txRequest = spans.find((s) => s.attributes['http.route'] === '/test/tx');
    expect(ancestors(transaction!, spans)).toContain(txRequest);

    const failed = spans.find((s) => s.attributes['db.response.status_code'] !== undefined);
    expect(failed, allText(spans)).toBeDefined();
    expect(failed!.status).toEqual({ code: SpanStatusCode.ERROR, message: '22P02' });
    expect(failed!.attributes['db.response.status_code']).toBe('22P02');
    const failedRequest = spans.find((s) => s.attributes['http.route'] === '/test/sql-error');
    expect(failedRequest!.attributes['http.response.status_code']).toBe(bad.statusCode);

    expect(allText(spans)).not.toMatch(/tx-query-secret|tx-body-secret|quoted-body-secret/);
  });

  it('the probes and the metrics scrape are not traced; a database call outside any request makes no trace', async () => {
    exporter.reset();
    await ctx.app.inject({ method: 'GET', url: '/healthz' });
    await ctx.app.inject({ method: 'GET', url: '/metrics' });
    await ctx.db.query('SELECT 1');
    await ctx.telemetry.tracing!.provider.forceFlush();
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual([]);
  });

  it('an incoming traceparent continues its trace', async () => {
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await ctx.app.inject({ method: 'GET', url: '/test/items/1', headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    await ctx.telemetry.tracing!.provider.forceFlush();
    const spans = exporter.getFinishedSpans();
    expect(spans.length).toBeGreaterThanOrEqual(2);
    expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(new Set([traceId]));
  });
});
