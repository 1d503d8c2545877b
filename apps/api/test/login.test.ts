import { createHash, createHmac } from 'node:crypto';
import { endpoint } from '@lendview/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoint } from '../src/lib/endpoint.ts';
import { BACKENDS, addBorrower, envelopeOf, form, useTestApp, type TestContext } from './helpers/setup.ts';
import { DEMO_BORROWERS } from '../src/db/demo/index.ts';

/** A borrower-only endpoint registered by the test through the same registry helper the app uses. */
const whoAmI = endpoint({
  method: 'POST',
  path: '/v3/test/who-am-i',
  successCode: '00',
  request: z.object({}),
  response: z.object({ phone: z.string(), isRepeatClient: z.boolean(), deviceId: z.string().nullable() }),
});

async function sendCode(ctx: TestContext, phone: string, query = '') {
  return ctx.app.inject({ method: 'POST', url: `/v3/login/send-code${query}`, ...form({ phone }) });
}

async function latestCode(ctx: TestContext, phone: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${phone}` });
  const body = envelopeOf(res) as { data: { messages: { body: string }[] } };
  const text = body.data.messages[0]?.body ?? '';
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no code in outbox for ${phone}: ${text}`);
  return m[1]!;
}

async function login(ctx: TestContext, phone: string, smsCode: string, query = '') {
  return ctx.app.inject({ method: 'POST', url: `/v3/login/sms-login${query}`, ...form({ phone, smsCode }) });
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(BACKENDS)('SMS login (%s)', (backend) => {
  const ctx = useTestApp(backend, {
    setup: (app) => {
      registerEndpoint(app, whoAmI, {
        auth: true,
        handler: async ({ borrower, identity }) => ({
          phone: borrower.phone,
          isRepeatClient: borrower.isRepeatClient,
          deviceId: identity.deviceId ?? null,
        }),
      });
    },
  });

  it('send → outbox → login → the token works on an authenticated route → logout', async () => {
    const phone = '13900000001';
    await addBorrower(ctx.db, phone, true);

    const sent = await sendCode(ctx, phone, '?isNeedPop=1');
    expect(sent.statusCode).toBe(200);
    expect(envelopeOf(sent)).toEqual({
      code: '00',
      data: { sent: true, resendAfter: 60 },
      message: 'If this phone number is registered, a verification code has been sent to it.',
    });

    const outbox = envelopeOf(await ctx.app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${phone}` }));
    const messages = (outbox.data as { messages: { phone: string; body: string; purpose: string; createdAt: string }[] }).messages;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ phone, purpose: 'login', createdAt: ctx.clock.now().toISOString() });
    expect(messages[0]!.body).toMatch(
      /^Your LendView verification code is \d{6}\. It expires in 5 minutes\. Never share it with anyone\.$/,
    );

    const code = await latestCode(ctx, phone);
    const res = await login(ctx, phone, code, '?isNeedPop=1&dId=device-42');
    expect(res.statusCode).toBe(200);
    const body = envelopeOf(res) as { code: string; data: { tok: string }; message: string };
    expect(body.code).toBe('00');
    expect(body.message).toBe('Logged in successfully.');
    expect(body.data.tok).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const tok = body.data.tok;

    // The token is accepted from the query (tok) and from the X-Lv-Token header.
    const viaQuery = await ctx.app.inject({ method: 'POST', url: `/v3/test/who-am-i?tok=${tok}&dId=device-42` });
    expect(envelopeOf(viaQuery)).toEqual({
      code: '00',
      data: { phone, isRepeatClient: true, deviceId: 'device-42' },
      message: 'Berhasil',
    });
    const viaHeader = await ctx.app.inject({
      method: 'POST',
      url: '/v3/test/who-am-i',
      headers: { 'x-lv-token': tok, 'x-lv-device': 'device-43' },
    });
    expect(envelopeOf(viaHeader).data).toEqual({ phone, isRepeatClient: true, deviceId: 'device-43' });

    // The session row exists, stored by hash only.
    const rows = await ctx.db.query<{ token_hash: string; device_id: string }>(
      'SELECT s.token_hash, s.device_id FROM sessions s JOIN borrowers b ON b.id = s.borrower_id WHERE b.phone = $1',
      [phone],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(tok);
    expect(rows[0]!.device_id).toBe('device-42');

    const out = await ctx.app.inject({ method: 'POST', url: `/v3/login/logout?tok=${tok}&isNeedPop=1` });
    expect(envelopeOf(out)).toEqual({ code: '00', data: { loggedOut: true }, message: 'You have been logged out.' });

    const after = await ctx.app.inject({ method: 'POST', url: `/v3/test/who-am-i?tok=${tok}&isNeedPop=1` });
    expect(after.statusCode).toBe(401);
    expect(envelopeOf(after)).toEqual({
      code: 'UNAUTHORIZED',
      data: null,
      message: 'Your session has expired. Please log in again.',
    });
    const again = await ctx.app.inject({ method: 'POST', url: `/v3/login/logout?tok=${tok}` });
    expect(again.statusCode).toBe(401);
    expect(envelopeOf(again)).toEqual({
      code: 'UNAUTHORIZED',
      data: null,
      message: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
    });
  });

  it('the fixed demo tokens identify the two demo borrowers', async () => {
    for (const b of [DEMO_BORROWERS.main, DEMO_BORROWERS.second]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/v3/test/who-am-i', headers: { 'x-lv-token': b.token } });
      expect(envelopeOf(res).data).toEqual({ phone: b.phone, isRepeatClient: b.isRepeatClient, deviceId: null });
    }
  });

  it('rejects missing, unknown and expired tokens', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: '/v3/test/who-am-i?isNeedPop=1' });
    expect(none.statusCode).toBe(401);
    expect(envelopeOf(none).message).toBe('Your session has expired. Please log in again.');
    const unknown = await ctx.app.inject({ method: 'POST', url: '/v3/test/who-am-i', headers: { 'x-lv-token': 'nope' } });
    expect(envelopeOf(unknown)).toEqual({ code: 'UNAUTHORIZED', data: null, message: 'Sesi Anda telah berakhir. Silakan masuk kembali.' });

    const phone = '13900000002';
    await addBorrower(ctx.db, phone);
    await sendCode(ctx, phone);
    const tok = (envelopeOf(await login(ctx, phone, await latestCode(ctx, phone))).data as { tok: string }).tok;
    const ok = await ctx.app.inject({ method: 'POST', url: `/v3/test/who-am-i?tok=${tok}` });
    expect(ok.statusCode).toBe(200);
    ctx.clock.advance(30 * 24 * 60 * 60 * 1000 + 1000); // sessions live 30 days
    const expired = await ctx.app.inject({ method: 'POST', url: `/v3/test/who-am-i?tok=${tok}` });
    expect(expired.statusCode).toBe(401);
    expect(envelopeOf(expired).code).toBe('UNAUTHORIZED');
  });

  it('refuses a wrong code, counting the attempts left, and still accepts the right one afterwards', async () => {
    const phone = '13900000003';
    await addBorrower(ctx.db, phone);
    await sendCode(ctx, phone);
    const code = await latestCode(ctx, phone);

    const wrong = await login(ctx, phone, wrongOf(code), '?isNeedPop=1');
    expect(wrong.statusCode).toBe(400);
    expect(envelopeOf(wrong)).toEqual({
      code: 'BAD_REQUEST',
      data: null,
      message: 'The verification code is incorrect or has expired. 4 attempts left.',
    });
    const wrongId = await login(ctx, phone, wrongOf(code));
    expect(envelopeOf(wrongId).message).toBe('Kode verifikasi salah atau sudah kedaluwarsa. Sisa percobaan: 3.');

    const right = await login(ctx, phone, code);
    expect(right.statusCode).toBe(200);
    expect(envelopeOf(right).code).toBe('00');
    // A success clears the run of failures: the next code starts from 5 again.
    ctx.clock.advance(61_000);
    await sendCode(ctx, phone);
    const next = await latestCode(ctx, phone);
    expect(envelopeOf(await login(ctx, phone, wrongOf(next), '?isNeedPop=1')).message).toBe(
      'The verification code is incorrect or has expired. 4 attempts left.',
    );
  });

  it('refuses an expired code (5 minutes) with the same answer as a wrong one', async () => {
    const phone = '13900000004';
    await addBorrower(ctx.db, phone);
    await sendCode(ctx, phone);
    const code = await latestCode(ctx, phone);
    ctx.clock.advance(5 * 60 * 1000);
    const res = await login(ctx, phone, code, '?isNeedPop=1');
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toEqual({
      code: 'BAD_REQUEST',
      data: null,
      message: 'The verification code is incorrect or has expired. 4 attempts left.',
    });
    expect(envelopeOf(await login(ctx, phone, code)).message).toBe('Kode verifikasi salah atau sudah kedaluwarsa. Sisa percobaan: 3.');
  });

  it('accepts a code just before it expires', async () => {
    const phone = '13900000005';
    await addBorrower(ctx.db, phone);
    await sendCode(ctx, phone);
    const code = await latestCode(ctx, phone);
    ctx.clock.advance(5 * 60 * 1000 - 1000);
    expect((await login(ctx, phone, code)).statusCode).toBe(200);
  });

  it('refuses a code used once already', async () => {
    const phone = '13900000006';
    await addBorrower(ctx.db, phone);
    await sendCode(ctx, phone);
    const code = await latestCode(ctx, phone);
    expect((await login(ctx, phone, code)).statusCode).toBe(200);
    const reused = await login(ctx, phone, code, '?isNeedPop=1');
    expect(reused.statusCode).toBe(400);
    expect(envelopeOf(reused)).toEqual({
      code: 'BAD_REQUEST',
      data: null,
      message: 'The verification code is incorrect or has expired. 4 attempts left.',
    });
  });

  it('stores codes only as an HMAC with a per-code salt, never the code or sha256(salt:code)', async () => {
    const phone = '13900000011';
    await addBorrower(ctx.db, phone);
    await sendCode(ctx, phone);
    const code = await latestCode(ctx, phone);
    const [row] = await ctx.db.query<{ code_salt: string; code_hash: string }>(
      'SELECT code_salt, code_hash FROM sms_codes WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [phone],
    );
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).not.toBe(createHash('sha256').update(`${row!.code_salt}:${code}`).digest('hex'));
    expect(row!.code_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    // Without a configured secret the key is the database's own, made once.
    const key = await ctx.db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = 'sms_code_hmac_key'");
    expect(key[0]!.value).toMatch(/^[0-9a-f]{64}$/);
    const mac = createHmac('sha256', Buffer.from(key[0]!.value, 'hex')).update(`login:${phone}:${row!.code_salt}:${code}`).digest('hex');
    expect(row!.code_hash).toBe(mac);
  });

  it('locks the phone after 5 failures, even for the right code; a new code does not reset the count', async () => {
    const phone = '13900000007';
    await addBorrower(ctx.db, phone);
    await sendCode(ctx, phone);
    const code = await latestCode(ctx, phone);
    const messages: string[] = [];
    for (let i = 0; i < 3; i++) messages.push(envelopeOf(await login(ctx, phone, wrongOf(code), '?isNeedPop=1')).message);

    // A resend brings a new code, not a new budget.
    ctx.clock.advance(61_000);
    expect((await sendCode(ctx, phone)).statusCode).toBe(200);
    const fresh = await latestCode(ctx, phone);
    messages.push(envelopeOf(await login(ctx, phone, wrongOf(fresh), '?isNeedPop=1')).message);
    const fifth = await login(ctx, phone, wrongOf(fresh), '?isNeedPop=1');
    messages.push(envelopeOf(fifth).message);
    expect(messages).toEqual([
      'The verification code is incorrect or has expired. 4 attempts left.',
      'The verification code is incorrect or has expired. 3 attempts left.',
      'The verification code is incorrect or has expired. 2 attempts left.',
      'The verification code is incorrect or has expired. 1 attempt left.',
      'Too many incorrect codes. Please try again in 15 minutes.',
    ]);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('900');

    const right = await login(ctx, phone, fresh, '?isNeedPop=1');
    expect(right.statusCode).toBe(429);
    expect(envelopeOf(right)).toEqual({
      code: 'RATE_LIMITED',
      data: null,
      message: 'Too many incorrect codes. Please try again in 15 minutes.',
    });
    expect(envelopeOf(await login(ctx, phone, fresh)).message).toBe('Terlalu banyak kode yang salah. Silakan coba lagi dalam 15 menit.');
    // Asking for a code while locked gets the lock, not a code.
    const resend = await sendCode(ctx, phone, '?isNeedPop=1');
    expect(resend.statusCode).toBe(429);
    expect(envelopeOf(resend).message).toBe('Too many incorrect codes. Please try again in 15 minutes.');

    // After the lock: a new code works, and the next lock lasts twice as long.
    ctx.clock.advance(15 * 60 * 1000);
    await sendCode(ctx, phone);
    const third = await latestCode(ctx, phone);
    for (let i = 0; i < 4; i++) await login(ctx, phone, wrongOf(third));
    const second = await login(ctx, phone, wrongOf(third), '?isNeedPop=1');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('1800');
    expect(envelopeOf(second).message).toBe('Too many incorrect codes. Please try again in 30 minutes.');

    ctx.clock.advance(30 * 60 * 1000);
    await sendCode(ctx, phone);
    expect((await login(ctx, phone, await latestCode(ctx, phone))).statusCode).toBe(200);
  });

  it('caps failures per phone per day: the 20th locks it until the day window ends', async () => {
    const phone = '13900000012';
    await addBorrower(ctx.db, phone);
    const start = ctx.clock.now().getTime();
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (let lock = 0; lock < 4; lock++) {
      for (let i = 0; i < 5; i++) last = await login(ctx, phone, '000000');
      const seconds = Number(last!.headers['retry-after']);
      if (lock < 3) ctx.clock.advance(seconds * 1000);
    }
    expect(last!.statusCode).toBe(429);
    // 15 + 30 + 60 minutes of locks passed; the daily cap holds until 24 h after the first failure.
    const until = start + 24 * 60 * 60 * 1000;
    expect(Number(last!.headers['retry-after'])).toBe(Math.ceil((until - ctx.clock.now().getTime()) / 1000));
    const guard = await ctx.db.query<{ day_failures: number }>(
      "SELECT day_failures FROM sms_code_guards WHERE phone = $1 AND purpose = 'login'",
      [phone],
    );
    expect(guard).toEqual([{ day_failures: 20 }]);
  });

  it('caps code checks per client IP in the database', async () => {
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const phone = `1370000${String(i).padStart(4, '0')}`;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v3/login/sms-login?isNeedPop=1',
        remoteAddress: ip,
        ...form({ phone, smsCode: '000000' }),
      });
      statuses.push(res.statusCode);
      if (i === 60) expect(envelopeOf(res).message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    }
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('allows one code per phone per 60 s, held in the database', async () => {
    const phone = '13900000008';
    await addBorrower(ctx.db, phone);
    expect((await sendCode(ctx, phone)).statusCode).toBe(200);

    const second = await sendCode(ctx, phone, '?isNeedPop=1');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('60');
    expect(envelopeOf(second)).toEqual({
      code: 'RATE_LIMITED',
      data: null,
      message: 'Do not send the code repeatedly! Please try again in 60 seconds.',
    });

    ctx.clock.advance(45_000);
    const third = await sendCode(ctx, phone);
    expect(third.statusCode).toBe(429);
    expect(envelopeOf(third).message).toBe('Jangan mengirim kode berulang kali! Silakan coba lagi dalam 15 detik.');

    const counter = await ctx.db.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE key = $1', [`sms:login:phone:${phone}`]);
    expect(counter).toEqual([{ hits: 3 }]);

    ctx.clock.advance(15_000);
    expect((await sendCode(ctx, phone)).statusCode).toBe(200);
    const outbox = envelopeOf(await ctx.app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${phone}` }));
    expect((outbox.data as { messages: unknown[] }).messages).toHaveLength(2);
  });

  it('lists the outbox newest first, and only the new code works', async () => {
    const phone = '13900000009';
    await addBorrower(ctx.db, phone);
    await sendCode(ctx, phone);
    const first = await latestCode(ctx, phone);
    ctx.clock.advance(60_000);
    await sendCode(ctx, phone, '?isNeedPop=0');
    const outbox = envelopeOf(await ctx.app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${phone}` }));
    const list = (outbox.data as { messages: { id: number; body: string; createdAt: string }[] }).messages;
    expect(list).toHaveLength(2);
    expect(list[0]!.id).toBeGreaterThan(list[1]!.id);
    expect(list[0]!.createdAt > list[1]!.createdAt).toBe(true);
    expect(list[0]!.body).toMatch(/^Kode verifikasi LendView Anda adalah \d{6}\./);
    const second = /(\d{6})/.exec(list[0]!.body)![1]!;
    if (first !== second) {
      expect(envelopeOf(await login(ctx, phone, first, '?isNeedPop=1')).message).toMatch(
        /^The verification code is incorrect or has expired\./,
      );
    }
    expect((await login(ctx, phone, second)).statusCode).toBe(200);
  });

  it('limits codes per phone per day', async () => {
    const phone = '13900000010';
    await addBorrower(ctx.db, phone);
    const saved = ctx.app.limits.smsPerPhonePerDay;
    ctx.app.limits.smsPerPhonePerDay = 2;
    try {
      expect((await sendCode(ctx, phone)).statusCode).toBe(200);
      ctx.clock.advance(61_000);
      expect((await sendCode(ctx, phone)).statusCode).toBe(200);
      ctx.clock.advance(61_000);
      const third = await sendCode(ctx, phone, '?isNeedPop=1');
      expect(third.statusCode).toBe(429);
      expect(envelopeOf(third)).toEqual({
        code: 'RATE_LIMITED',
        data: null,
        message: 'Too many codes have been requested for this number today. Please try again tomorrow.',
      });
    } finally {
      ctx.app.limits.smsPerPhonePerDay = saved;
    }
  });

  it('answers an unregistered phone exactly like a registered one, but sends nothing', async () => {
    const phone = '13911112222';
    const res = await sendCode(ctx, phone, '?isNeedPop=1');
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({
      code: '00',
      data: { sent: true, resendAfter: 60 },
      message: 'If this phone number is registered, a verification code has been sent to it.',
    });
    const outbox = envelopeOf(await ctx.app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${phone}` }));
    expect(outbox.data).toEqual({ messages: [] });
    const codes = await ctx.db.query('SELECT 1 FROM sms_codes WHERE phone = $1', [phone]);
    expect(codes).toHaveLength(0);
    // Same resend limit as for a registered phone.
    expect((await sendCode(ctx, phone)).statusCode).toBe(429);
    const attempt = await login(ctx, phone, '123456', '?isNeedPop=1');
    expect(attempt.statusCode).toBe(400);
    expect(envelopeOf(attempt)).toEqual({
      code: 'BAD_REQUEST',
      data: null,
      message: 'The verification code is incorrect or has expired. 4 attempts left.',
    });
  });

  it('answers a registered and an unregistered phone byte for byte alike, from send to lock', async () => {
    const registered = '13900000013';
    const stranger = '13911113333';
    await addBorrower(ctx.db, registered);
    const same = async (call: (phone: string) => Promise<LightMyRequestResponse>) => {
      const [a, b] = [await call(registered), await call(stranger)];
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.body).toBe(a.body);
      const headers = (r: LightMyRequestResponse) => {
        const { date: _d, 'x-request-id': _id, ...rest } = r.headers;
        return rest;
      };
      expect(headers(b)).toEqual(headers(a));
      return a;
    };
    expect((await same((p) => sendCode(ctx, p, '?isNeedPop=1'))).statusCode).toBe(200);
    expect((await same((p) => sendCode(ctx, p))).statusCode).toBe(429);
    const code = await latestCode(ctx, registered);
    // Wrong, then the registered phone's own code after it expired, then used: never a hint.
    expect((await same((p) => login(ctx, p, wrongOf(code), '?isNeedPop=1'))).statusCode).toBe(400);
    expect((await same((p) => login(ctx, p, wrongOf(code)))).statusCode).toBe(400);
    ctx.clock.advance(5 * 60 * 1000);
    expect((await same((p) => login(ctx, p, code, '?isNeedPop=1'))).statusCode).toBe(400);
    await same((p) => login(ctx, p, wrongOf(code)));
    const locked = await same((p) => login(ctx, p, code, '?isNeedPop=1'));
    expect(locked.statusCode).toBe(429);
    expect(envelopeOf(locked).message).toBe('Too many incorrect codes. Please try again in 15 minutes.');
    expect((await same((p) => sendCode(ctx, p, '?isNeedPop=1'))).statusCode).toBe(429);
  });

  it('validates phone and code formats with the spec 5 messages', async () => {
    for (const phone of ['12800000000', '1380000000', '138000000000', '+6213800000', 'abcdefghijk']) {
      const en = await sendCode(ctx, phone, '?isNeedPop=1');
      expect(en.statusCode).toBe(400);
      expect(envelopeOf(en)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Please enter the phone number correctly!' });
    }
    const id = await sendCode(ctx, '123');
    expect(envelopeOf(id).message).toBe('Silakan masukkan nomor telepon dengan benar!');

    for (const smsCode of ['12345', '1234567', '12a456', '']) {
      const res = await login(ctx, '13800000000', smsCode, '?isNeedPop=1');
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Please enter the SMS code correctly!' });
    }
    expect(envelopeOf(await login(ctx, '13800000000', 'x')).message).toBe('Silakan masukkan kode SMS dengan benar!');
  });
});
