import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { parseOpsUserArgs, runOpsUser } from '../src/cli/ops-user.ts';
import { DEMO_OPERATORS, DEMO_OPS_TOTP_SECRET } from '../src/db/demo/index.ts';
import { totpCode } from '../src/lib/totp.ts';
import { BACKENDS, envelopeOf, form, useTestApp, type TestContext } from './helpers/setup.ts';

// Operator sign-in with a second factor (issue 13 item 2; services/operators.ts, cli/ops-user.ts).

type Env = { status: number; code: string; message: string; data: Record<string, string> | null; retryAfter?: string };

async function post(
  ctx: TestContext,
  path: string,
  fields: Record<string, string>,
  ip = '127.0.0.1',
  lang: 'en' | 'id' = 'en',
): Promise<Env> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${path}${lang === 'en' ? '?isNeedPop=1' : ''}`,
    remoteAddress: ip,
    ...form(fields),
  });
  const e = envelopeOf(res) as { code: string; message: string; data: Record<string, string> | null };
  return { status: res.statusCode, ...e, retryAfter: res.headers['retry-after'] };
}

const me = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'GET', url: '/ops/api/me', headers: { authorization: `Bearer ${token}` } });
const STEP = 30 * 1000;
/** What a new account's first sign-in chooses instead of its one-time password. */
const NEW_PASSWORD = 'my-own-long-password';

async function addAccount(ctx: TestContext, username: string, role: 'support' | 'marketing' = 'support'): Promise<string> {
  const cmd = parseOpsUserArgs(['add', username, '--role', role]);
  if ('error' in cmd) throw new Error(cmd.error);
  const r = await runOpsUser(ctx.db, cmd, { now: ctx.clock.now() });
  expect(r.code).toBe(0);
  return /One-time password \(shown once; hand it over privately\): (\S+)$/.exec(r.out)![1]!;
}

describe.each(BACKENDS)('operator sign-in with an authenticator (%s)', (backend) => {
  const ctx = useTestApp(backend);

  it('a new account (pnpm ops:user add) enrols at its first sign-in: QR + otpauth URL, a wrong code refused, the first right code finishes it', async () => {
    const password = await addAccount(ctx, 'new.agent');
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const first = await post(ctx, '/ops/api/login', { username: 'new.agent', password });
    expect([first.status, first.code, first.data!.step]).toEqual([200, '00', 'enrol']);
    expect(first.data!.otpauthUrl).toMatch(
      /^otpauth:\/\/totp\/lendview%20back%20office:new\.agent\?issuer=lendview%20back%20office&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/,
    );
    expect(first.data!.qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>\s*$/s);
    const secret = /secret=([A-Z2-7]+)/.exec(first.data!.otpauthUrl!)![1]!;

    // Stored sealed: neither the account nor the challenge holds the secret in the clear.
    const dump =
      JSON.stringify(await ctx.db.query('SELECT * FROM operators')) +
      JSON.stringify(await ctx.db.query('SELECT * FROM operator_login_challenges'));
    expect(dump).not.toContain(secret);

    const wrongCode = String((Number(totpCode(secret, ctx.clock.now())) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await post(ctx, '/ops/api/login/code', { challenge: first.data!.challenge!, code: wrongCode, newPassword: NEW_PASSWORD });
    expect([wrong.status, wrong.code, wrong.message]).toEqual([
      401,
      'UNAUTHORIZED',
      'The code is incorrect or was already used. Enter the current 6-digit code from your authenticator app.',
    ]);
    // The one-time password must be replaced at this first sign-in (issue 34): the right code without a new
    // password, with a short one or with the one-time password again is refused, and costs neither the code nor a
    // failure.
    expect(first.data!.newPasswordRequired).toBe(true);
    const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const code = app.generate({ timestamp: ctx.clock.now().getTime() });
    for (const [newPassword, message] of [
      [undefined, 'Choose a new password of at least 12 characters to finish signing in.'],
      ['short-pass', 'The new password must have at least 12 characters.'],
      [password, 'The new password must be different from the current one.'],
    ] as const) {
      const refused = await post(ctx, '/ops/api/login/code', {
        challenge: first.data!.challenge!,
        code,
        ...(newPassword === undefined ? {} : { newPassword }),
      });
      expect([refused.status, refused.code, refused.message]).toEqual([400, 'BAD_REQUEST', message]);
    }
    // An authenticator app's own code (otpauth, as a phone would compute it) finishes the enrolment.
    const done = await post(ctx, '/ops/api/login/code', { challenge: first.data!.challenge!, code, newPassword: NEW_PASSWORD });
    expect([done.status, done.code, done.message, done.data!.username, done.data!.role]).toEqual([
      200,
      '00',
      'Logged in successfully.',
      'new.agent',
      'support',
    ]);
    expect((await me(ctx, done.data!.token!)).statusCode).toBe(200);

    // From now on the password is the new one, and the password step asks for a code, with no QR.
    ctx.clock.advance(STEP);
    expect((await post(ctx, '/ops/api/login', { username: 'new.agent', password }, '10.0.9.1')).status).toBe(401);
    const next = await post(ctx, '/ops/api/login', { username: 'new.agent', password: NEW_PASSWORD });
    expect(next.data).toEqual({ step: 'code', challenge: expect.stringMatching(/^[\w-]{43}$/) as string, newPasswordRequired: false });
  });

  it("two tabs of an enrolled operator: a plain sign-in in one leaves the other tab's challenge open", async () => {
    const op = DEMO_OPERATORS.support;
    const tabA = await post(ctx, '/ops/api/login', op, '10.6.0.1');
    const tabB = await post(ctx, '/ops/api/login', op, '10.6.0.2');
    expect(
      (await post(ctx, '/ops/api/login/code', { challenge: tabA.data!.challenge!, code: totpCode(DEMO_OPS_TOTP_SECRET, ctx.clock.now()) }))
        .code,
    ).toBe('00');
    ctx.clock.advance(STEP);
    const b = await post(ctx, '/ops/api/login/code', {
      challenge: tabB.data!.challenge!,
      code: totpCode(DEMO_OPS_TOTP_SECRET, ctx.clock.now()),
    });
    expect([b.status, b.code]).toEqual([200, '00']);
  });

  it('issue 34: a signed-in operator changes the password with the current one and a code; every session ends', async () => {
    const password = await addAccount(ctx, 'changing.agent');
    const first = await post(ctx, '/ops/api/login', { username: 'changing.agent', password });
    const secret = /secret=([A-Z2-7]+)/.exec(first.data!.otpauthUrl!)![1]!;
    const signedIn = await post(ctx, '/ops/api/login/code', {
      challenge: first.data!.challenge!,
      code: totpCode(secret, ctx.clock.now()),
      newPassword: NEW_PASSWORD,
    });
    const token = signedIn.data!.token!;
    ctx.clock.advance(STEP);
    const second = await post(ctx, '/ops/api/login', { username: 'changing.agent', password: NEW_PASSWORD });
    const other = (await post(ctx, '/ops/api/login/code', { challenge: second.data!.challenge!, code: totpCode(secret, ctx.clock.now()) }))
      .data!.token!;
    ctx.clock.advance(STEP);
    const change = (fields: Record<string, string>) => {
      const f = form({
        currentPassword: NEW_PASSWORD,
        newPassword: 'the-third-password',
        code: totpCode(secret, ctx.clock.now()),
        ...fields,
      });
      return ctx.app.inject({
        method: 'POST',
        url: '/ops/api/password?isNeedPop=1',
        payload: f.payload,
        headers: { ...f.headers, authorization: `Bearer ${token}` },
      });
    };
    const wrong = envelopeOf(await change({ currentPassword: 'not-my-password' }));
    expect([wrong.code, wrong.message]).toEqual(['UNAUTHORIZED', 'The current password is incorrect.']);
    const same = envelopeOf(await change({ newPassword: NEW_PASSWORD }));
    expect([same.code, same.message]).toEqual(['BAD_REQUEST', 'The new password must be different from the current one.']);
    const res = await change({});
    const changed = envelopeOf(res) as { code: string; message: string; data: { token: string } };
    expect([res.statusCode, changed.code, changed.message]).toEqual([
      200,
      '00',
      'Your password was changed. Your other sessions were signed out.',
    ]);
    // Both earlier sessions ended; the answered one works; the new password signs in, the old one does not.
    expect((await me(ctx, token)).statusCode).toBe(401);
    expect((await me(ctx, other)).statusCode).toBe(401);
    expect((await me(ctx, changed.data.token)).statusCode).toBe(200);
    expect((await post(ctx, '/ops/api/login', { username: 'changing.agent', password: NEW_PASSWORD }, '10.0.9.2')).status).toBe(401);
    expect((await post(ctx, '/ops/api/login', { username: 'changing.agent', password: 'the-third-password' })).data!.step).toBe('code');
    // The code that proved the change is not accepted again.
    const replay = envelopeOf(await change({ currentPassword: 'the-third-password', newPassword: 'a-fourth-password' }));
    expect(replay.code).toBe('UNAUTHORIZED');
  });

  it('account changes are audit rows of their transaction: add, reset, unlock, disable (ops:user) and a password change', async () => {
    const trail = (username: string) =>
      ctx.db.query<{ operator_id: number | null; operator: string; action: string; item_kind: string; detail: unknown }>(
        "SELECT operator_id, operator, action, item_kind, detail FROM ops_audit WHERE item_kind = 'account' AND item_id = $1 ORDER BY id",
        [username],
      );
    const run = async (args: string[]) => {
      const cmd = parseOpsUserArgs(args);
      if ('error' in cmd) throw new Error(cmd.error);
      return runOpsUser(ctx.db, cmd, { now: ctx.clock.now() });
    };
    await addAccount(ctx, 'audited.agent', 'marketing');
    // A refused command changes nothing, so it writes nothing either.
    expect((await run(['add', 'audited.agent', '--role', 'support'])).code).toBe(1);
    expect((await run(['reset-mfa', 'audited.agent'])).code).toBe(0);
    expect((await run(['unlock', 'audited.agent'])).code).toBe(0);
    expect((await run(['disable', 'audited.agent'])).code).toBe(0);
    expect((await run(['unlock', 'no.such.agent'])).code).toBe(1);
    const cli = { operator_id: null, operator: 'ops:user', item_kind: 'account' };
    expect(await trail('audited.agent')).toEqual([
      { ...cli, action: 'account_add', detail: { role: 'marketing' } },
      { ...cli, action: 'account_reset', detail: {} },
      { ...cli, action: 'account_unlock', detail: {} },
      { ...cli, action: 'account_disable', detail: {} },
    ]);
    expect(await trail('no.such.agent')).toEqual([]);
    // 'changing.agent' changed its password in the test above: the row names the operator who did it.
    const [changer] = await ctx.db.query<{ id: number }>("SELECT id FROM operators WHERE username = 'changing.agent'");
    expect(await trail('changing.agent')).toEqual([
      { ...cli, action: 'account_add', detail: { role: 'support' } },
      { operator_id: changer!.id, operator: 'changing.agent', item_kind: 'account', action: 'account_password', detail: {} },
    ]);
    // The trail is append-only for the application's role, on both databases.
    await expect(ctx.db.query("DELETE FROM ops_audit WHERE item_kind = 'account'")).rejects.toThrow();
    await expect(ctx.db.query('TRUNCATE ops_audit')).rejects.toThrow();
  });

  it('a code works once (a replay in the same step is refused), a challenge works once and for 5 minutes', async () => {
    const op = DEMO_OPERATORS.support;
    const a = await post(ctx, '/ops/api/login', op);
    const code = totpCode(DEMO_OPS_TOTP_SECRET, ctx.clock.now());
    expect((await post(ctx, '/ops/api/login/code', { challenge: a.data!.challenge!, code })).code).toBe('00');
    const again = await post(ctx, '/ops/api/login/code', { challenge: a.data!.challenge!, code });
    expect([again.status, again.message]).toEqual([401, 'Your sign-in has expired. Please enter your username and password again.']);
    const b = await post(ctx, '/ops/api/login', op);
    const replay = await post(ctx, '/ops/api/login/code', { challenge: b.data!.challenge!, code });
    expect([replay.status, replay.code]).toEqual([401, 'UNAUTHORIZED']);
    ctx.clock.advance(STEP);
    expect(
      (await post(ctx, '/ops/api/login/code', { challenge: b.data!.challenge!, code: totpCode(DEMO_OPS_TOTP_SECRET, ctx.clock.now()) }))
        .code,
    ).toBe('00');

    const c = await post(ctx, '/ops/api/login', op);
    ctx.clock.advance(5 * 60 * 1000);
    const late = await post(
      ctx,
      '/ops/api/login/code',
      { challenge: c.data!.challenge!, code: totpCode(DEMO_OPS_TOTP_SECRET, ctx.clock.now()) },
      '127.0.0.1',
      'id',
    );
    expect([late.status, late.message]).toEqual([
      401,
      'Sesi masuk Anda telah berakhir. Silakan masukkan nama pengguna dan kata sandi lagi.',
    ]);
  });

  it('20 concurrent submissions of one right code: exactly one session', async () => {
    const op = DEMO_OPERATORS.marketing;
    const challenges = await Promise.all(Array.from({ length: 20 }, (_, i) => post(ctx, '/ops/api/login', op, `10.1.0.${i + 1}`)));
    const code = totpCode(DEMO_OPS_TOTP_SECRET, ctx.clock.now());
    const answers = await Promise.all(challenges.map((c) => post(ctx, '/ops/api/login/code', { challenge: c.data!.challenge!, code })));
    expect(answers.filter((a) => a.code === '00')).toHaveLength(1);
    // The others are replays (401), and each counts as a failure of the account: past 5 the account waits (429).
    expect(
      answers
        .filter((a) => a.code !== '00')
        .map((a) => a.status)
        .every((st) => st === 401 || st === 429),
    ).toBe(true);
    const [sessions] = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE o.username = 'ops-marketing'",
    );
    expect(sessions!.n).toBe(1);
  });

  it('per account, from any address: back-off after 5 consecutive failures, growing; wrong codes count; success starts again', async () => {
    const op = DEMO_OPERATORS.support;
    // 4 wrong passwords from 4 addresses and one wrong code: 5 consecutive failures of the account.
    for (let i = 0; i < 4; i++)
      expect((await post(ctx, '/ops/api/login', { ...op, password: `wrong-${i}` }, `10.2.0.${i}`)).status).toBe(401);
    const c = await post(ctx, '/ops/api/login', op, '10.2.0.9');
    expect(
      (
        await post(ctx, '/ops/api/login/code', {
          challenge: c.data!.challenge!,
          code: '000000' === totpCode(DEMO_OPS_TOTP_SECRET, ctx.clock.now()) ? '111111' : '000000',
        })
      ).status,
    ).toBe(401);
    // The right password from a fresh address now waits 30 s.
    const blocked = await post(ctx, '/ops/api/login', op, '10.2.0.50');
    expect([blocked.status, blocked.code, blocked.retryAfter, blocked.message]).toEqual([
      429,
      'RATE_LIMITED',
      '30',
      'Too many failed logins. Please try again in 30 seconds.',
    ]);
    ctx.clock.advance(30 * 1000);
    // A 6th failure doubles the wait.
    expect((await post(ctx, '/ops/api/login', { ...op, password: 'wrong-again' }, '10.2.0.51')).status).toBe(401);
    expect((await post(ctx, '/ops/api/login', op, '10.2.0.52')).retryAfter).toBe('60');
    ctx.clock.advance(60 * 1000);
    const d = await post(ctx, '/ops/api/login', op, '10.2.0.53');
    expect(
      (await post(ctx, '/ops/api/login/code', { challenge: d.data!.challenge!, code: totpCode(DEMO_OPS_TOTP_SECRET, ctx.clock.now()) }))
        .code,
    ).toBe('00');
    const [row] = await ctx.db.query<{ failed_logins: number }>("SELECT failed_logins FROM operators WHERE username = 'ops-support'");
    expect(row!.failed_logins).toBe(0);
  });

  it('issue 34: 40 concurrent wrong passwords from 40 addresses: 429 or 401, never 500; no permanent lock; unlock clears it', async () => {
    const op = DEMO_OPERATORS.marketing;
    await ctx.db.query("UPDATE operators SET failed_logins = 98 WHERE username = 'ops-marketing'");
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(ctx, '/ops/api/login', { ...op, password: `wrong-${i}` }, `10.3.1.${i}`)),
    );
    expect(burst.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([]);
    // In back-off, one check at a time: at most one of the burst was checked (and counted) before the block held.
    const [row] = await ctx.db.query<{ failed_logins: number; login_blocked_until: Date }>(
      "SELECT failed_logins, login_blocked_until FROM operators WHERE username = 'ops-marketing'",
    );
    expect(row!.failed_logins).toBe(99);
    expect(burst.filter((r) => r.status === 401)).toHaveLength(1);
    // Past 100 failures the wait is still at most 15 minutes, then the right password and code work.
    expect(row!.login_blocked_until.getTime() - ctx.clock.now().getTime()).toBeLessThanOrEqual(15 * 60 * 1000);
    const waiting = await post(ctx, '/ops/api/login', op, '10.3.1.200', 'id');
    expect([waiting.status, waiting.code]).toEqual([429, 'RATE_LIMITED']);
    expect(waiting.message).toMatch(/^Terlalu banyak percobaan masuk yang gagal\. Silakan coba lagi dalam \d+ menit\.$/);
    ctx.clock.advance(15 * 60 * 1000);
    const after = await post(ctx, '/ops/api/login', op, '10.3.1.201');
    expect([after.status, after.data!.step]).toEqual([200, 'code']);

    // Five wrong passwords from one address lock that address; unlock clears it and the account's count.
    for (let i = 0; i < 5; i++) await post(ctx, '/ops/api/login', { ...op, password: `again-${i}` }, '10.3.1.250');
    ctx.clock.advance(15 * 60 * 1000 - 1000);
    expect((await post(ctx, '/ops/api/login', op, '10.3.1.250')).status).toBe(429);
    const cmd = parseOpsUserArgs(['unlock', 'ops-marketing']);
    if ('error' in cmd) throw new Error(cmd.error);
    expect((await runOpsUser(ctx.db, cmd, { now: ctx.clock.now() })).out).toBe(
      'Operator ops-marketing: failed sign-ins and every lock cleared (each address too); password and authenticator kept.',
    );
    const unlocked = await post(ctx, '/ops/api/login', op, '10.3.1.250');
    expect([unlocked.status, unlocked.data!.step]).toEqual([200, 'code']);
    const [cleared] = await ctx.db.query<{ failed_logins: number }>("SELECT failed_logins FROM operators WHERE username = 'ops-marketing'");
    expect(cleared!.failed_logins).toBe(0);
  });

  it('issue 34: reset-mfa clears the per-address lock too, and the account enrols again', async () => {
    const password = await addAccount(ctx, 'locked.agent');
    for (let i = 0; i < 5; i++) await post(ctx, '/ops/api/login', { username: 'locked.agent', password: `wrong-${i}` }, '10.4.0.1');
    // A minute later the account's back-off (30 s) is over; the address stays locked for the rest of its window.
    ctx.clock.advance(60 * 1000);
    expect((await post(ctx, '/ops/api/login', { username: 'locked.agent', password }, '10.4.0.1')).status).toBe(429);
    const cmd = parseOpsUserArgs(['reset-mfa', 'locked.agent']);
    if ('error' in cmd) throw new Error(cmd.error);
    const reset = await runOpsUser(ctx.db, cmd, { now: ctx.clock.now() });
    const newPassword = reset.out.split(': ').pop()!;
    const enrol = await post(ctx, '/ops/api/login', { username: 'locked.agent', password: newPassword }, '10.4.0.1');
    expect([enrol.status, enrol.data!.step, enrol.data!.newPasswordRequired]).toEqual([200, 'enrol', true]);
  });

  it('issue 34: the enrolment race: a second pending enrolment is void, and nothing finishes once the account enrolled', async () => {
    const password = await addAccount(ctx, 'race.agent');
    // The attacker (with the password) starts an enrolment first; then the operator starts theirs.
    const attacker = await post(ctx, '/ops/api/login', { username: 'race.agent', password }, '10.5.0.66');
    const operator = await post(ctx, '/ops/api/login', { username: 'race.agent', password }, '10.5.0.1');
    const secretOf = (r: Env) => /secret=([A-Z2-7]+)/.exec(r.data!.otpauthUrl!)![1]!;
    // One pending enrolment per account: the attacker's challenge is void already.
    const early = await post(ctx, '/ops/api/login/code', {
      challenge: attacker.data!.challenge!,
      code: totpCode(secretOf(attacker), ctx.clock.now()),
    });
    expect([early.status, early.message]).toEqual([401, expect.any(String)]);
    const done = await post(ctx, '/ops/api/login/code', {
      challenge: operator.data!.challenge!,
      code: totpCode(secretOf(operator), ctx.clock.now()),
      newPassword: NEW_PASSWORD,
    });
    expect(done.code).toBe('00');

    // Once enrolled, an enrolment challenge started before it (on another device) can never finish.
    const other = await addAccount(ctx, 'race.agent2');
    const b = await post(ctx, '/ops/api/login', { username: 'race.agent2', password: other }, '10.5.0.66');
    const a = await post(ctx, '/ops/api/login', { username: 'race.agent2', password: other }, '10.5.0.2');
    expect(
      (
        await post(ctx, '/ops/api/login/code', {
          challenge: a.data!.challenge!,
          code: totpCode(secretOf(a), ctx.clock.now()),
          newPassword: NEW_PASSWORD,
        })
      ).code,
    ).toBe('00');
    ctx.clock.advance(STEP);
    const late = await post(ctx, '/ops/api/login/code', {
      challenge: b.data!.challenge!,
      code: totpCode(secretOf(b), ctx.clock.now()),
      newPassword: 'the-attackers-password',
    });
    expect(late.status).toBe(401);
    // The account keeps the operator's authenticator: their next code works, the attacker's secret does not.
    const next = await post(ctx, '/ops/api/login', { username: 'race.agent2', password: NEW_PASSWORD }, '10.5.0.2');
    expect(next.data!.step).toBe('code');
    const wrongSecret = await post(ctx, '/ops/api/login/code', {
      challenge: next.data!.challenge!,
      code: totpCode(secretOf(b), ctx.clock.now()),
    });
    expect(wrongSecret.status).toBe(401);
    const again = await post(ctx, '/ops/api/login', { username: 'race.agent2', password: NEW_PASSWORD }, '10.5.0.2');
    ctx.clock.advance(STEP);
    const ok = await post(ctx, '/ops/api/login/code', { challenge: again.data!.challenge!, code: totpCode(secretOf(a), ctx.clock.now()) });
    expect(ok.code).toBe('00');
  });

  it('sessions idle out after 30 minutes without a call; each call keeps one open', async () => {
    const op = DEMO_OPERATORS.support;
    const a = await post(ctx, '/ops/api/login', op);
    const token = (
      await post(ctx, '/ops/api/login/code', { challenge: a.data!.challenge!, code: totpCode(DEMO_OPS_TOTP_SECRET, ctx.clock.now()) })
    ).data!.token!;
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(29 * 60 * 1000);
      expect((await me(ctx, token)).statusCode).toBe(200);
    }
    ctx.clock.advance(30 * 60 * 1000);
    expect((await me(ctx, token)).statusCode).toBe(401);
  });

  it('disable ends the sessions and refuses the sign-in like a wrong password', async () => {
    const password = await addAccount(ctx, 'leaving.agent', 'marketing');
    const first = await post(ctx, '/ops/api/login', { username: 'leaving.agent', password });
    const secret = /secret=([A-Z2-7]+)/.exec(first.data!.otpauthUrl!)![1]!;
    const token = (
      await post(ctx, '/ops/api/login/code', {
        challenge: first.data!.challenge!,
        code: totpCode(secret, ctx.clock.now()),
        newPassword: NEW_PASSWORD,
      })
    ).data!.token!;
    const cmd = parseOpsUserArgs(['disable', 'leaving.agent']);
    if ('error' in cmd) throw new Error(cmd.error);
    expect((await runOpsUser(ctx.db, cmd, { now: ctx.clock.now() })).out).toBe('Operator leaving.agent disabled; its sessions ended.');
    expect((await me(ctx, token)).statusCode).toBe(401);
    const refused = await post(ctx, '/ops/api/login', { username: 'leaving.agent', password: NEW_PASSWORD });
    expect([refused.status, refused.message]).toEqual([401, 'The username or password is incorrect.']);
  });
});

describe('pnpm ops:user arguments', () => {
  it('parses the three commands and refuses anything else with the usage', () => {
    expect(parseOpsUserArgs(['add', 'ana.s', '--role', 'support'])).toEqual({
      action: 'add',
      username: 'ana.s',
      role: 'support',
      passwordStdin: false,
    });
    expect(parseOpsUserArgs(['reset-mfa', 'ana.s', '--password-stdin'])).toEqual({
      action: 'reset-mfa',
      username: 'ana.s',
      passwordStdin: true,
    });
    expect(parseOpsUserArgs(['disable', 'ana.s'])).toEqual({ action: 'disable', username: 'ana.s' });
    expect(parseOpsUserArgs(['unlock', 'ana.s'])).toEqual({ action: 'unlock', username: 'ana.s' });
    for (const bad of [
      [],
      ['add', 'ana.s'],
      ['add', 'ana.s', '--role', 'admin'],
      ['add', 'Ana', '--role', 'support'],
      ['remove', 'ana.s'],
      ['disable', 'ana.s', 'x'],
    ]) {
      expect(parseOpsUserArgs(bad)).toEqual({
        error: expect.stringContaining('usage: pnpm ops:user add <name> --role support|marketing') as string,
      });
    }
  });
});
