import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RumVersionHealth } from '@lendview/contracts';
import { operationOf, render } from '../src/cli/releases.ts';
import { runOperation } from '../src/releases/operations.ts';
import { versionHealth } from '../src/rum/health.ts';
import { RUM_LIMITS } from '../src/services/rum.ts';
import { HOUSEKEEPING_JOBS, runJobOnce } from '../src/services/jobs.ts';
import { FolderStorage } from '../src/providers/storage.ts';
import { maskRumText, maskStack } from '../src/rum/redact.ts';
import { parseStack, sourceName } from '../src/rum/symbolicate.ts';
import { rumViewKey, signView } from '../src/rum/view-id.ts';
import { consoleGet, operatorToken } from './helpers/ops-console.ts';
import { remoteBuild, releaseInto, shellBuild, tempDir } from './helpers/releases.ts';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';

// Issue 16 item 4: POST /api/rum (real-user signals per remote version), symbolication through hidden source
// maps, the maps never served, retention. On PGlite and on PostgreSQL.

const URL = '/api/rum';
const PAGE = 'page-0123456789abcdef';
const BOOM_SOURCE = `export function formatAmount(amount: number): string {
  if (amount < 0) {
    throw new Error('negative amount for 0812-3456-7890');
  }
  return String(amount);
}

export function render(): string {
  return formatAmount(-1);
}
`;
/** The line of the throw in BOOM_SOURCE (1-based). */
const THROW_LINE = 3;

/**
 * A remote version built for real: src/pages/Boom.tsx bundled and minified by esbuild with an external map and no
 * sourceMappingURL (what `build.sourcemap: 'hidden'` gives), published as marketing 1.0.0. Returns the stack the
 * bundle throws when run as the browser would load it from /remotes/marketing/1.0.0/assets/boom.js.
 */
async function publishBoom(ctx: TestContext): Promise<string> {
  const dir = tempDir('lendview-rum-build-');
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
  writeFileSync(join(dir, 'src/pages/Boom.tsx'), BOOM_SOURCE);
  const out = join(dir, 'dist');
  await build({
    entryPoints: [join(dir, 'src/pages/Boom.tsx')],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'Boom',
    sourcemap: 'external',
    outfile: join(out, 'assets/boom.js'),
    logLevel: 'silent',
  });
  const js = readFileSync(join(out, 'assets/boom.js'), 'utf8');
  expect(js).not.toContain('sourceMappingURL');
  remoteBuild(out, { name: 'marketing', version: '1.0.0', routes: ['/About'] });
  await releaseInto(ctx, 'shell', shellBuild(tempDir(), { version: '0.1.0', index: '<!doctype html><title>shell</title>' }));
  await releaseInto(ctx, 'marketing', out);
  // Run in a plain node process (as a browser runs it: V8 positions of the served file); vitest's own stack
  // handling would rewrite positions in this process.
  const run = `const vm = require('node:vm'); try { vm.runInNewContext(require('node:fs').readFileSync(process.argv[1], 'utf8') + '\\nBoom.render();', {}, { filename: 'http://127.0.0.1:8080/remotes/marketing/1.0.0/assets/boom.js' }); } catch (e) { process.stdout.write(e.stack); }`;
  const stack = execFileSync(process.execPath, ['-e', run, join(out, 'assets/boom.js')], { encoding: 'utf8' });
  expect(stack).toContain('/remotes/marketing/1.0.0/assets/boom.js:');
  return stack;
}

const view = (over: Record<string, unknown> = {}) => ({ app: 'marketing', version: '1.0.0', route: '/About', kind: 'view', ...over });

