import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RumVersionHealth } from '@lendview/contracts';
import { HOUSEKEEPING_JOBS, runJobOnce } from '../src/services/jobs.ts';
import { FolderStorage } from '../src/providers/storage.ts';
import { versionHealth } from '../src/rum/health.ts';
import { healthSummary } from '../src/rum/summary.ts';
import { MAX_BATCH_FRAMES, SourceMaps, symbolicationBudget } from '../src/rum/symbolicate.ts';
import { RUM_VIEW_HEADER, RUM_VIEW_TTL_MS, checkView, rumViewKey, signView } from '../src/rum/view-id.ts';
import { RUM_ERRORS_PER_VIEW, RUM_LIMITS } from '../src/services/rum.ts';
import { operatorToken } from './helpers/ops-console.ts';
import { releaseInto, remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';

// Issue 36 item 4: real-user beacons count only for a page view the server issued (a signed view id, once), so
// forged batches move nothing the canary's judge, /ops/releases or `pnpm remotes --health` read; caps per address
// and per view; symbolication bounded per batch. On PGlite and on PostgreSQL.

const LIVE = { app: 'marketing', version: '1.0.0' };
const CANARY = { app: 'marketing', version: '1.1.0' };
/** A hand-written source map of assets/a.js: line 1, column 0 onwards maps to src/pages/A.tsx line 1. */
const MAP = JSON.stringify({ version: 3, sources: ['../../src/pages/A.tsx'], names: [], mappings: 'AAAA' });
const frame = (i: number) => `    at f${i} (http://127.0.0.1:8080/remotes/marketing/1.0.0/assets/a.js:1:${i + 1})`;
const stackOf = (n: number, from = 0) => ['Error: boom', ...Array.from({ length: n }, (_, i) => frame(from + i))].join('\n');

async function publish(ctx: TestContext) {
  await releaseInto(ctx, 'shell', shellBuild(tempDir(), { version: '0.1.0', index: '<!doctype html><title>shell</title>' }));
  const dir = remoteBuild(tempDir(), {
    ...{ name: 'marketing', version: LIVE.version, routes: ['/About'] },
    files: { 'assets/a.js': 'function f(){throw new Error("boom")}', 'assets/a.js.map': MAP },
  });
  await releaseInto(ctx, 'marketing', dir);
  // The canary: a published copy of the version, running for 10 % (as `pnpm release --canary` leaves it).
  await ctx.db.query(
    `INSERT INTO release_versions (app, version, kind, name, digest, declaration, files, source, published_at, published_by)
     SELECT app, $1, kind, name, repeat('1', 64), declaration, '{}', 'release', now(), 'test' FROM release_versions
      WHERE app = 'marketing' AND version = '1.0.0'`,
    [CANARY.version],
  );
  await ctx.db.query(
    `INSERT INTO release_canary (app, version, percent, min_views, live_version, started_at, started_by)
     VALUES ('marketing', $1, 10, 3, '1.0.0', $2, 'test')`,
    [CANARY.version, new Date(ctx.clock.now().getTime() - 60_000)],
  );
}

type Ev = Record<string, unknown>;
const view = (v = CANARY, route = '/About'): Ev => ({ ...v, route, kind: 'view' });
const error = (v = CANARY, message = 'canary broke', stack?: string): Ev => ({
  ...v,
  route: '/About',
  kind: 'error',
  detail: { source: 'error', name: 'Error', message, ...(stack ? { stack } : {}) },
});
const lcp = (v = CANARY, value = 1500): Ev => ({ ...v, route: '/About', kind: 'lcp', value });

describe.each(BACKENDS)('forged real-user signals (%s)', (backend) => {
  const ctx = useTestApp(backend, { seed: false });
  beforeAll(async () => {
    await publish(ctx);
  });
  const key = () => rumViewKey(ctx.db);
  /** A view id as a page of these versions gets it (the server's key), issued `ago` ms before now. */
  const genuine = async (remotes = [LIVE, CANARY], ago = 0) => signView(await key(), remotes, new Date(ctx.clock.now().getTime() - ago));
  let ip = 0;
  const post = (events: Ev[], viewId: string | undefined, as = `10.1.0.${++ip}`) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/rum',
      remoteAddress: as,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'accept-language': 'en' },
      payload: JSON.stringify({ pageId: 'page-0123456789', ...(viewId === undefined ? {} : { view: viewId }), events }),
    });
  const answer = async (events: Ev[], viewId: string | undefined, as?: string) => {
    const res = await post(events, viewId, as);
    expect(res.statusCode).toBe(200);
    return envelopeOf(res).data as { accepted: number; dropped: number };
  };
  const since = () => new Date(ctx.clock.now().getTime() - 3_600_000);
  const apart = async () =>
    Object.fromEntries(
      (
        await ctx.db.query<{ reason: string; n: number }>(
          `SELECT reason, count(*)::int AS n FROM rum_unverified GROUP BY reason ORDER BY reason`,
        )
      ).map((r) => [r.reason, r.n]),
    ) as Record<string, number>;
  /**
   * What /ops/releases and --health read now (versionHealth of the canary and the live version). The judge's
   * versionSamples reads the same rum_events table, which holds only counted events (repositories/rum.ts).
   */
  const figures = async () => {
    const { token } = await operatorToken(ctx, 'rum-forged-support');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/ops/api/console/releases?hours=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const ops = res.json<{ data: { versions: RumVersionHealth[] } }>().data.versions.filter((v) => v.app === 'marketing');
    const started = new Date(ctx.clock.now().getTime() - 60_000);
    return {
      judge: [
        await versionHealth(ctx.db, 'marketing', CANARY.version, started),
        await versionHealth(ctx.db, 'marketing', LIVE.version, started),
      ],
      ops,
      health: (await healthSummary(ctx.db, since())).versions,
    };
  };
  const clear = async () => {
    await ctx.db.query('DELETE FROM rum_events');
    await ctx.db.query('DELETE FROM rum_unverified');
    await ctx.db.query('DELETE FROM rum_view_marks');
    await ctx.db.query("DELETE FROM rate_limits WHERE key LIKE 'cap:rum%'");
  };

  it('the manifest a browser gets carries a view id of its versions: in a header of /remotes.json', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.statusCode).toBe(200);
    const id = res.headers[RUM_VIEW_HEADER] as string;
    expect(id).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const check = checkView(await key(), id, ctx.clock.now());
    expect(check.ok).toBe(true);
    const served = res.json<{ remotes: { app: string; version: string }[] }>().remotes.map((r) => `${r.app}@${r.version}`);
    if (check.ok) {
      expect([...check.claim.remotes]).toEqual(served);
      expect(check.claim.expiresAt.getTime()).toBe(Math.floor((ctx.clock.now().getTime() + RUM_VIEW_TTL_MS) / 1000) * 1000);
    }
    // Each page gets its own.
    const again = await ctx.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(again.headers[RUM_VIEW_HEADER]).not.toBe(id);
  });

  it('25 forged batches (each a view and an error for the canary) from one address move nothing, and are kept apart', async () => {
    await clear();
    // One genuine page view of the canary, with an error: counted (the replays below present its id again).
    const real = await genuine();
    expect(await answer([view(), error()], real)).toEqual({ accepted: 2, dropped: 0 });
    const before = await figures();
    expect(before.judge[0]).toMatchObject({ views: 1, errors: 1, errorViews: 1, errorRate: 1 });

    const otherKey = randomBytes(32);
    const liveOnly = await genuine([LIVE]);
    const forgeries: [string, () => Promise<string | undefined>][] = [
      ['no view id', async () => undefined],
      ['a bad signature', async () => signView(otherKey, [LIVE, CANARY], ctx.clock.now())],
      ['an expired id', () => genuine([LIVE, CANARY], RUM_VIEW_TTL_MS + 1000)],
      ['a replayed id', async () => real],
      ['a mismatched version (a page served only the live version)', async () => liveOnly],
    ];
    const as = '10.66.66.66';
    for (const [what, forge] of forgeries) {
      for (let i = 0; i < 5; i++) expect(await answer([view(), error()], await forge(), as), what).toEqual({ accepted: 0, dropped: 2 });
    }
    expect(await figures()).toEqual(before);
    expect(await apart()).toEqual({ unsigned: 10, 'bad-signature': 10, expired: 10, replayed: 10, mismatched: 10 });
    // Kept apart with what was sent (masked), never symbolicated.
    const [kept] = await ctx.db.query<{ page_id: string; detail: Record<string, unknown> }>(
      "SELECT page_id, detail FROM rum_unverified WHERE reason = 'unsigned' AND kind = 'error' LIMIT 1",
    );
    expect(kept).toEqual({ page_id: 'page-0123456789', detail: { source: 'error', name: 'Error', message: 'canary broke' } });
    // A token altered by a byte (its payload claiming another version) is not the server's.
    const [tag, payload, mac] = real.split('.') as [string, string, string];
    const altered = Buffer.from(Buffer.from(payload, 'base64url').toString('utf8').replace('1.1.0', '1.1.1')).toString('base64url');
    expect(checkView(await key(), `${tag}.${altered}.${mac}`, ctx.clock.now())).toEqual({ ok: false, reason: 'bad-signature' });
    expect(checkView(await key(), 'not-a-view-id', ctx.clock.now())).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it("a genuine view's beacons count exactly once: its view, each vital and each distinct error, whatever the batches", async () => {
    await clear();
    const id = await genuine();
    expect(await answer([view(), error(CANARY, 'A')], id)).toEqual({ accepted: 2, dropped: 0 });
    // A later batch of the page: the same error again (replayed), a new one and its LCP count.
    expect(await answer([error(CANARY, 'A'), error(CANARY, 'B'), lcp()], id)).toEqual({ accepted: 2, dropped: 1 });
    // The page hidden twice: its LCP and view again do not count.
    expect(await answer([lcp(CANARY, 9000), view(CANARY, '/')], id)).toEqual({ accepted: 0, dropped: 2 });
    // The live version's view on the same page counts once for the live version.
    expect(await answer([view(LIVE), view(LIVE)], id)).toEqual({ accepted: 1, dropped: 1 });
    const [canary, live] = (await figures()).judge;
    expect(canary).toMatchObject({ views: 1, errors: 2, errorViews: 1, lcpSamples: 1, lcpP75: 1500 });
    expect(live).toMatchObject({ views: 1, errors: 0 });
    expect(await apart()).toEqual({ replayed: 4 });
    // Counted events carry the view id's nonce as their page id: one page, whatever page id the browser sent.
    const pages = await ctx.db.query<{ page_id: string }>('SELECT DISTINCT page_id FROM rum_events');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.page_id).not.toBe('page-0123456789');
    // An error or vital of a fresh id without its view does not count either.
    expect(await answer([error(CANARY, 'C'), lcp()], await genuine())).toEqual({ accepted: 0, dropped: 2 });
    expect(await apart()).toEqual({ replayed: 4, 'over-cap': 2 });
  });

  it('20 copies of one genuine batch sent at once count once (the view-id marks decide, on both databases)', async () => {
    await clear();
    const id = await genuine();
    const answers = await Promise.all(Array.from({ length: 20 }, () => answer([view(), error(CANARY, 'A')], id)));
    expect(answers.reduce((n, a) => n + a.accepted, 0)).toBe(2);
    expect(answers.reduce((n, a) => n + a.dropped, 0)).toBe(38);
    const [canary] = (await figures()).judge;
    expect(canary).toMatchObject({ views: 1, errors: 1, errorViews: 1 });
    expect(await apart()).toEqual({ replayed: 38 });
  });

  it(`caps counted views per address and version (${RUM_LIMITS.viewsPerVersionHour.limit} an hour) and distinct errors per view (${RUM_ERRORS_PER_VIEW})`, async () => {
    await clear();
    const as = '10.77.77.77';
    const cap = RUM_LIMITS.viewsPerVersionHour.limit;
    const from = ctx.clock.now();
    for (let i = 0; i < cap; i++) {
      expect(await answer([view()], await genuine(), as)).toEqual({ accepted: 1, dropped: 0 });
      // A page a second: within the batches' own cap (RUM_LIMITS.perMinute), well within the hour.
      ctx.clock.advance(1000);
    }
    // Over the cap: the view and its error are kept apart; another version, another address still count.
    expect(await answer([view(), error()], await genuine(), as)).toEqual({ accepted: 0, dropped: 2 });
    expect(await answer([view(LIVE)], await genuine(), as)).toEqual({ accepted: 1, dropped: 0 });
    expect(await answer([view()], await genuine(), '10.77.77.78')).toEqual({ accepted: 1, dropped: 0 });
    expect(await versionHealth(ctx.db, 'marketing', CANARY.version, from)).toMatchObject({ views: cap + 1, errors: 0 });
    // An hour later the address counts again.
    ctx.clock.advance(RUM_LIMITS.viewsPerVersionHour.windowMs);
    expect(await answer([view()], await genuine(), as)).toEqual({ accepted: 1, dropped: 0 });

    await clear();
    const id = await genuine();
    const errors = Array.from({ length: RUM_ERRORS_PER_VIEW + 1 }, (_, i) => error(CANARY, `error ${i}`));
    expect(await answer([view(), ...errors], id)).toEqual({ accepted: 1 + RUM_ERRORS_PER_VIEW, dropped: 1 });
    expect(await answer([error(CANARY, 'one more')], id)).toEqual({ accepted: 0, dropped: 1 });
    expect((await figures()).judge[0]).toMatchObject({ views: 1, errors: RUM_ERRORS_PER_VIEW, errorViews: 1 });
    expect(await apart()).toEqual({ 'over-cap': 2 });
  });

  it(`symbolication is bounded per batch (${MAX_BATCH_FRAMES} frames, a time budget) and cached per position`, async () => {
    await clear();
    // Through the API: a batch of 1,000 frames (50 errors of 20 frames) on a genuine view of the live version.
    const id = await genuine([LIVE]);
    const errors = Array.from({ length: 49 }, (_, i) => error(LIVE, `error ${i}`, stackOf(20, i * 20)));
    const started = performance.now();
    expect(await answer([view(LIVE), ...errors], id)).toEqual({ accepted: 1 + RUM_ERRORS_PER_VIEW, dropped: 49 - RUM_ERRORS_PER_VIEW });
    const ms = performance.now() - started;
    const stored = await ctx.db.query<{ frames: { file: string }[] }>(
      "SELECT detail->'frames' AS frames FROM rum_events WHERE kind = 'error'",
    );
    const all = stored.flatMap((r) => r.frames);
    expect(all).toHaveLength(RUM_ERRORS_PER_VIEW * 20);
    // At most MAX_BATCH_FRAMES mapped (fewer when the time budget ran out first on a busy machine; never fewer than
    // the first stack's), the rest as served.
    const mappedViaApi = all.filter((f) => f.file === 'src/pages/A.tsx').length;
    expect(mappedViaApi).toBeGreaterThanOrEqual(20);
    expect(mappedViaApi).toBeLessThanOrEqual(MAX_BATCH_FRAMES);
    expect(all.filter((f) => f.file === '/remotes/marketing/1.0.0/assets/a.js')).toHaveLength(RUM_ERRORS_PER_VIEW * 20 - mappedViaApi);
    // The kept-apart errors cost no symbolication at all.
    const [apartFrames] = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM rum_unverified WHERE detail ? 'frames'");
    expect(apartFrames!.n).toBe(0);
    expect(ms).toBeLessThan(10_000);

    // Directly: 1,000 frames under one budget (time enough) map the first MAX_BATCH_FRAMES.
    const maps = new SourceMaps(ctx.app.releases, ctx.app.releaseStorage);
    const budget = symbolicationBudget(MAX_BATCH_FRAMES, 60_000);
    let mapped = 0;
    const t0 = performance.now();
    for (let i = 0; i < 50; i++)
      mapped += (await maps.symbolicate(stackOf(20, i * 20), budget)).filter((f) => f.file === 'src/pages/A.tsx').length;
    expect(mapped).toBe(MAX_BATCH_FRAMES);
    expect(budget.frames).toBe(0);
    expect(performance.now() - t0).toBeLessThan(10_000);
    // A spent time budget: the batch's first stack is mapped all the same (a cold map on a busy server), then none.
    const spent = symbolicationBudget(MAX_BATCH_FRAMES, 0);
    expect((await maps.symbolicate(stackOf(20, 2000), spent)).every((f) => f.file === 'src/pages/A.tsx')).toBe(true);
    expect((await maps.symbolicate(stackOf(20, 3000), spent)).every((f) => f.file === '/remotes/marketing/1.0.0/assets/a.js')).toBe(true);
    // Cached: the same positions again map the same way (from the position cache).
    expect(await maps.symbolicate(stackOf(3), symbolicationBudget())).toEqual([
      { file: 'src/pages/A.tsx', line: 1, column: 1, name: null },
      { file: 'src/pages/A.tsx', line: 1, column: 1, name: null },
      { file: 'src/pages/A.tsx', line: 1, column: 1, name: null },
    ]);
  });

  it("the housekeeping deletes expired view ids' marks and kept-apart events older than 30 days", async () => {
    await clear();
    const now = ctx.clock.now();
    expect(await answer([view()], await genuine())).toEqual({ accepted: 1, dropped: 0 });
    await ctx.db.query(
      `INSERT INTO rum_unverified (at, reason, app, version, route, kind, page_id) VALUES ($1, 'unsigned', 'marketing', '1.1.0', '/About', 'view', 'old-page-1')`,
      [new Date(now.getTime() - 31 * 86_400_000)],
    );
    await ctx.db.query('UPDATE rum_view_marks SET expires_at = $1', [new Date(now.getTime() - 1000)]);
    const job = HOUSEKEEPING_JOBS.find((j) => j.name === 'purge-expired')!;
    await ctx.db.query('DELETE FROM job_runs');
    expect(await runJobOnce(ctx.db, job, now, { storage: new FolderStorage(ctx.releasesDir) })).toBe('ran');
    expect(await ctx.db.query('SELECT 1 FROM rum_view_marks')).toEqual([]);
    expect(await ctx.db.query('SELECT 1 FROM rum_unverified')).toEqual([]);
    expect(await ctx.db.query('SELECT 1 FROM rum_events')).toHaveLength(1);
  });
});
