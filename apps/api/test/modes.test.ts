import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { seedDemo } from '../src/db/seed-demo.ts';
import { EnvError, isLocalDatabaseUrl, isLoopbackHost, KNOWN_SECRETS, loadEnv } from '../src/env.ts';
import { demoArtifactProblems, demoBanner, demoDataProblems } from '../src/services/startup-checks.ts';
import { DEV_PAYMENT_WEBHOOK_SECRET } from '../src/providers/payments.ts';
import { DEV_CARD_FINGERPRINT_SECRET } from '../src/repositories/bank-cards.ts';
import { BACKENDS, openTestDb } from './helpers/setup.ts';

// Issue 12 item 2: `npm start` is the demo, production refuses anything demo or default, demo stays local.

const WEBHOOK = 'w'.repeat(20) + 'production-webhook-key';
const CARDS = 'c'.repeat(20) + 'production-fingerprint-key';
const SMS_CODES = 's'.repeat(20) + 'production-sms-code-key';
const TOTP_KEY = 't'.repeat(20) + 'production-ops-totp-key';
/** A real grievance officer: production refuses the demo's (issue 18; services/startup-checks.ts grievanceOfficerProblems). */
const OFFICER = {
  GRIEVANCE_OFFICER_NAME: 'Meera Iyer',
  GRIEVANCE_OFFICER_PHONE: '+91 22 6000 7000',
  GRIEVANCE_OFFICER_EMAIL: 'gro@lender.example',
  GRIEVANCE_OFFICER_ADDRESS: '2 Bank Street, Mumbai 400001, India',
} as const;
/** A production configuration that starts (as staging: no real SMS or payment provider exists yet). */
const GOOD_PRODUCTION = {
  LENDVIEW_MODE: 'production',
  LENDVIEW_STAGING: '1',
  PAYMENT_WEBHOOK_SECRET: WEBHOOK,
  CARD_FINGERPRINT_SECRET: CARDS,
  SMS_CODE_SECRET: SMS_CODES,
  OPS_TOTP_KEY: TOTP_KEY,
  ...OFFICER,
  // Production does not migrate at start unless told to (issue 15: `pnpm migrate` is a deploy step); these
  // start on a fresh data folder.
  MIGRATE_ON_START: '1',
  // No drain (production's default is 10 s): these stop the server at the end of each test. No shedding on event-loop
  // delay (production's default is 1 s): the suite's other spawned servers load the machine.
  DRAIN_SECONDS: '0',
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
} as const;

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadEnv(env);
    return [];
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    return err.problems;
  }
}

