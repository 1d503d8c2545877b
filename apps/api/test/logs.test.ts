import { describe, expect, it } from 'vitest';
import { maskPhone, redactText, redactUrl } from '../src/lib/log-redaction.ts';
import { BACKENDS, useTestApp } from './helpers/setup.ts';
import { DEMO_BORROWERS } from '../src/db/demo/index.ts';

// Issue 12 item 8: what the server logs for a series of requests carrying secrets, grepped for each secret.

const SECRETS = {
  encodedKeyToken: 'tok-encoded-key-7f3a9c',
  arrayToken: 'tok-array-form-1b2c3d',
  upperToken: 'tok-upper-case-5e6f7a',
  duplicateToken: 'tok-duplicate-8c9d0e',
  headerToken: 'tok-header-2a3b4c',
  bearer: 'operator-bearer-9f8e7d6c',
  refererToken: 'tok-referer-6d5c4b',
  phone: '13877712345',
  otherPhone: '13866654321',
  smsCode: '482913',
  complaint: 'The collector called my mother at 3am and threatened her',
  signature: 'c2lnbmF0dXJlLW9mLWEtcGhvdG8tdXJs',
  cardNo: '4111111111111111',
  holder: 'BUDI SANTOSO WIJAYA',
  password: 'support-demo-pass',
  jsonSecret: 'json-body-secret-4d3c2b',
} as const;

