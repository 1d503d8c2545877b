import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/setup.ts';
import { buildServer, DEVELOPMENT_ENV, pgSchemaUrl, spawnServer } from './helpers/spawn-server.ts';

// Issue 15 item 3: SIGTERM drains. The real built server (dist/server.mjs) is spawned with a drain of 3 s and a
// grace of 2 s, a steady stream of requests (new connections and a keep-alive agent, short and 200 ms long) runs
// across the signal, and two long requests are in flight: one ends inside the grace, one outlives it.

const DRAIN_S = 4;
const GRACE_S = 2;

interface Result {
  label: string;
  /** When the request was sent (Date.now(); made ms after the signal, negative before, for the assertions). */
  sentAt: number;
  /** When it ended (answer complete, or error); same convention. */
  endedAt: number;
  status?: number;
  body?: string;
  connection?: string;
  error?: string;
}

/** GET, or a form POST when `form` is given (the pages' calls). */
function get(base: string, path: string, label: string, agent?: Agent, form?: string): Promise<Result> {
  const sentAt = Date.now();
  return new Promise((done) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const req = httpRequest(`${base}${path}`, { agent: agent ?? false, method: form === undefined ? 'GET' : 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        done({
          label,
          sentAt,
          endedAt: Date.now(),
          status: res.statusCode,
          body,
          connection: res.headers.connection,
        }),
      );
      res.on('error', (e: NodeJS.ErrnoException) => done({ label, sentAt, endedAt: Date.now(), error: e.code ?? e.message }));
      res.on('aborted', () => done({ label, sentAt, endedAt: Date.now(), error: 'aborted' }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => done({ label, sentAt, endedAt: Date.now(), error: e.code ?? e.message }));
    req.end(form);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => buildServer());

describe.each(BACKENDS)('drain on SIGTERM, the built server (%s)', (backend) => {
  const dir = mkdtempSync(join(tmpdir(), 'lendview-drain-'));
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function databaseEnv(): Promise<Record<string, string>> {
    if (backend === 'pglite') return {};
    const s = await pgSchemaUrl();
    drops.push(() => s.drop());
    return { DATABASE_URL: s.url };
  }

  it('not ready at once, serves everything for the drain period, refuses after it, cuts only at the grace, exits 0', async () => {
    const server = await spawnServer(
      {
        ...DEVELOPMENT_ENV,
        ...(await databaseEnv()),
        DRAIN_SECONDS: String(DRAIN_S),
        SHUTDOWN_GRACE_SECONDS: String(GRACE_S),
        LENDVIEW_TEST_ROUTES: '1',
      },
      { dir, untilReady: true },
    );
    const { base } = server;
    // Times are taken as Date.now() and made relative to the signal afterwards.
    let signalAt = 0;
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });
    try {
      // A kept-alive socket exists before the signal.
      const warm = await get(base, '/healthz', 'warm', keepAlive);
      expect(warm.status).toBe(200);
      expect(warm.connection).toBe('keep-alive');

      const withinGrace = get(base, `/dev/slow?ms=${(DRAIN_S + 1) * 1000}`, 'slow-within-grace');
      const beyondGrace = get(base, '/dev/slow?ms=60000', 'slow-beyond-grace');
      await sleep(300); // both are in flight

      const stream: Promise<Result>[] = [];
      let streaming = true;
      const streamer = (async () => {
        for (let i = 0; streaming; i++) {
          const agent = i % 2 === 0 ? keepAlive : undefined;
          const label = `stream-${i}${agent ? '-ka' : ''}`;
          // A long request, the liveness probe, and an API call that reads the database; all in English, so that a
          // 503 'shutting down' envelope below has one exact message (CI saw /healthz's answered in Indonesian, the
          // default language, where the test expected the English one).
          if (i % 3 === 0) stream.push(get(base, '/dev/slow?ms=200&isNeedPop=1', label, agent));
          else if (i % 3 === 1) stream.push(get(base, '/healthz?isNeedPop=1', label, agent));
          else stream.push(get(base, '/v3/personal-center/contact-kf-info?isNeedPop=1', label, agent, 'overall=30'));
          await sleep(50);
        }
      })();
      await sleep(300);

      signalAt = Date.now();
      server.child.kill('SIGTERM');
      // The signal reaches the process's event loop asynchronously: the first probe after it (a few ms, so that
      // it is not read before the signal is) is already 503.
      await sleep(20);
      const ready = await get(base, '/readyz?isNeedPop=1', 'readyz');
      expect(ready.sentAt - signalAt).toBeLessThan(1000);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body!)).toEqual({
        code: 'SERVER_ERROR',
        data: { status: 'draining' },
        message: 'Not ready: this instance is shutting down (draining).',
      });
      expect(ready.connection).toBe('close');

      // The stream goes on until the process is gone (at the end of the grace), not for a fixed time.
      const exit = await server.exited;
      streaming = false;
      await streamer;
      const rel = (r: Result): Result => ({ ...r, sentAt: r.sentAt - signalAt, endedAt: r.endedAt - signalAt });
      const results = (await Promise.all(stream)).map(rel);
      const [within, beyond] = (await Promise.all([withinGrace, beyondGrace])).map(rel) as [Result, Result];

      const drainMs = DRAIN_S * 1000;
      const endMs = (DRAIN_S + GRACE_S) * 1000;
      // The server's own clock (same machine) for when it stopped accepting; it may be late on a loaded machine, never early.
      const drainOverLine = server
        .stdout()
        .split('\n')
        .find((l) => l.includes('drain over: no new connections'));
      const drainOver = (JSON.parse(drainOverLine!) as { time: number }).time - signalAt;
      expect(drainOver).toBeGreaterThanOrEqual(drainMs - 50);
      // A request counts as sent when the client called it; on a loaded machine it may connect a while later.
      const CLIENT_SLACK = 1000;
      const summary = JSON.stringify(results.map((r) => [r.label, r.sentAt, r.endedAt, r.status ?? r.error]));
      // Within the drain period: every request, new connection or kept alive, was answered in full.
      const inDrain = results.filter((r) => r.sentAt >= 0 && r.sentAt < drainOver - CLIENT_SLACK);
      expect(inDrain.length, summary).toBeGreaterThan(15);
      for (const r of inDrain) {
        expect(r.error, `${r.label} ${summary}`).toBeUndefined();
        expect(r.status, r.label).toBe(200);
        expect((JSON.parse(r.body!) as { code: string }).code, r.label).toBe('00');
        // Keep-alive clients are told to reconnect (to another instance).
        expect(r.connection, r.label).toBe('close');
      }
      expect(inDrain.filter((r) => r.label.endsWith('-ka')).length).toBeGreaterThan(5);
      // Before the signal: served and kept alive as usual.
      for (const r of results.filter((x) => x.sentAt < -50)) expect(r.status, r.label).toBe(200);
      // No answer was ever cut. Before the end of the drain period every request got its whole 200 answer. After it:
      // a new connection is refused; a request that still reached the server on a socket kept alive from before
      // the signal (never answered during the drain, so never told to close) gets the whole 503 'shutting down'
      // envelope, or finds that idle socket closed as the server stopped (ECONNRESET before any answer).
      const SHUTTING_DOWN = { code: 'SERVER_ERROR', data: null, message: 'Not ready: this instance is shutting down (draining).' };
      for (const r of results) {
        const what = `${r.label} ${summary}`;
        if (r.error === undefined && r.status === 200) continue;
        expect(r.sentAt, what).toBeGreaterThanOrEqual(drainOver - CLIENT_SLACK);
        if (r.error === undefined) {
          expect(r.status, what).toBe(503);
          expect(JSON.parse(r.body!), what).toEqual(SHUTTING_DOWN);
          // On a socket kept alive since before the signal, or on a new connection the server accepted in the moment
          // its listener closed: that one can only be sent around 'drain over' (CI saw stream-83 sent at 'drain over'
          // get the whole 503 envelope), the same boundary as the reset below.
          if (!r.label.endsWith('-ka')) expect(Math.abs(r.sentAt - drainOver), what).toBeLessThan(300);
        } else if (r.error !== 'ECONNREFUSED') {
          expect(r.error, what).toBe('ECONNRESET');
          // A kept-alive socket found closed, or a new connection that was still in the kernel's accept queue when
          // the listener closed (the kernel resets those; no byte of an answer was sent). The latter can only be
          // one sent around the moment the listener closed (CI saw one sent 1 ms after 'drain over').
          if (!r.label.endsWith('-ka')) expect(Math.abs(r.sentAt - drainOver), what).toBeLessThan(300);
        }
      }
      // After the drain period the listener is closed: new connections are refused.
      const late = results.filter((r) => r.sentAt > drainOver + 300 && !r.label.endsWith('-ka'));
      expect(late.length, summary).toBeGreaterThan(3);
      for (const r of late) expect(r.error, r.label).toBe('ECONNREFUSED');

      // In flight at the signal, finished inside the grace: answered.
      expect(within.status, JSON.stringify(within)).toBe(200);
      expect(within.endedAt).toBeGreaterThan(drainMs);
      // Longer than drain + grace: cut at the end of the grace, not before.
      expect(beyond.status).toBeUndefined();
      expect(['ECONNRESET', 'aborted', 'socket hang up']).toContain(beyond.error);
      expect(beyond.endedAt).toBeGreaterThanOrEqual(endMs - 100);
      expect(beyond.endedAt).toBeLessThan(endMs + 5000);

      expect(exit.code, server.stderr()).toBe(0);
      expect(exit.at - signalAt).toBeGreaterThanOrEqual(endMs - 100);
      expect(exit.at - signalAt).toBeLessThan(endMs + 8000);
      const log = server.stdout();
      expect(log).toContain('shutting down: draining (not ready, still serving)');
      expect(log).toContain('grace over: cutting the requests still in flight');
      expect(log).toContain('"msg":"stopped"');
    } finally {
      keepAlive.destroy();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 180_000);

  it('a second signal exits at once', async () => {
    const server = await spawnServer(
      { ...DEVELOPMENT_ENV, ...(await databaseEnv()), DRAIN_SECONDS: '60', SHUTDOWN_GRACE_SECONDS: '60' },
      { dir: join(dir, 'second'), untilReady: true },
    );
    try {
      const sent = Date.now();
      server.child.kill('SIGTERM');
      await sleep(300);
      expect((await fetch(`${server.base}/readyz`)).status).toBe(503);
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      server.child.kill('SIGINT');
      const exit = await server.exited;
      expect(exit.code).toBe(1);
      expect(exit.at - sent).toBeLessThan(5_000);
      expect(server.stdout()).toContain('second signal: exiting now');
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 120_000);
});