describe.each(BACKENDS)('real-user signals (%s)', (backend) => {
  const ctx = useTestApp(backend, { seed: false });
  let stack = '';
  beforeAll(async () => {
    stack = await publishBoom(ctx);
  });
  let ip = 0;
  let nonce = 0;
  /** The page id of the last signed post's counted events: its view id's nonce. */
  let lastNonce = '';
  /**
   * Each test posts from its own address, so the per-address cap of one test never touches another. A batch (an
   * object with events) goes with a new view id signed for the versions it names, as the shell sends one a page
   * view (rum-forged.test.ts covers batches without a valid one).
   */
  const post = async (body: unknown, opts: Partial<InjectOptions> & { as?: string } = {}) => {
    let payload = body;
    const batch = body as { events?: { app?: unknown; version?: unknown }[] };
    if (typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && Array.isArray(batch.events)) {
      lastNonce = `view-${String(++nonce).padStart(17, '0')}`;
      const remotes = batch.events.map((e) => ({ app: String(e.app), version: String(e.version) }));
      payload = { ...body, view: signView(await rumViewKey(ctx.db), remotes, ctx.clock.now(), lastNonce) };
    }
    return ctx.app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: opts.as ?? `10.0.0.${++ip}`,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'accept-language': 'en', ...opts.headers },
      payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
    });
  };
  const rows = async (where = 'true') =>
    ctx.db.query<{
      app: string;
      version: string;
      route: string;
      kind: string;
      value: number | null;
      detail: Record<string, unknown> | null;
      page_id: string;
    }>(`SELECT app, version, route, kind, value, detail, page_id FROM rum_events WHERE ${where} ORDER BY id`);

  it('stores a batch sent as sendBeacon sends it (text/plain JSON): the view, the vitals with their attribution, the error', async () => {
    const res = await post({
      pageId: PAGE,
      events: [
        view(),
        {
          ...view({ kind: 'lcp', value: 1234.5 }),
          detail: { target: 'main>img.hero', loadState: 'complete', phases: { timeToFirstByte: 80, elementRenderDelay: 400 } },
        },
        {
          ...view({ kind: 'inp', value: 96 }),
          detail: { target: 'button#apply', type: 'pointer', phases: { inputDelay: 4, processingDuration: 60, presentationDelay: 32 } },
        },
        {
          ...view({ kind: 'cls', value: 0.05 }),
          detail: { target: 'div.banner', phases: { largestShiftValue: 0.04, largestShiftTime: 900 } },
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({ code: '00', data: { accepted: 4, dropped: 0 }, message: 'Received.' });
    const stored = await rows();
    // The page id of counted events is the view id's nonce (the server's), not the browser's.
    expect(stored.map((r) => [r.app, r.version, r.route, r.kind, r.value, r.page_id])).toEqual([
      ['marketing', '1.0.0', '/About', 'view', null, lastNonce],
      ['marketing', '1.0.0', '/About', 'lcp', 1234.5, lastNonce],
      ['marketing', '1.0.0', '/About', 'inp', 96, lastNonce],
      ['marketing', '1.0.0', '/About', 'cls', 0.05, lastNonce],
    ]);
    expect(stored[0]!.detail).toBeNull();
    expect(stored[1]!.detail).toEqual({
      target: 'main>img.hero',
      loadState: 'complete',
      phases: { timeToFirstByte: 80, elementRenderDelay: 400 },
    });
    expect(stored[2]!.detail).toEqual({
      target: 'button#apply',
      type: 'pointer',
      phases: { inputDelay: 4, processingDuration: 60, presentationDelay: 32 },
    });
    // application/json is accepted the same way (fetch keepalive).
    const json = await post({ pageId: PAGE, events: [view()] }, { headers: { 'content-type': 'application/json' } });
    expect(envelopeOf(json).data).toEqual({ accepted: 1, dropped: 0 });
  });

  it("symbolicates a stack through the version's hidden source map: the original .tsx file, line and function", async () => {
    const res = await post({
      pageId: PAGE,
      events: [
        view(),
        { ...view({ kind: 'error' }), detail: { source: 'error', name: 'Error', message: 'negative amount for 0812-3456-7890', stack } },
      ],
    });
    expect(envelopeOf(res).data).toEqual({ accepted: 2, dropped: 0 });
    const [row] = await rows("kind = 'error'");
    const detail = row!.detail as {
      source: string;
      name: string;
      message: string;
      stack: string;
      frames: { file: string; line: number; column: number; name: string | null }[];
    };
    expect(detail.source).toBe('error');
    expect(detail.name).toBe('Error');
    // The phone number in the message is masked, in the message and in the raw stack's first line.
    expect(detail.message).toBe('negative amount for [number]');
    expect(detail.stack).not.toMatch(/0812|3456|7890/);
    // The raw stack keeps the served location, the frames name the original source.
    expect(detail.stack).toContain('/remotes/marketing/1.0.0/assets/boom.js:');
    // The throwing function, named by its caller's call site (its minified name "u" means nothing).
    expect(detail.frames[0]).toEqual({ file: 'src/pages/Boom.tsx', line: THROW_LINE, column: 11, name: 'formatAmount' });
    expect(detail.frames[1]).toMatchObject({ file: 'src/pages/Boom.tsx', line: 9 });
    // The caller's line (appended after the bundle, outside the map) stays as served.
    expect(detail.frames[2]).toMatchObject({ file: '/remotes/marketing/1.0.0/assets/boom.js', line: 3 });
  });

  it('never serves a source map (nor its compressed copies); the JavaScript itself is served', async () => {
    const js = await ctx.app.inject({ method: 'GET', url: '/remotes/marketing/1.0.0/assets/boom.js' });
    expect(js.statusCode).toBe(200);
    for (const url of [
      '/remotes/marketing/1.0.0/assets/boom.js.map',
      '/remotes/marketing/1.0.0/assets/boom.js.map.gz',
      '/remotes/marketing/1.0.0/assets/boom.js.MAP',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('mappings');
    }
    // It is published all the same: the version lists it and storage has it (symbolication reads it there).
    const [v] = await ctx.db.query<{ files: Record<string, unknown> }>(
      "SELECT files FROM release_versions WHERE app = 'marketing' AND version = '1.0.0'",
    );
    expect(Object.keys(v!.files)).toContain('assets/boom.js.map');
    expect(await new FolderStorage(ctx.releasesDir).get('marketing/1.0.0/assets/boom.js.map')).not.toBeNull();
  });

  it('drops (and counts) events of an app or version that is not published', async () => {
    const before = (await rows()).length;
    const res = await post({
      pageId: PAGE,
      events: [view(), view({ version: '9.9.9' }), view({ app: 'no-such-remote' }), view({ app: 'shell', version: '0.1.0' })],
    });
    expect(envelopeOf(res).data).toEqual({ accepted: 1, dropped: 3 });
    expect((await rows()).length).toBe(before + 1);
  });

  it('masks personal data in what it stores: tokens, phone numbers, e-mails, query strings', async () => {
    await ctx.db.query("DELETE FROM rum_events WHERE kind = 'error'");
    const message =
      'failed /v3/loan-details/detail?tok=secret-token-abc&dId=dev-42 for +62 812 3456 7890 ana@example.com Bearer abc.def eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln';
    const res = await post({
      pageId: PAGE,
      events: [
        view(),
        {
          ...view({ kind: 'error' }),
          detail: {
            source: 'rejection',
            message,
            stack: `Error: ${message}\n    at load (http://127.0.0.1/remotes/marketing/1.0.0/assets/boom.js?tok=abc123:1:200)`,
          },
        },
      ],
    });
    expect(envelopeOf(res).data).toEqual({ accepted: 2, dropped: 0 });
    const [row] = await rows("kind = 'error'");
    const text = JSON.stringify(row!.detail);
    for (const secret of ['secret-token-abc', 'dev-42', '812', '3456', '7890', 'ana@example.com', 'abc.def', 'eyJhbGci', 'tok=abc123']) {
      expect(text, secret).not.toContain(secret);
    }
    expect((row!.detail as { message: string }).message).toBe(
      'failed /v3/loan-details/detail for [number] [email] Bearer [redacted] [token]',
    );
  });

  it('refuses hostile input with a clear 4xx, never a 500, and stores none of it', async () => {
    const before = (await rows()).length;
    const cases: [string, unknown, number][] = [
      ['not JSON', 'garbage{{', 400],
      ['empty', '', 400],
      [
        'NUL in a message',
        { pageId: PAGE, events: [{ ...view({ kind: 'error' }), detail: { source: 'error', message: 'a\u0000b' } }] },
        400,
      ],
      ['NUL in a route', { pageId: PAGE, events: [view({ route: '/About\u0000' })] }, 400],
      ['a query string in the route', { pageId: PAGE, events: [view({ route: '/About?tok=x' })] }, 400],
      ['an unknown field', { pageId: PAGE, events: [view({ phone: '081234567890' })] }, 400],
      ['an unknown kind', { pageId: PAGE, events: [view({ kind: 'ttfb', value: 1 })] }, 400],
      ['a negative LCP', { pageId: PAGE, events: [view({ kind: 'lcp', value: -1 })] }, 400],
      ['an LCP of a day', { pageId: PAGE, events: [view({ kind: 'lcp', value: 86_400_000 })] }, 400],
      ['a CLS of 1e9', { pageId: PAGE, events: [view({ kind: 'cls', value: 1e9 })] }, 400],
      ['a bad page id', { pageId: 'x', events: [view()] }, 400],
      ['no events', { pageId: PAGE, events: [] }, 400],
      ['51 events', { pageId: PAGE, events: Array.from({ length: 51 }, () => view()) }, 400],
      [
        'a message of 10 000 characters',
        { pageId: PAGE, events: [{ ...view({ kind: 'error' }), detail: { source: 'error', message: 'x'.repeat(10_000) } }] },
        400,
      ],
      ['an array', [view()], 400],
      ['a 10 MB body', 'x'.repeat(10 * 1024 * 1024), 413],
      [
        'a 200 KB body of valid JSON',
        { pageId: PAGE, events: [{ ...view({ kind: 'error' }), detail: { source: 'error', message: 'x', stack: 'y'.repeat(200_000) } }] },
        413,
      ],
    ];
    for (const [what, body, status] of cases) {
      const res = await post(body);
      expect(res.statusCode, what).toBe(status);
      expect(envelopeOf(res).code, what).not.toBe('SERVER_ERROR');
    }
    const formBody = await ctx.app.inject({
      method: 'POST',
      url: URL,
      payload: 'pageId=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(formBody.statusCode).toBe(415);
    expect((await rows()).length).toBe(before);
  });

  it(`caps batches per client address (${RUM_LIMITS.perMinute.limit} a minute): then 429 with Retry-After`, async () => {
    const as = '10.9.9.9';
    for (let i = 0; i < RUM_LIMITS.perMinute.limit; i++) {
      const res = await post({ pageId: PAGE, events: [view({ version: '9.9.9' })] }, { as });
      expect(res.statusCode).toBe(200);
    }
    const refused = await post({ pageId: PAGE, events: [view()] }, { as });
    expect(refused.statusCode).toBe(429);
    expect(envelopeOf(refused)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many measurements from this address. Please try again in 1 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post({ pageId: PAGE, events: [view()] }, { as: '10.9.9.10' })).statusCode).toBe(200);
  });

  it("the console's Releases endpoint needs a support operator's session; it lists each version's numbers and top errors, symbolicated", async () => {
    const path = '/ops/api/console/releases';
    expect((await consoleGet(ctx, path, {})).status).toBe(401);
    const marketer = await operatorToken(ctx, 'rum-marketing', 'marketing');
    expect((await consoleGet(ctx, path, {}, marketer.token)).status).toBe(403);
    let { token } = await operatorToken(ctx, 'rum-support');
    const error = {
      ...view({ kind: 'error' }),
      detail: { source: 'error', name: 'Error', message: 'negative amount for 0812-3456-7890', stack },
    };
    for (let i = 0; i < 2; i++)
      expect((await post({ pageId: `page-ops-${i}-0000`, events: [view(), error, view({ kind: 'lcp', value: 1500 })] })).statusCode).toBe(
        200,
      );

    // Read without envelopeOf: this answer rightly holds error messages ("Error: ...") and stack frames.
    const read = async (hours: number) => {
      const res = await ctx.app.inject({ method: 'GET', url: `${path}?hours=${hours}`, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      return res.json<{ code: string; data: { since: string; hours: number; versions: RumVersionHealth[] } }>();
    };
    const answer = await read(24);
    expect(answer.code).toBe('00');
    expect(answer.data.hours).toBe(24);
    const now = ctx.clock.now();
    expect(answer.data.since).toBe(new Date(now.getTime() - 24 * 3_600_000).toISOString());
    const v = answer.data.versions.find((x) => x.app === 'marketing' && x.version === '1.0.0')!;
    const { since: _since, ...expected } = await versionHealth(ctx.db, 'marketing', '1.0.0', new Date(now.getTime() - 24 * 3_600_000));
    expect(v).toMatchObject({ ...expected, live: true });
    expect(v.errors).toBeGreaterThanOrEqual(2);
    expect(v.lcpSamples).toBeGreaterThanOrEqual(2);
    expect(v.lcpP75).toBeGreaterThan(1000);
    const top = v.topErrors[0]!;
    expect(top).toMatchObject({ message: 'Error: negative amount for [number]' });
    expect(top.count).toBeGreaterThanOrEqual(2);
    expect(top.frames[0]).toEqual({ file: 'src/pages/Boom.tsx', line: THROW_LINE, column: 11, name: 'formatAmount' });
    // Nothing in the window: the live version is listed with no numbers.
    const later = await read(1);
    ctx.clock.advance(2 * 3_600_000);
    token = (await operatorToken(ctx, 'rum-support')).token; // the first session has expired meanwhile
    const empty = await read(1);
    expect(later.data.versions.find((x) => x.version === '1.0.0')!.views).toBeGreaterThan(0);
    expect(empty.data.versions.find((x) => x.version === '1.0.0')).toMatchObject({
      live: true,
      views: 0,
      errorRate: null,
      lcpP75: null,
      topErrors: [],
    });
    expect((await consoleGet(ctx, path, { hours: 0 }, token)).status).toBe(400);
    expect((await consoleGet(ctx, path, { hours: 721 }, token)).status).toBe(400);
  });

  it('pnpm remotes --health: the table per version (live marked), also as JSON and through the release control', async () => {
    expect(operationOf('list', ['--health', '--since', '2h']).operation).toEqual({ op: 'health', sinceMs: 7_200_000 });
    expect(operationOf('list', ['--health']).operation).toEqual({ op: 'health', sinceMs: 86_400_000 });
    expect(() => operationOf('list', ['--health', '--since', 'soon'])).toThrow(/--since takes 90m, 24h or 7d/);
    expect(() => operationOf('list', ['--health', '--since', '90d'])).toThrow(/at most 30d/);
    // The operation reads the real clock: these rows are now.
    const at = new Date();
    await ctx.db.query(
      `INSERT INTO rum_events (at, app, version, route, kind, value, page_id) VALUES
       ($1, 'marketing', '1.0.0', '/About', 'view', NULL, 'cli-page-1'), ($1, 'marketing', '1.0.0', '/About', 'view', NULL, 'cli-page-2'),
       ($1, 'marketing', '1.0.0', '/About', 'error', NULL, 'cli-page-2'), ($1, 'marketing', '1.0.0', '/About', 'lcp', 2000, 'cli-page-1'),
       ($1, 'marketing', '1.0.0', '/About', 'inp', 80, 'cli-page-1'), ($1, 'marketing', '1.0.0', '/About', 'cls', 0.25, 'cli-page-1')`,
      [at],
    );
    const outcome = await runOperation(
      { db: ctx.db, storage: new FolderStorage(ctx.releasesDir), actor: 'test' },
      { op: 'health', sinceMs: 3_600_000 },
    );
    // What the release control sends back is JSON: rendering it must not need more.
    const lines = render(JSON.parse(JSON.stringify(outcome)) as typeof outcome, { database: 'pglite:test', storage: 'folder:test' }, false);
    expect(lines[0]).toMatch(/^real-user signals since \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC: pglite:test$/);
    expect(lines[1]).toMatch(/^REMOTE\s+VERSION\s+LIVE\s+VIEWS\s+ERRORS\s+ERROR RATE\s+LCP P75\s+INP P75\s+CLS P75$/);
    expect(lines.slice(2).map((l) => l.split(/\s{2,}/))).toEqual([
      ['marketing', '1.0.0', 'live', '2', '1', '50.0 %', '2000 ms', '80 ms', '0.250'],
    ]);
    // A running canary is listed (marked with its share) before any borrower reported from it.
    await ctx.db.query(
      `INSERT INTO release_versions (app, version, kind, name, digest, declaration, files, source, published_at, published_by)
       SELECT app, '1.1.0', kind, name, repeat('1', 64), declaration, '{}', 'release', now(), 'test' FROM release_versions
        WHERE app = 'marketing' AND version = '1.0.0'`,
    );
    await ctx.db.query(
      `INSERT INTO release_canary (app, version, percent, min_views, live_version, started_at, started_by)
       VALUES ('marketing', '1.1.0', 10, 200, '1.0.0', now(), 'test')`,
    );
    const withCanary = await runOperation(
      { db: ctx.db, storage: new FolderStorage(ctx.releasesDir), actor: 'test' },
      { op: 'health', sinceMs: 3_600_000 },
    );
    expect(
      render(withCanary, { database: 'pglite:test', storage: 'folder:test' }, false)
        .slice(2)
        .map((l) => l.split(/\s{2,}/).slice(0, 4)),
    ).toEqual([
      ['marketing', '1.1.0', 'canary 10%', '0'],
      ['marketing', '1.0.0', 'live', '2'],
    ]);
    await ctx.db.query(`DELETE FROM release_canary WHERE app = 'marketing'`);
    const json = JSON.parse(render(outcome, { database: 'pglite:test', storage: 'folder:test' }, true).join('\n')) as {
      versions: unknown[];
    };
    expect(json.versions).toEqual([
      expect.objectContaining({ app: 'marketing', version: '1.0.0', live: true, views: 2, errors: 1, errorRate: 0.5 }),
    ]);
  });

  it('the hourly housekeeping deletes events older than 30 days', async () => {
    const now = ctx.clock.now();
    await ctx.db.query(
      `INSERT INTO rum_events (at, app, version, route, kind, page_id) VALUES ($1, 'marketing', '1.0.0', '/About', 'view', 'old-page-1'), ($2, 'marketing', '1.0.0', '/About', 'view', 'new-page-1')`,
      [new Date(now.getTime() - 31 * 86_400_000), new Date(now.getTime() - 29 * 86_400_000)],
    );
    const job = HOUSEKEEPING_JOBS.find((j) => j.name === 'purge-expired')!;
    await ctx.db.query('DELETE FROM job_runs');
    expect(await runJobOnce(ctx.db, job, now, { storage: new FolderStorage(ctx.releasesDir) })).toBe('ran');
    const pages = (await rows()).map((r) => r.page_id);
    expect(pages).not.toContain('old-page-1');
    expect(pages).toContain('new-page-1');
  });
});

describe('masking and stack parsing', () => {
  it("masks numbers, tokens, e-mails and query strings but keeps a frame's line and column", () => {
    expect(maskRumText('call 0812-3456-7890 or +62 (21) 555 1234, card 4111111111111111')).toBe('call [number] or [number], card [number]');
    expect(maskRumText('GET https://x.test/a/b?tok=1&x=2#frag failed')).toBe('GET https://x.test/a/b failed');
    expect(maskRumText('HTTP 502 at step 3')).toBe('HTTP 502 at step 3');
    expect(maskStack('TypeError: x for 081234567890\n    at f (https://h/remotes/a/1.0.0/assets/x-123456789.js?v=1:12:3456)')).toBe(
      'TypeError: x for [number]\n    at f (https://h/remotes/a/1.0.0/assets/x-123456789.js:12:3456)',
    );
    // Only a build file's path keeps its digits.
    expect(maskStack('    at f (https://h/u/081234567890.js:1:2)')).toBe('    at f (https://h/u/[number].js:1:2)');
  });

  it('reads V8 and Firefox / Safari frames', () => {
    expect(parseStack('Error: x\n    at async load (http://h/remotes/m/1.0.0/a.js:1:20)\n    at http://h/assets/i.js:3:4')).toEqual([
      { path: '/remotes/m/1.0.0/a.js', line: 1, column: 20, name: 'load' },
      { path: '/assets/i.js', line: 3, column: 4, name: null },
    ]);
    // Not served files: node internals, eval.
    expect(parseStack('    at f (node:internal/vm:209:10)\n    at [eval]:1:2')).toEqual([]);
    expect(parseStack('render@http://h/remotes/m/1.0.0/a.js:5:6\n@http://h/x.js:7:8')).toEqual([
      { path: '/remotes/m/1.0.0/a.js', line: 5, column: 6, name: 'render' },
      { path: '/x.js', line: 7, column: 8, name: null },
    ]);
    expect(sourceName('../../src/App.tsx')).toBe('src/App.tsx');
    expect(sourceName('\u0000virtual:x')).toBe('virtual:x');
  });
});