describe.each(BACKENDS)('logs carry no secrets (%s)', (backend) => {
  const lines: string[] = [];
  const ctx = useTestApp(backend, {
    app: { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
    setup(app) {
      // A developer's mistake the redaction must survive: a route that logs the whole body.
      app.post('/test/log-body', async (req) => {
        req.log.info({ body: req.body }, 'body as received');
        return { ok: true };
      });
      // Database errors whose parameters are the complaint text: PGlite attaches the parameters to the error,
      // pg quotes the row in `detail` (a unique violation: a 500), PostgreSQL quotes a bad value in the message
      // (invalid integer text: a data error, answered 400 by the validation safety net, still logged).
      app.post('/test/db-error', async (req) => {
        const { content } = req.body as { content: string };
        await app.db.query(`INSERT INTO app_settings (key, value) VALUES ($1, 'x')`, [content]);
        await app.db.query(`INSERT INTO app_settings (key, value) VALUES ($1, 'x')`, [content]);
        return { ok: true };
      });
      app.post('/test/db-data-error', async (req) => {
        const { content } = req.body as { content: string };
        await app.db.query('SELECT $1::int AS n', [content]);
        return { ok: true };
      });
    },
  });

  it('a series of requests with secrets leaves none of them in the log, and the log is still useful', async () => {
    const app = ctx.app;
    const detail = '/v3/loan-details/detail';
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await app.inject({
      method: 'POST',
      url: `${detail}?%74ok=${SECRETS.encodedKeyToken}&isNeedPop=1`,
      headers: form,
      payload: 'productId=1&orderId=DEMO-170',
    });
    await app.inject({
      method: 'POST',
      url: `${detail}?tok[]=${SECRETS.arrayToken}`,
      headers: form,
      payload: 'productId=1&orderId=DEMO-170',
    });
    await app.inject({ method: 'POST', url: `${detail}?TOK=${SECRETS.upperToken}`, headers: form, payload: 'productId=1' });
    await app.inject({
      method: 'POST',
      url: `${detail}?tok=${SECRETS.duplicateToken}&tok=${SECRETS.duplicateToken}`,
      headers: form,
      payload: 'productId=1',
    });
    await app.inject({
      method: 'POST',
      url: detail,
      headers: { ...form, 'x-lv-token': SECRETS.headerToken, referer: `https://lendview.test/loanDetails?tok=${SECRETS.refererToken}` },
      payload: 'productId=1',
    });
    await app.inject({ method: 'GET', url: '/ops/api/complaints', headers: { authorization: `Bearer ${SECRETS.bearer}` } });
    // Phones: in a form body, in a query, in a path.
    await app.inject({ method: 'POST', url: '/v3/login/send-code', headers: form, payload: `phone=${SECRETS.phone}` });
    await app.inject({
      method: 'POST',
      url: '/v3/login/sms-login',
      headers: form,
      payload: `phone=${SECRETS.phone}&smsCode=${SECRETS.smsCode}`,
    });
    await app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${SECRETS.otherPhone}` });
    await app.inject({ method: 'GET', url: `/no-such-thing/${SECRETS.otherPhone}` });
    // A complaint save with its text, and a database error whose parameter is that text.
    await app.inject({
      method: 'POST',
      url: `/user-problem/problem-save?tok=${DEMO_BORROWERS.main.token}`,
      headers: form,
      payload: new URLSearchParams({ problemType: '1', problemSonType: '1', problemDetail: SECRETS.complaint }).toString(),
    });
    const dbError = await app.inject({
      method: 'POST',
      url: '/test/db-error',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ content: SECRETS.complaint }),
    });
    expect(dbError.statusCode).toBe(500);
    const dataError = await app.inject({
      method: 'POST',
      url: '/test/db-data-error',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ content: SECRETS.complaint }),
    });
    expect(dataError.statusCode).toBeGreaterThanOrEqual(400);
    // A signed photo URL of the operators' queue.
    await app.inject({ method: 'GET', url: `/ops/api/complaints/image/${'a'.repeat(32)}?exp=1893456000&sig=${SECRETS.signature}` });
    // Card fields and an operator password in bodies, the whole body logged by a careless route.
    await app.inject({
      method: 'POST',
      url: '/test/log-body',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        cardNo: SECRETS.cardNo,
        holderName: SECRETS.holder,
        phone: SECRETS.phone,
        smsCode: SECRETS.smsCode,
        content: SECRETS.complaint,
        note: `card ${SECRETS.cardNo}`,
      }),
    });
    await app.inject({
      method: 'POST',
      url: '/ops/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'ops-support', password: SECRETS.password }),
    });
    // A body parser error quoting the body.
    await app.inject({
      method: 'POST',
      url: '/v3/login/send-code',
      headers: { 'content-type': 'application/json' },
      payload: `{"phone": "${SECRETS.jsonSecret}`,
    });

    const log = lines.join('');
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(log.includes(secret), `${name} (${secret}) is in the log`).toBe(false);
    }
    expect(log).not.toContain(DEMO_BORROWERS.main.token);
    expect(log).not.toMatch(/[?&](tok|sig|exp)=(?!\[redacted\])[^&"\s]/i);

    // Still useful: the requests, their redacted keys, the masked phone, the database error's code.
    expect(log).toContain('"url":"/v3/loan-details/detail?tok=[redacted]&isNeedPop=1"');
    expect(log).toContain('tok%5B%5D=[redacted]');
    expect(log).toContain(`"url":"/dev/sms-outbox?phone=${maskPhone(SECRETS.otherPhone)}"`);
    expect(maskPhone(SECRETS.otherPhone)).toBe('*******4321');
    expect(log).toContain(`exp=[redacted]&sig=[redacted]`);
    expect(log).toContain('"x-lv-token":"[redacted]"');
    expect(log).toContain('"authorization":"[redacted]"');
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('"constraint":"app_settings_pkey"');
    expect(log).toContain('"cardNo":"[redacted]"');
    expect(log).toContain(`"phone":"${maskPhone(SECRETS.phone)}"`);
    expect(log).toContain('"msg":"unhandled error"');
  });
});

describe('redaction functions', () => {
  it('judge query keys as the router decodes them, and fail closed on unknown keys', () => {
    expect(redactUrl('/x?%74ok=abc')).toBe('/x?tok=[redacted]');
    expect(redactUrl('/x?t%6Fk=abc&productId=1')).toBe('/x?tok=[redacted]&productId=1');
    expect(redactUrl('/x?tok[]=a&tok[]=b')).toBe('/x?tok%5B%5D=[redacted]');
    expect(redactUrl('/x?orderId=DEMO-170&newThing=secret')).toBe('/x?orderId=DEMO-170&newThing=[redacted]');
    expect(redactUrl('/x?%zz=1')).toBe('/x?%25zz=[redacted]');
    expect(redactUrl('/x', { tok: 'abc' })).toBe('/x');
    expect(redactUrl('/x?a=1', { tok: 'abc', a: '1' })).toBe('/x?tok=[redacted]&a=[redacted]');
  });

  it('mask secrets inside free text', () => {
    expect(redactText('GET /a?sig=abc&x=1 Bearer abc.def 13800000000')).toBe('GET /a?sig=[redacted]&x=1 Bearer [redacted] *******0000');
    expect(redactText('phone=081234567890')).toBe('phone=********7890');
    expect(redactText('request 7f0c2a1e-1234-4abc-9def-123456789012 ok')).toBe('request 7f0c2a1e-1234-4abc-9def-123456789012 ok');
  });
});