describe('configuration checks per mode (env objects)', () => {
  it('a good production configuration (staging) loads, with its mode and providers', () => {
    const env = loadEnv({ ...GOOD_PRODUCTION });
    expect(env).toMatchObject({ mode: 'production', demo: false, staging: true, smsProvider: 'outbox', paymentProvider: 'sandbox' });
    expect(loadEnv({ ...GOOD_PRODUCTION, LENDVIEW_MODE: '', NODE_ENV: 'production' }).mode).toBe('production');
  });

  it.each([
    [
      'demo routes, seed and tokens (DEMO_MODE=1)',
      { DEMO_MODE: '1' },
      /^DEMO_MODE=1 \/ LENDVIEW_MODE=demo in production: demo mode registers the \/dev routes/,
    ],
    [
      'demo mode by LENDVIEW_MODE under NODE_ENV=production',
      { LENDVIEW_MODE: 'demo', NODE_ENV: 'production' },
      /^DEMO_MODE=1 \/ LENDVIEW_MODE=demo in production/,
    ],
    ['no webhook secret', { PAYMENT_WEBHOOK_SECRET: '' }, /^PAYMENT_WEBHOOK_SECRET is not set: production needs its own random value/],
    [
      "the repository's webhook secret",
      { PAYMENT_WEBHOOK_SECRET: DEV_PAYMENT_WEBHOOK_SECRET },
      /^PAYMENT_WEBHOOK_SECRET is a default value written in the repository/,
    ],
    ['a short webhook secret', { PAYMENT_WEBHOOK_SECRET: 'sixteen-chars-ok' }, /^PAYMENT_WEBHOOK_SECRET is shorter than 32 characters/],
    ['no card fingerprint secret', { CARD_FINGERPRINT_SECRET: '' }, /^CARD_FINGERPRINT_SECRET is not set/],
    [
      "the repository's card fingerprint secret",
      { CARD_FINGERPRINT_SECRET: DEV_CARD_FINGERPRINT_SECRET },
      /^CARD_FINGERPRINT_SECRET is a default value written in the repository/,
    ],
    [
      'no SMS code key (stored codes keyed only by the database)',
      { SMS_CODE_SECRET: '' },
      /^SMS_CODE_SECRET is not set: production needs its own random value/,
    ],
    [
      "no key for the operators' TOTP secrets (sealed only by the database's own key)",
      { OPS_TOTP_KEY: '' },
      /^OPS_TOTP_KEY is not set: production needs its own random value/,
    ],
    [
      'the outbox SMS provider without the staging flag',
      { LENDVIEW_STAGING: '', PAYMENT_PROVIDER: 'sandbox' },
      /^SMS_PROVIDER=outbox in production: .*No real SMS gateway is implemented yet, so production can only run as staging \(LENDVIEW_STAGING=1\)\.$/,
    ],
    [
      'the sandbox payment provider without the staging flag',
      { LENDVIEW_STAGING: '0' },
      /^PAYMENT_PROVIDER=sandbox in production: .*staging \(LENDVIEW_STAGING=1\)\.$/,
    ],
  ])('production refuses %s', (_name, change, problem) => {
    const problems = problemsOf({ ...GOOD_PRODUCTION, ...change });
    expect(problems.length).toBeGreaterThan(0);
    expect(
      problems.some((p) => problem.test(p)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('production names every problem at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DEMO_MODE: '1' });
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'DEMO_MODE=1',
      'PAYMENT_WEBHOOK_SECRET',
      'CARD_FINGERPRINT_SECRET',
      'SMS_CODE_SECRET',
      'OPS_TOTP_KEY',
      'SMS_PROVIDER=outbox',
      'PAYMENT_PROVIDER=sandbox',
    ]);
  });

  it('a TOTP key shorter than 32 characters is refused', () => {
    expect(() => loadEnv({ ...GOOD_PRODUCTION, OPS_TOTP_KEY: 'k'.repeat(31) })).toThrow(/OPS_TOTP_KEY must be at least 32 characters/);
  });

  it('an unknown provider is refused in any mode: only implemented ones can be chosen', () => {
    expect(() => loadEnv({ ...GOOD_PRODUCTION, SMS_PROVIDER: 'twilio' })).toThrow(
      /SMS_PROVIDER must be one of the implemented providers: outbox/,
    );
    expect(() => loadEnv({ DEMO_MODE: '1', PAYMENT_PROVIDER: 'xendit' })).toThrow(
      /PAYMENT_PROVIDER must be one of the implemented providers: sandbox/,
    );
  });

  it('demo mode stays on this machine unless told otherwise', () => {
    expect(loadEnv({ DEMO_MODE: '1' })).toMatchObject({ mode: 'demo', demo: true, host: '127.0.0.1' });
    expect(problemsOf({ DEMO_MODE: '1', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' })).toEqual([]);
    const remoteDb = problemsOf({ DEMO_MODE: '1', DATABASE_URL: 'postgres://u:p@db.internal.example:5432/lendview' });
    expect(remoteDb).toEqual([
      expect.stringMatching(/^Demo mode with a DATABASE_URL that is not on this machine: .*LENDVIEW_DEMO_ALLOW_REMOTE=1/),
    ]);
    const wide = problemsOf({ DEMO_MODE: '1', HOST: '0.0.0.0' });
    expect(wide).toEqual([expect.stringMatching(/^Demo mode listening on 0\.0\.0\.0: .*LENDVIEW_DEMO_ALLOW_REMOTE=1/)]);
    expect(
      problemsOf({ DEMO_MODE: '1', HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@10.0.0.5/db', LENDVIEW_DEMO_ALLOW_REMOTE: '1' }),
    ).toEqual([]);
  });

  it("local database URLs: loopback hosts and unix sockets, with pg's ?host= override judged first", () => {
    for (const url of [
      'postgres://u:p@localhost/db',
      'postgresql://u:p@127.0.0.1:5432/db',
      'postgres://u:p@127.1.2.3/db',
      'postgres://u:p@[::1]:5432/db',
      'postgres:///db',
      'postgres://%2Fvar%2Frun%2Fpostgresql/db',
      'postgres://u@/db?host=/var/run/postgresql',
    ])
      expect(isLocalDatabaseUrl(url), url).toBe(true);
    for (const url of [
      'postgres://u:p@db.example.com/db',
      'postgres://u:p@localhost.example.com/db',
      'postgres://u:p@10.0.0.5/db',
      'postgres://u:p@0.0.0.0/db',
      'postgres://u:p@localhost/db?host=db.example.com',
    ])
      expect(isLocalDatabaseUrl(url), url).toBe(false);
    expect(['127.0.0.1', 'localhost', '::1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.10', 'lendview.example'].some(isLoopbackHost)).toBe(false);
  });

  it('the demo banner says what demo mode turns on, without any secret', () => {
    const env = loadEnv({ DEMO_MODE: '1' });
    const banner = demoBanner(env, true);
    for (const words of [
      'DEMO MODE',
      'demo seed',
      'fixed session tokens',
      '/dev/sms-outbox',
      '/dev/payments/simulate',
      'SMS_PROVIDER=outbox',
      'PAYMENT_PROVIDER=sandbox',
      'LENDVIEW_MODE=production',
    ]) {
      expect(banner).toContain(words);
    }
    for (const secret of [...KNOWN_SECRETS, 'demo-borrower', 'support-demo-pass', 'marketing-demo-pass'])
      expect(banner).not.toContain(secret);
  });
});

describe.each(BACKENDS)('demo artifacts in a production database (%s)', (backend) => {
  it('a database the demo seed wrote into holds the demo tokens and operator passwords; a clean one does not', async () => {
    const t = await openTestDb(backend);
    try {
      await migrate(t.db);
      const now = new Date('2026-03-02T03:00:00.000Z');
      expect(await demoArtifactProblems(t.db, now)).toEqual([]);
      expect(await demoDataProblems(t.db)).toEqual([]);
      await seedDemo(t.db, { now });
      const problems = await demoArtifactProblems(t.db, now);
      expect(problems).toEqual([
        expect.stringMatching(/^The database holds 2 live session\(s\) of the fixed demo tokens/),
        'Operator account ops-support still has its published demo password: disable it or set a new password.',
        'Operator account ops-marketing still has its published demo password: disable it or set a new password.',
      ]);
      await t.db.query('DELETE FROM sessions');
      await t.db.query('UPDATE operators SET disabled = true');
      expect(await demoArtifactProblems(t.db, now)).toEqual([]);
      // Production refuses the demo data itself (issue 34 item 6): expired sessions and disabled operators do not
      // make DEMO-* orders and the demo borrowers go away.
      const [data] = await demoDataProblems(t.db);
      expect(data).toMatch(/^The database holds demo data \(\d+ DEMO-\* order\(s\), 2 demo borrower\(s\), 2 demo operator account\(s\)\)/);
      expect(data).toContain('run `pnpm migrate`');
    } finally {
      await t.cleanup();
    }
  }, 60_000);
});

// The real server entry (src/server.ts under tsx, as `pnpm dev` runs it), spawned with a clean environment.
const API_DIR = resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'lendview-modes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

interface Run {
  code: number | null;
  stderr: string;
  stdout: string;
}

function startServer(env: Record<string, string>, untilListening = false): Promise<Run & { kill?: () => Promise<Run> }> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmp,
        TMPDIR: tmpdir(),
        LOG_LEVEL: 'info',
        SHELL_DIR: join(tmp, 'shell'),
        RELEASES_DIR: join(tmp, 'releases'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<Run>((done) => child.once('exit', (code) => done({ code, stdout, stderr })));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (untilListening && stdout.includes('lendview api ready')) {
        ok({
          code: null,
          stdout,
          stderr,
          kill: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', fail);
    void exited.then((run) => ok(run));
  });
}

describe('the server entry, spawned', () => {
  it('exits 1 in production with demo mode and default secrets, naming each problem, before touching any database', async () => {
    const dataDir = join(tmp, 'refused-data');
    const run = await startServer({ NODE_ENV: 'production', DEMO_MODE: '1', DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('lendview refused to start:');
    for (const line of [
      '  - DEMO_MODE=1 / LENDVIEW_MODE=demo in production: demo mode registers the /dev routes',
      '  - PAYMENT_WEBHOOK_SECRET is not set: production needs its own random value',
      '  - CARD_FINGERPRINT_SECRET is not set: production needs its own random value',
      '  - SMS_CODE_SECRET is not set: production needs its own random value',
      '  - OPS_TOTP_KEY is not set: production needs its own random value',
      '  - SMS_PROVIDER=outbox in production:',
      '  - PAYMENT_PROVIDER=sandbox in production:',
    ])
      expect(run.stderr).toContain(line);
    const json = JSON.parse(run.stderr.split('\n').find((l) => l.startsWith('{'))!) as { msg: string; problems: string[] };
    expect(json.msg).toBe('startup failed');
    expect(json.problems).toHaveLength(7);
    // The demo seed never ran: no database was even opened.
    expect(existsSync(dataDir)).toBe(false);
    expect(run.stderr).not.toContain('DEMO MODE');
  }, 60_000);

  it('exits 1 in production against a database the demo wrote its tokens into', async () => {
    const dataDir = join(tmp, 'demo-data');
    const db = await openPglite({ dataDir: join(dataDir, 'pglite') });
    await migrate(db);
    await seedDemo(db);
    await db.close();
    const run = await startServer({ ...GOOD_PRODUCTION, DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/ {2}- The database holds 2 live session\(s\) of the fixed demo tokens/);
    expect(run.stderr).toContain('  - Operator account ops-support still has its published demo password');
  }, 90_000);

  it('exits 1 in development mode too against a database the demo wrote its tokens into', async () => {
    // Demo mode switched off on the demo's own data: no /dev routes, but the demo tokens and operator passwords would
    // still open it (found by an audit, 2026-11-28).
    const dataDir = join(tmp, 'demo-data-dev');
    const db = await openPglite({ dataDir: join(dataDir, 'pglite') });
    await migrate(db);
    await seedDemo(db);
    await db.close();
    const run = await startServer({
      DEMO_MODE: '0',
      PAYMENT_WEBHOOK_SECRET: WEBHOOK,
      CARD_FINGERPRINT_SECRET: CARDS,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/ {2}- The database holds 2 live session\(s\) of the fixed demo tokens/);
    expect(run.stderr).toContain('  - Operator account ops-support still has its published demo password');
  }, 90_000);

  it('exits 1 in production while the grievance officer is the demo placeholder, and writes nothing; starts once it is set', async () => {
    const dataDir = join(tmp, 'officer-data');
    const { GRIEVANCE_OFFICER_EMAIL: _email, ...withoutEmail } = GOOD_PRODUCTION;
    const run = await startServer({ ...withoutEmail, DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '  - The grievance officer shown to borrowers is still the demo placeholder (GRIEVANCE_OFFICER_EMAIL): set GRIEVANCE_OFFICER_EMAIL',
    );
    const port = await freePort();
    // Load shedding off: this run is about the officer, and the suite's other spawned servers load the machine.
    const next = await startServer(
      { ...GOOD_PRODUCTION, DATA_DIR: dataDir, PORT: String(port), READY_MIN_FREE_MB: '1', PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0' },
      true,
    );
    expect(next.kill, next.stderr).toBeDefined();
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v3/personal-center/contact-kf-info`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'overall=30',
      });
      const body = (await res.json()) as { code: string; data: { grievanceOfficer: unknown } | null };
      expect([res.status, body.code], JSON.stringify(body)).toEqual([200, '00']);
      expect(body.data!.grievanceOfficer).toEqual({
        name: OFFICER.GRIEVANCE_OFFICER_NAME,
        phone: OFFICER.GRIEVANCE_OFFICER_PHONE,
        email: OFFICER.GRIEVANCE_OFFICER_EMAIL,
        address: OFFICER.GRIEVANCE_OFFICER_ADDRESS,
      });
    } finally {
      expect((await next.kill!()).code).toBe(0);
    }
  }, 120_000);

  it('exits 1 in demo mode listening on all interfaces', async () => {
    const run = await startServer({ DEMO_MODE: '1', HOST: '0.0.0.0', DATA_DIR: join(tmp, 'wide'), PORT: String(await freePort()) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('  - Demo mode listening on 0.0.0.0:');
  }, 60_000);

  it('a good production (staging) configuration starts without demo routes or demo data', async () => {
    const dataDir = join(tmp, 'prod-data');
    const port = await freePort();
    const run = await startServer({ ...GOOD_PRODUCTION, DATA_DIR: dataDir, PORT: String(port), READY_MIN_FREE_MB: '1' }, true);
    expect(run.kill, run.stderr).toBeDefined();
    try {
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/dev/sms-outbox?phone=13800000000`)).status).toBe(404);
      const session = await fetch(`${base}/v3/loan-details/detail?tok=demo-borrower`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'productId=1&orderId=DEMO-170',
      });
      expect(session.status).toBe(401);
      expect(run.stdout).toContain('"mode":"production"');
      expect(run.stderr).not.toContain('DEMO MODE');
    } finally {
      const end = await run.kill!();
      expect(end.code).toBe(0);
    }
    const db = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      expect(await db.query('SELECT 1 FROM borrowers')).toEqual([]);
      expect(await db.query('SELECT 1 FROM operators')).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
