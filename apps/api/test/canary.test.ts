import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Queryable } from '../src/db/types.ts';
import { FolderStorage } from '../src/providers/storage.ts';
import { history } from '../src/releases/catalog.ts';
import {
  canaryHistory,
  canaryOf,
  cohortBucket,
  inCanary,
  listWithCanaries,
  promote,
  releaseCanary,
  rollbackOrEndCanary,
} from '../src/releases/canary.ts';
import type { FastifyBaseLogger } from 'fastify';
import { canaryConfigOf, judgeCanaries, JUDGE_ACTOR, startCanaryJudge } from '../src/releases/canary-judge.ts';
import { canaryJudgeOf } from '../src/releases/canary-plugin.ts';
import { runOperation } from '../src/releases/operations.ts';
import { release, type ReleaseContext } from '../src/releases/service.ts';
import { BACKENDS, useTestApp, type TestContext } from './helpers/setup.ts';
import { SHARED, remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';

// Canary releases (issue 16 item 5; src/releases/canary*.ts, migration 019): who gets the canary, the commands
// (one canary per remote, promote, rollback), /remotes.json per borrower, and the judge's rule on real-user events
// (rum_events) at its edges. On PGlite and PostgreSQL.

const marketing = (version: string, shared: Record<string, string> = SHARED) =>
  remoteBuild(tempDir(), { name: 'marketing', version, routes: ['/About', '/'], shared, files: { 'assets/app.js': `v${version}` } });

describe('the cohort bucket', () => {
  it('is stable for a key and gives about the percentage asked of 2,000 keys', () => {
    for (const key of ['device-1', 'abc', 'Zx9_-k']) {
      const b = cohortBucket('marketing', key);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThan(100);
      for (let i = 0; i < 5; i++) expect(cohortBucket('marketing', key)).toBe(b);
    }
    const keys = Array.from({ length: 2000 }, (_, i) => `device-${i}-${(i * 7919) % 1000}`);
    const half = keys.filter((k) => inCanary('marketing', k, 50)).length;
    expect(half).toBeGreaterThan(2000 * 0.46);
    expect(half).toBeLessThan(2000 * 0.54);
    const tenth = keys.filter((k) => inCanary('marketing', k, 10)).length;
    expect(tenth).toBeGreaterThan(2000 * 0.07);
    expect(tenth).toBeLessThan(2000 * 0.13);
    // A larger share keeps everyone the smaller one had (raising 10 -> 50 moves no canary borrower back).
    expect(keys.filter((k) => inCanary('marketing', k, 10)).every((k) => inCanary('marketing', k, 50))).toBe(true);
    // Another remote's canary picks its own borrowers, not the same ones.
    const both = keys.filter((k) => inCanary('marketing', k, 50) && inCanary('repayment', k, 50)).length;
    expect(both).toBeGreaterThan(2000 * 0.2);
    expect(both).toBeLessThan(2000 * 0.3);
  });
});

/** A key whose bucket for marketing is below (true) or at/above (false) the percentage. */
function keyOn(side: boolean, percent = 50, prefix = 'dev'): string {
  for (let i = 0; ; i++) {
    const k = `${prefix}-${i}`;
    if (inCanary('marketing', k, percent) === side) return k;
  }
}

/** rum_events of one version: `views` page views (pages <tag>-1..n), the first `errorViews` of them with an error, LCP values. */
async function events(
  q: Queryable,
  at: Date,
  version: string,
  tag: string,
  opts: { views: number; errorViews?: number; lcp?: { n: number; ms: number } },
) {
  const insert = `INSERT INTO rum_events (at, app, version, route, kind, value, page_id)
    SELECT $1, 'marketing', $2, '/About', $3, $4, 'page-' || $5 || '-' || lpad(g::text, 5, '0') FROM generate_series(1, $6::int) g`;
  if (opts.views) await q.query(insert, [at, version, 'view', null, tag, opts.views]);
  if (opts.errorViews) await q.query(insert, [at, version, 'error', null, tag, opts.errorViews]);
  if (opts.lcp) await q.query(insert, [at, version, 'lcp', opts.lcp.ms, `${tag}-lcp`, opts.lcp.n]);
}

describe.each(BACKENDS)('canary releases (%s)', (backend) => {
  const ctx = useTestApp(backend, { seed: false });
  let now = new Date('2026-11-26T10:00:00Z');
  const rc = (c: TestContext, actor = 'ana@laptop'): ReleaseContext => ({
    db: c.db,
    storage: new FolderStorage(c.releasesDir),
    actor,
    now: () => now,
  });
  const manifest = async (headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/remotes.json', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ remotes: { app: string; version: string; entry: string; canary?: true; routes: string[] }[] }>();
    return { res, marketing: body.remotes.find((r) => r.app === 'marketing')! };
  };

  it('serves the canary to its share of borrowers by device id, else a first-party cookie; the same key always gets the same version', async () => {
    await release(rc(ctx), 'shell', shellBuild(tempDir(), { version: '0.1.0', index: '<!doctype html><title>shell</title>' }));
    await release(rc(ctx), 'marketing', marketing('1.0.0'));
    const started = await releaseCanary(rc(ctx), 'marketing', marketing('1.1.0'), { percent: 50, minViews: 10 });
    expect(started).toMatchObject({ app: 'marketing', version: '1.1.0', percent: 50, minViews: 10, live: '1.0.0', published: 'published' });
    // Nothing went live.
    expect((await history(ctx.db, 'marketing')).map((e) => e.version)).toEqual(['1.0.0']);

    const inside = keyOn(true);
    const outside = keyOn(false);
    for (let i = 0; i < 3; i++) {
      const a = await manifest({ 'x-lv-device': inside });
      expect(a.marketing).toMatchObject({ version: '1.1.0', canary: true, routes: ['/About', '/'] });
      expect(a.marketing.entry).toBe('/remotes/marketing/1.1.0/mf-manifest.json');
      // A device id is the key: no cookie is made.
      expect(a.res.headers['set-cookie']).toBeUndefined();
      const b = await manifest({ 'x-lv-device': outside });
      expect(b.marketing.version).toBe('1.0.0');
      expect(b.marketing.canary).toBeUndefined();
    }

    // A page the server renders names the device in its address (?dId=, as the app opens it): the same cohort as the
    // header its calls send, so a server-rendered page and its own /remotes.json agree (issue 14).
    for (const [device, version] of [
      [inside, '1.1.0'],
      [outside, '1.0.0'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/remotes.json?dId=${device}` });
      expect(res.json<{ remotes: { app: string; version: string }[] }>().remotes.find((r) => r.app === 'marketing')!.version).toBe(version);
      expect(res.headers['set-cookie']).toBeUndefined();
    }

    // Another instance on the same database answers the same.
    const other = buildApp({ db: ctx.db, demo: true, shellDir: ctx.shellDir, releasesDir: ctx.releasesDir, logger: false });
    try {
      await other.ready();
      const res = await other.inject({ method: 'GET', url: '/remotes.json', headers: { 'x-lv-device': inside } });
      expect(res.json<{ remotes: { app: string; version: string }[] }>().remotes.find((r) => r.app === 'marketing')!.version).toBe('1.1.0');
    } finally {
      await other.close();
    }

    // No device id: a random cohort cookie, a year, HttpOnly, SameSite=Lax (Secure on https).
    const first = await manifest();
    const set = String(first.res.headers['set-cookie']);
    expect(set).toMatch(/^lv_cohort=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const cookie = set.split(';')[0]!;
    const expected = inCanary('marketing', cookie.slice('lv_cohort='.length), 50) ? '1.1.0' : '1.0.0';
    expect(first.marketing.version).toBe(expected);
    for (let i = 0; i < 3; i++) {
      const again = await manifest({ cookie });
      expect(again.marketing.version).toBe(expected);
      expect(again.res.headers['set-cookie']).toBeUndefined();
    }

    // Of 400 new browsers about half get the canary.
    let canary = 0;
    for (let i = 0; i < 400; i++) if ((await manifest({ 'x-lv-device': `share-${i}` })).marketing.version === '1.1.0') canary++;
    expect(canary).toBeGreaterThan(160);
    expect(canary).toBeLessThan(240);

    const listed = (await listWithCanaries(ctx)).filter((r) => r.remote === 'marketing');
    expect(listed.map((r) => [r.version, r.live, r.canary])).toEqual([
      ['1.1.0', false, 50],
      ['1.0.0', true, null],
    ]);
  });

  it('one canary per remote: 20 at once give one canary; a second is refused naming the first', async () => {
    await rollbackOrEndCanary(rc(ctx), 'marketing');
    const builds = Array.from({ length: 20 }, (_, i) => marketing(`1.2.${i}`));
    const results = await Promise.allSettled(builds.map((dir) => releaseCanary(rc(ctx), 'marketing', dir, { percent: 10 })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(String(r.reason)).toMatch(/another release is in progress|already has a canary/);
    }
    const rows = await ctx.db.query<{ version: string }>("SELECT version FROM release_canary WHERE app = 'marketing'");
    // A plain release of the remote waits for the canary to be promoted or ended.
    await expect(runOperation(rc(ctx), { op: 'release', app: 'marketing', from: marketing('1.9.0'), name: 'marketing' })).rejects.toThrow(
      /marketing has a canary \(1\.2\.\d+ to 10%\): promote it .* before releasing another version/,
    );
    expect(rows).toHaveLength(1);
    await expect(releaseCanary(rc(ctx), 'marketing', marketing('1.3.0'), { percent: 10 })).rejects.toThrow(
      new RegExp(`marketing already has a canary: ${rows[0]!.version.replace(/\./g, '\\.')} to 10% since .*pnpm promote marketing`),
    );
  });

  it('refuses what a release refuses, the shell, a bad percentage, and the live version', async () => {
    await rollbackOrEndCanary(rc(ctx), 'marketing');
    await expect(releaseCanary(rc(ctx), 'marketing', marketing('1.4.0', { ...SHARED, react: '20.0.0' }), { percent: 10 })).rejects.toThrow(
      /marketing 1\.4\.0 cannot go live on the live shell 0\.1\.0/,
    );
    expect(await ctx.db.query("SELECT 1 FROM release_versions WHERE app = 'marketing' AND version = '1.4.0'")).toHaveLength(0);
    // Route ownership: a canary may not claim another live remote's route.
    await release(rc(ctx), 'repayment', remoteBuild(tempDir(), { name: 'repayment', version: '1.0.0', routes: ['/repay'] }));
    const greedy = remoteBuild(tempDir(), { name: 'marketing', version: '1.4.2', routes: ['/About', '/repay'] });
    await expect(releaseCanary(rc(ctx), 'marketing', greedy, { percent: 10 })).rejects.toThrow(/\/repay.*repayment|repayment.*\/repay/s);
    await expect(releaseCanary(rc(ctx), 'marketing', marketing('1.4.1'), { percent: 0 })).rejects.toThrow(/1 to 99/);
    await expect(releaseCanary(rc(ctx), 'marketing', marketing('1.4.1'), { percent: 100 })).rejects.toThrow(/1 to 99/);
    await expect(releaseCanary(rc(ctx), 'marketing', marketing('1.0.0'), { percent: 10 })).rejects.toThrow(/is the live version already/);
    await expect(releaseCanary(rc(ctx), 'shell', shellBuild(tempDir(), { version: '0.2.0', index: 'x' }), { percent: 10 })).rejects.toThrow(
      /the shell has no canary/,
    );
    expect(await canaryOf(ctx.db, 'marketing')).toBeNull();
  });

  it('rollback ends the canary and keeps the live version; promote makes the canary live', async () => {
    await releaseCanary(rc(ctx), 'marketing', marketing('1.5.0'), { percent: 30 });
    await expect(rollbackOrEndCanary(rc(ctx), 'marketing', '1.0.0')).rejects.toThrow(/has a canary \(1\.5\.0 to 30%\): end it first/);
    const ended = await rollbackOrEndCanary(rc(ctx), 'marketing');
    expect(ended).toEqual({ kind: 'canary-ended', result: { app: 'marketing', version: '1.5.0', live: '1.0.0', percent: 30 } });
    expect((await manifest({ 'x-lv-device': keyOn(true, 30) })).marketing.version).toBe('1.0.0');
    await expect(promote(rc(ctx), 'marketing')).rejects.toThrow('marketing has no canary to promote');

    await releaseCanary(rc(ctx, 'ci@build-9'), 'marketing', marketing('1.6.0'), { percent: 30 });
    expect(await promote(rc(ctx, 'ci@build-9'), 'marketing')).toEqual({ app: 'marketing', version: '1.6.0', previous: '1.0.0' });
    expect(await canaryOf(ctx.db, 'marketing')).toBeNull();
    const last = (await history(ctx.db, 'marketing')).at(-1)!;
    expect([last.version, last.previous, last.action, last.actor]).toEqual(['1.6.0', '1.0.0', 'release', 'ci@build-9']);
    expect((await manifest({ 'x-lv-device': keyOn(false, 30) })).marketing.version).toBe('1.6.0');
    const events = (await canaryHistory(ctx.db, 'marketing')).slice(-3).map((e) => [e.version, e.action, e.actor]);
    expect(events).toEqual([
      ['1.5.0', 'rollback', 'ana@laptop'],
      ['1.6.0', 'canary', 'ci@build-9'],
      ['1.6.0', 'promote', 'ci@build-9'],
    ]);
    // With no canary, rollback is the usual rollback of the live version.
    expect(await rollbackOrEndCanary(rc(ctx), 'marketing')).toMatchObject({
      kind: 'rollback',
      result: { version: '1.0.0', previous: '1.6.0' },
    });
  });

  describe('the judge', () => {
    let n = 0;
    /** A fresh canary at 5 % (steps 5 -> 25 -> 50, 300 views a step) against live 1.0.0; its version and start. */
    async function start(): Promise<{ version: string; at: Date }> {
      const running = await canaryOf(ctx.db, 'marketing');
      if (running) await rollbackOrEndCanary(rc(ctx), 'marketing');
      now = new Date(now.getTime() + 3_600_000);
      const version = `3.0.${n++}`;
      const started = await releaseCanary(rc(ctx), 'marketing', marketing(version), { percent: 5 });
      expect(started).toMatchObject({ percent: 5, minViews: 300, steps: [5, 25, 50] });
      return { version, at: new Date(now.getTime() + 60_000) };
    }
    /** The judge's round at `at` (default two minutes after the canary started). */
    const round = async (at = new Date(now.getTime() + 120_000)) => {
      const [j] = await judgeCanaries(ctx.db, at);
      return j!;
    };
    /** LCP values spread over 600 ms from `base` (the same shape on both sides unless `base` differs). */
    const lcp = (base: number, count: number) => Array.from({ length: count }, (_, i) => base + ((i * 37) % 600));
    async function vitals(at: Date, version: string, tag: string, values: number[]) {
      await ctx.db.query(
        `INSERT INTO rum_events (at, app, version, route, kind, value, page_id)
         SELECT $1, 'marketing', $2, '/About', 'lcp', v, 'page-' || $3 || '-' || lpad(i::text, 5, '0')
           FROM unnest($4::float8[]) WITH ORDINALITY AS t(v, i)`,
        [at, version, tag, values],
      );
    }

    it('waits below the step sample of canary views however bad they are, and while live has fewer views than that', async () => {
      const c = await start();
      await events(ctx.db, c.at, '1.0.0', `l${n}`, { views: 500 });
      await events(ctx.db, c.at, c.version, `c${n}`, { views: 299, errorViews: 299 });
      expect(await round()).toMatchObject({
        decision: 'wait',
        reason: 'step 1 of 3 (5 %): 299 canary views of the 300 needed',
        changed: false,
      });
      const quiet = await start();
      await events(ctx.db, quiet.at, quiet.version, `c${n}`, { views: 300, errorViews: 300 });
      await events(ctx.db, quiet.at, '1.0.0', `l${n}`, { views: 299 });
      expect(await round()).toMatchObject({
        decision: 'wait',
        reason: 'step 1 of 3 (5 %): 299 views of live 1.0.0 of the 300 needed to compare with',
      });
      expect(await canaryOf(ctx.db, 'marketing')).toMatchObject({ version: quiet.version, percent: 5, step: 0 });
    });

    it('a healthy canary walks 5 -> 25 -> 50 %, each step on its own window, and the server promotes it after the last', async () => {
      const c = await start();
      // Step 1: 300 canary views against 19 times as many live ones, the same error rate and LCP.
      await events(ctx.db, c.at, '1.0.0', `l${n}a`, { views: 5700, errorViews: 28 });
      await events(ctx.db, c.at, c.version, `c${n}a`, { views: 300, errorViews: 2 });
      await vitals(c.at, '1.0.0', `l${n}a`, lcp(1500, 400));
      await vitals(c.at, c.version, `c${n}a`, lcp(1500, 100));
      const step1 = new Date(now.getTime() + 120_000);
      const first = await round(step1);
      expect(first).toMatchObject({ decision: 'advance', percent: 5, changed: true });
      expect(first.reason).toMatch(
        /^step 1 of 3 \(5 %\) passed: error rate 0\.67 % vs 0\.49 % \(Fisher p = 0\.\d+\); LCP median 1\d{3} ms \(100\) vs 1\d{3} ms \(400\), Mann-Whitney p = 0\.\d+; INP not compared \(0 \/ 0 samples\)$/,
      );
      expect(await canaryOf(ctx.db, 'marketing')).toMatchObject({ percent: 25, step: 1, step_started_at: step1 });
      // The share of borrowers follows the step: a device in a bucket from 5 to 24 gets the canary now, not before.
      let between = 'dev-step-0';
      for (let i = 1; !(cohortBucket('marketing', between) >= 5 && cohortBucket('marketing', between) < 25); i++) between = `dev-step-${i}`;
      expect((await manifest({ 'x-lv-device': between })).marketing.version).toBe(c.version);
      // The next step starts empty: what step 1 counted does not count again.
      expect(await round(new Date(step1.getTime() + 1000))).toMatchObject({
        decision: 'wait',
        reason: 'step 2 of 3 (25 %): 0 canary views of the 300 needed',
      });

      const at2 = new Date(step1.getTime() + 60_000);
      await events(ctx.db, at2, '1.0.0', `l${n}b`, { views: 900, errorViews: 4 });
      await events(ctx.db, at2, c.version, `c${n}b`, { views: 300, errorViews: 1 });
      const step2 = new Date(at2.getTime() + 60_000);
      expect(await round(step2)).toMatchObject({ decision: 'advance', percent: 25, changed: true });
      expect(await canaryOf(ctx.db, 'marketing')).toMatchObject({ percent: 50, step: 2 });

      const at3 = new Date(step2.getTime() + 60_000);
      await events(ctx.db, at3, '1.0.0', `l${n}c`, { views: 300, errorViews: 2 });
      await events(ctx.db, at3, c.version, `c${n}c`, { views: 300, errorViews: 1 });
      // The last step passed: the server's judge promotes it, through promote() as `pnpm promote` does.
      ctx.clock.set(new Date(at3.getTime() + 60_000));
      const judged = await canaryJudgeOf(ctx.app.releases)!.tick();
      expect(judged).toMatchObject([{ app: 'marketing', version: c.version, decision: 'promote', percent: 50, changed: true }]);
      expect(await canaryOf(ctx.db, 'marketing')).toBeNull();
      const last = (await history(ctx.db, 'marketing')).at(-1)!;
      expect([last.version, last.previous, last.action, last.actor]).toEqual([c.version, '1.0.0', 'release', JUDGE_ACTOR]);
      expect((await manifest({ 'x-lv-device': keyOn(false, 50) })).marketing.version).toBe(c.version);
      const trail = (await canaryHistory(ctx.db, 'marketing')).filter((e) => e.version === c.version);
      expect(trail.map((e) => [e.action, e.percent, e.actor])).toEqual([
        ['canary', 5, 'ana@laptop'],
        ['step', 25, JUDGE_ACTOR],
        ['step', 50, JUDGE_ACTOR],
        ['auto-promote', 50, JUDGE_ACTOR],
      ]);
      expect(trail.at(-1)!.reason).toMatch(/^step 3 of 3 \(50 %\) passed: error rate 0\.33 % vs 0\.67 %/);
      // Back to 1.0.0 for the tests below (a rollback of the live version).
      await rollbackOrEndCanary(rc(ctx), 'marketing', '1.0.0');
    });

    it('a 5 % error rate against live 0.5 % rolls back at the first step, with the numbers and the p-value', async () => {
      const c = await start();
      await events(ctx.db, c.at, '1.0.0', `l${n}`, { views: 5700, errorViews: 28 });
      await events(ctx.db, c.at, c.version, `c${n}`, { views: 300, errorViews: 15 });
      const j = await round();
      expect(j).toMatchObject({ decision: 'rollback', percent: 5, changed: true });
      expect(j.reason).toBe(
        'step 1 of 3 (5 %): error rate 5.00 % (15 of 300 views) > live 1.0.0 0.49 % (28 of 5700 views), Fisher p = 9.2e-10 < 1.1e-4',
      );
      expect(await canaryOf(ctx.db, 'marketing')).toBeNull();
      const e = (await canaryHistory(ctx.db, 'marketing')).at(-1)!;
      expect([e.version, e.action, e.actor, e.reason, e.live_version, e.percent]).toEqual([
        c.version,
        'auto-rollback',
        JUDGE_ACTOR,
        j.reason,
        '1.0.0',
        5,
      ]);
      // The live version never moved.
      expect((await history(ctx.db, 'marketing')).at(-1)!.version).toBe('1.0.0');
      // Judged again (another instance late): nothing more happens.
      expect(await judgeCanaries(ctx.db, now)).toEqual([]);
    });

    it("LCP: the issue's noise (872 vs 662 ms on 19 / 18 samples) passes; every value a second slower rolls back", async () => {
      let c = await start();
      await events(ctx.db, c.at, '1.0.0', `l${n}`, { views: 5700 });
      await events(ctx.db, c.at, c.version, `c${n}`, { views: 300 });
      await vitals(c.at, '1.0.0', `l${n}`, Array<number>(18).fill(662));
      await vitals(c.at, c.version, `c${n}`, Array<number>(19).fill(872));
      expect(await round()).toMatchObject({ decision: 'advance' });

      c = await start();
      await events(ctx.db, c.at, '1.0.0', `l${n}`, { views: 5700 });
      await events(ctx.db, c.at, c.version, `c${n}`, { views: 300 });
      await vitals(c.at, '1.0.0', `l${n}`, lcp(1600, 400));
      await vitals(c.at, c.version, `c${n}`, lcp(2600, 100));
      const j = await round();
      expect(j).toMatchObject({ decision: 'rollback', changed: true });
      expect(j.reason).toMatch(
        /^step 1 of 3 \(5 %\): LCP slower than live 1\.0\.0: LCP median 2\d{3} ms \(100\) vs 1\d{3} ms \(400\), Mann-Whitney p = /,
      );
    });

    it("the server's judge ends a bad canary on its tick, counted in the metric; borrowers on the live version see no change", async () => {
      const c = await start();
      const outside = keyOn(false, 5);
      expect((await manifest({ 'x-lv-device': outside })).marketing.version).toBe('1.0.0');
      await events(ctx.db, c.at, '1.0.0', `l${n}`, { views: 5700, errorViews: 28 });
      await events(ctx.db, c.at, c.version, `c${n}`, { views: 300, errorViews: 50 });
      ctx.clock.set(new Date(now.getTime() + 120_000));
      const judged = await canaryJudgeOf(ctx.app.releases)!.tick();
      expect(judged).toMatchObject([{ app: 'marketing', version: c.version, decision: 'rollback', changed: true }]);
      expect(await ctx.app.telemetry.metrics.text()).toMatch(/lendview_canary_rollbacks_total\{app="marketing"\} 1/);
      expect((await manifest({ 'x-lv-device': keyOn(true, 5) })).marketing.version).toBe('1.0.0');
      expect((await manifest({ 'x-lv-device': outside })).marketing.version).toBe('1.0.0');
    });

    it('an ended canary is one warn line naming the remote, the version and the numbers', async () => {
      const c = await start();
      await events(ctx.db, c.at, '1.0.0', `l${n}`, { views: 300 });
      await events(ctx.db, c.at, c.version, `c${n}`, { views: 300, errorViews: 20 });
      const warned: { obj: Record<string, unknown>; msg: string }[] = [];
      const log = {
        warn: (obj: Record<string, unknown>, msg: string) => warned.push({ obj, msg }),
        error: () => undefined,
        info: () => undefined,
      } as unknown as FastifyBaseLogger;
      const judge = startCanaryJudge({
        db: ctx.db,
        log,
        clock: { now: () => new Date(now.getTime() + 120_000 + 3_600_000 * 24) },
        storage: new FolderStorage(ctx.releasesDir),
        config: { checkSeconds: 3600 },
      });
      try {
        expect(await judge.tick()).toMatchObject([{ version: c.version, decision: 'rollback', changed: true }]);
      } finally {
        await judge.stop();
      }
      const reason =
        'step 1 of 3 (5 %): error rate 6.67 % (20 of 300 views) > live 1.0.0 0.00 % (0 of 300 views), Fisher p = 6.9e-7 < 1.1e-4';
      expect(warned).toEqual([
        {
          obj: { app: 'marketing', version: c.version, live: '1.0.0', reason, actor: JUDGE_ACTOR },
          msg: `canary marketing ${c.version} rolled back automatically: ${reason}`,
        },
      ]);
    });
  });

  it('a route the canary adds is a page for a direct load (200 and the shell); a route nobody declares stays 404', async () => {
    await release(rc(ctx), 'shell', shellBuild(tempDir(), { version: '0.1.0', index: '<!doctype html><title>shell</title>' }));
    // The suite's app is shared: end a canary an earlier test left running.
    if (await canaryOf(ctx.db, 'marketing')) await rollbackOrEndCanary(rc(ctx), 'marketing');
    const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect((await page('/Careers')).statusCode).toBe(404);
    const withCareers = remoteBuild(tempDir(), {
      name: 'marketing',
      version: '1.9.0',
      routes: ['/About', '/', '/Careers'],
      shared: SHARED,
      files: { 'assets/app.js': 'v1.9.0' },
    });
    await releaseCanary(rc(ctx), 'marketing', withCareers, { percent: 10, minViews: 10 });
    const res = await page('/Careers');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>shell</title>');
    expect((await page('/Nowhere')).statusCode).toBe(404);
    await rollbackOrEndCanary(rc(ctx), 'marketing');
    expect((await page('/Careers')).statusCode).toBe(404);
  });
});

describe('canary settings', () => {
  it('reads CANARY_CHECK_SECONDS with its default and names a bad value', () => {
    expect(canaryConfigOf({})).toEqual({ checkSeconds: 30 });
    expect(canaryConfigOf({ CANARY_CHECK_SECONDS: '1' })).toEqual({ checkSeconds: 1 });
    expect(() => canaryConfigOf({ CANARY_CHECK_SECONDS: 'two' })).toThrow('CANARY_CHECK_SECONDS "two" must be');
  });
});
