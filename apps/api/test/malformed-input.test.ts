import * as contracts from '@lendview/contracts';
import type { AnyEndpoint } from '@lendview/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { messages, type Lang } from '../src/i18n/messages.ts';
import { signInOperator } from './helpers/operators.ts';
import { BACKENDS, envelopeOf, form, useTestApp } from './helpers/setup.ts';
import { DEMO_BORROWERS, DEMO_OPERATORS } from '../src/db/demo/index.ts';

/**
 * Malformed input on every endpoint answers a failure envelope with a localized message and a fitting
 * status, never a stack trace or a hang.
 */
const TOK = DEMO_BORROWERS.main.token;

interface PostCase {
  path: string;
  /** A valid body, so that the bad variants differ in one thing only. */
  valid: Record<string, string>;
  /** Query needed besides the language (auth). */
  query: string;
  /** Field whose absence is reported first, and its exact messages (en, id). */
  missing?: { en: string; id: string };
  /** A JSON body with a wrongly typed field, and the exact messages. */
  wrongType?: { body: unknown; en: string; id: string };
}

const POSTS: PostCase[] = [
  {
    path: '/v3/personal-center/contact-kf-info',
    valid: { overall: '30' },
    query: '',
    missing: { en: 'Missing required field: overall.', id: 'Kolom wajib belum diisi: overall.' },
    wrongType: { body: { overall: [30] }, en: 'Invalid value for field: overall.', id: 'Nilai kolom tidak valid: overall.' },
  },
  {
    path: '/v3/login/send-code',
    valid: { phone: '13955550000' },
    query: '',
    missing: { en: 'Please enter the phone number correctly!', id: 'Silakan masukkan nomor telepon dengan benar!' },
    wrongType: {
      body: { phone: 13800000000 },
      en: 'Please enter the phone number correctly!',
      id: 'Silakan masukkan nomor telepon dengan benar!',
    },
  },
  {
    path: '/v3/login/sms-login',
    valid: { phone: '13955550001', smsCode: '123456' },
    query: '',
    missing: { en: 'Please enter the phone number correctly!', id: 'Silakan masukkan nomor telepon dengan benar!' },
    wrongType: {
      body: { phone: '13955550001', smsCode: 123456 },
      en: 'Please enter the SMS code correctly!',
      id: 'Silakan masukkan kode SMS dengan benar!',
    },
  },
  {
    path: '/v3/login/logout',
    valid: {},
    query: `tok=${TOK}`,
    wrongType: { body: ['not', 'an', 'object'], en: 'The request is not valid.', id: 'Permintaan tidak valid.' },
  },
  {
    path: '/v3/loan-details/detail',
    valid: { productId: '1', orderId: 'DEMO-170' },
    query: `tok=${TOK}`,
    missing: { en: 'Missing required field: productId.', id: 'Kolom wajib belum diisi: productId.' },
    wrongType: {
      body: { productId: true, orderId: 'DEMO-170' },
      en: 'Invalid value for field: productId.',
      id: 'Nilai kolom tidak valid: productId.',
    },
  },
  {
    path: '/v3/loan-details/google-score',
    valid: { score: '5' },
    query: `tok=${TOK}`,
    missing: { en: 'Please choose a rating of 1 to 5 stars.', id: 'Silakan pilih peringkat 1 sampai 5 bintang.' },
    wrongType: { body: { score: [5] }, en: 'Please choose a rating of 1 to 5 stars.', id: 'Silakan pilih peringkat 1 sampai 5 bintang.' },
  },
  {
    path: '/v3/loan-confirm/loan-detail-push',
    valid: { amount: '300000000', periods: '91', termUnit: 'day', productId: '1', loanType: '1' },
    query: `tok=${TOK}`,
    missing: { en: 'Missing required field: amount.', id: 'Kolom wajib belum diisi: amount.' },
    wrongType: {
      body: { amount: 300000000, periods: '91', termUnit: ['day'], productId: 1, loanType: 1 },
      en: 'Invalid value for field: termUnit.',
      id: 'Nilai kolom tidak valid: termUnit.',
    },
  },
  {
    path: '/market/v3/product/apply',
    valid: { product_id: '2', module_id: '300', scene: '' },
    query: `tok=${TOK}`,
    missing: { en: 'Missing required field: product_id.', id: 'Kolom wajib belum diisi: product_id.' },
    wrongType: {
      body: { product_id: 2, module_id: 300, scene: 5 },
      en: 'Invalid value for field: scene.',
      id: 'Nilai kolom tidak valid: scene.',
    },
  },
  {
    path: '/market/pageEvent/save',
    valid: { productId: '2', moduleId: '300', positionId: '0' },
    query: `tok=${TOK}`,
    missing: { en: 'Missing required field: productId.', id: 'Kolom wajib belum diisi: productId.' },
    wrongType: {
      body: { productId: 2, moduleId: 300, positionId: null },
      en: 'Missing required field: positionId.',
      id: 'Kolom wajib belum diisi: positionId.',
    },
  },
  {
    path: '/v3/contract/contract',
    valid: { productId: '1', scene: '3' },
    query: '',
    missing: { en: 'Missing required field: productId.', id: 'Kolom wajib belum diisi: productId.' },
    wrongType: { body: { productId: 1, scene: 3.5 }, en: 'Invalid value for field: scene.', id: 'Nilai kolom tidak valid: scene.' },
  },
];

const EN = { 'accept-language': 'en-US,en;q=0.9' };

describe.each(BACKENDS)('malformed input (%s)', (backend) => {
  const ctx = useTestApp(backend, {
    setup: (app) => {
      app.post('/v3/test/throws', async () => {
        throw new Error('boom: secret detail /etc/passwd');
      });
      app.post('/v3/test/throws-object', async () => {
        // Deliberately not an Error: the handler must cope with whatever a route throws.
        const weird: unknown = { weird: true };
        throw weird;
      });
    },
  });

  const url = (c: PostCase, lang: 'en' | 'id') => {
    const parts = [c.query, lang === 'en' ? 'isNeedPop=1' : ''].filter(Boolean);
    return parts.length ? `${c.path}?${parts.join('&')}` : c.path;
  };
  const inject = (opts: InjectOptions) => ctx.app.inject(opts);

  describe.each(POSTS)('POST $path', (c) => {
    it('bad JSON', async () => {
      for (const payload of ['{"overall": 30', '{not json}', "{'a':1}", '[1,', '{"__proto__": {"x": 1}}']) {
        const en = await inject({ method: 'POST', url: url(c, 'en'), payload, headers: { 'content-type': 'application/json' } });
        expect(en.statusCode).toBe(400);
        expect(envelopeOf(en)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'The request body is not valid JSON.' });
      }
      const id = await inject({ method: 'POST', url: url(c, 'id'), payload: '{', headers: { 'content-type': 'application/json' } });
      expect(envelopeOf(id)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Isi permintaan bukan JSON yang valid.' });
      const empty = await inject({ method: 'POST', url: url(c, 'en'), payload: '', headers: { 'content-type': 'application/json' } });
      expect(empty.statusCode).toBe(400);
      expect(envelopeOf(empty).message).toBe('The request body is not valid JSON.');
    });

    it('oversized body (over 1 MB)', async () => {
      const big = { ...c.valid, pad: 'x'.repeat(1024 * 1024 + 10) };
      const en = await inject({ method: 'POST', url: url(c, 'en'), ...form(big) });
      expect(en.statusCode).toBe(413);
      expect(envelopeOf(en)).toEqual({ code: 'PAYLOAD_TOO_LARGE', data: null, message: 'The request body is too large (limit 1 MB).' });
      const id = await inject({
        method: 'POST',
        url: url(c, 'id'),
        payload: JSON.stringify(big),
        headers: { 'content-type': 'application/json' },
      });
      expect(id.statusCode).toBe(413);
      expect(envelopeOf(id)).toEqual({ code: 'PAYLOAD_TOO_LARGE', data: null, message: 'Isi permintaan terlalu besar (batas 1 MB).' });
    });

    it('unsupported body types', async () => {
      for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
        const en = await inject({ method: 'POST', url: url(c, 'en'), payload: 'phone=13800000000', headers: { 'content-type': type } });
        expect(en.statusCode).toBe(415);
        expect(envelopeOf(en)).toEqual({
          code: 'BAD_REQUEST',
          data: null,
          message: 'This content type is not supported. Send the fields form-encoded or as JSON.',
        });
      }
      const id = await inject({ method: 'POST', url: url(c, 'id'), payload: 'x', headers: { 'content-type': 'text/plain' } });
      expect(envelopeOf(id).message).toBe('Jenis konten ini tidak didukung. Kirim data sebagai formulir atau JSON.');
    });

    it('wrong types', async () => {
      if (!c.wrongType) return;
      const en = await inject({
        method: 'POST',
        url: url(c, 'en'),
        payload: JSON.stringify(c.wrongType.body),
        headers: { 'content-type': 'application/json' },
      });
      expect(en.statusCode).toBe(400);
      expect(envelopeOf(en)).toEqual({ code: 'BAD_REQUEST', data: null, message: c.wrongType.en });
      const id = await inject({
        method: 'POST',
        url: url(c, 'id'),
        payload: JSON.stringify(c.wrongType.body),
        headers: { 'content-type': 'application/json' },
      });
      expect(envelopeOf(id)).toEqual({ code: 'BAD_REQUEST', data: null, message: c.wrongType.id });
      // A form field sent twice arrives as an array: also a wrong type.
      const firstField = Object.keys(c.valid)[0];
      if (firstField) {
        const payload = `${new URLSearchParams(c.valid).toString()}&${firstField}=${encodeURIComponent(c.valid[firstField]!)}`;
        const dup = await inject({
          method: 'POST',
          url: url(c, 'en'),
          payload,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(dup.statusCode).toBe(400);
        expect(envelopeOf(dup).code).toBe('BAD_REQUEST');
      }
    });

    it('missing fields', async () => {
      if (!c.missing) return;
      const en = await inject({ method: 'POST', url: url(c, 'en'), ...form({}) });
      expect(en.statusCode).toBe(400);
      expect(envelopeOf(en)).toEqual({ code: 'BAD_REQUEST', data: null, message: c.missing.en });
      const id = await inject({ method: 'POST', url: url(c, 'id') });
      expect(envelopeOf(id)).toEqual({ code: 'BAD_REQUEST', data: null, message: c.missing.id });
    });

    it('a shared query parameter with a wrong type', async () => {
      const sep = url(c, 'en').includes('?') ? '&' : '?';
      const res = await inject({ method: 'POST', url: `${url(c, 'en')}${sep}aVer=1&aVer=2`, ...form(c.valid) });
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Invalid value for field: aVer.' });
    });
  });

  describe('GET /dev/sms-outbox', () => {
    it('missing or malformed phone', async () => {
      for (const q of ['', '?phone=', '?phone=123', '?phone=13800000000&phone=13800000001']) {
        const sep = q ? '&' : '?';
        const en = await inject({ method: 'GET', url: `/dev/sms-outbox${q}${sep}isNeedPop=1` });
        expect(en.statusCode).toBe(400);
        expect(envelopeOf(en)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Please enter the phone number correctly!' });
      }
      const id = await inject({ method: 'GET', url: '/dev/sms-outbox' });
      expect(envelopeOf(id).message).toBe('Silakan masukkan nomor telepon dengan benar!');
    });
  });

  describe('GET /healthz', () => {
    it('answers ok (liveness only: readiness is /readyz, health.test.ts), and a request id', async () => {
      const res = await inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'probe-1' } });
      expect(res.statusCode).toBe(200);
      expect(envelopeOf(res)).toEqual({ code: '00', data: { status: 'ok' }, message: 'Berhasil' });
      expect(res.headers['x-request-id']).toBe('probe-1');
      const generated = await inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('languages', () => {
    const path = '/v3/personal-center/contact-kf-info';
    it.each([
      ['isNeedPop=1', {}, 'Missing required field: overall.'],
      ['isNeedPop=1', { 'accept-language': 'id-ID' }, 'Missing required field: overall.'],
      ['', EN, 'Missing required field: overall.'],
      // Spec 1: isNeedPop other than 1 means Indonesian, even on a phone set to English.
      ['isNeedPop=0', EN, 'Kolom wajib belum diisi: overall.'],
      ['', {}, 'Kolom wajib belum diisi: overall.'],
      ['isNeedPop=0', {}, 'Kolom wajib belum diisi: overall.'],
      ['', { 'accept-language': 'id-ID,en;q=0.5' }, 'Kolom wajib belum diisi: overall.'],
      ['', { 'accept-language': 'zh-CN' }, 'Kolom wajib belum diisi: overall.'],
    ])('query "%s" headers %j → %s', async (q, headers, message) => {
      const res = await inject({ method: 'POST', url: q ? `${path}?${q}` : path, headers });
      expect(envelopeOf(res).message).toBe(message);
    });
  });

  describe('unknown paths and thrown errors', () => {
    it('unknown API path → NOT_FOUND envelope, also for browsers', async () => {
      for (const [method, path] of [
        ['POST', '/v3/nope'],
        ['GET', '/v3/login/send-code'],
        ['GET', '/h5-api/v3/user-problem/unknown'],
        ['POST', '/market/v3/product/nothing'],
        ['DELETE', '/v3/personal-center/contact-kf-info'],
        ['POST', '/no-such-page'],
      ] as const) {
        const en = await inject({ method, url: `${path}?isNeedPop=1`, headers: { accept: 'text/html,*/*' } });
        expect(en.statusCode).toBe(404);
        expect(en.headers['content-type']).toMatch(/^application\/json/);
        expect(envelopeOf(en)).toEqual({ code: 'NOT_FOUND', data: null, message: 'The requested resource was not found.' });
      }
      const id = await inject({ method: 'POST', url: '/v3/nope' });
      expect(envelopeOf(id)).toEqual({ code: 'NOT_FOUND', data: null, message: 'Data yang diminta tidak ditemukan.' });
    });

    it('a thrown error → SERVER_ERROR envelope without details', async () => {
      const en = await inject({ method: 'POST', url: '/v3/test/throws?isNeedPop=1' });
      expect(en.statusCode).toBe(500);
      expect(envelopeOf(en)).toEqual({
        code: 'SERVER_ERROR',
        data: null,
        message: 'Something went wrong on our side. Please try again later.',
      });
      expect(en.body).not.toContain('boom');
      const id = await inject({ method: 'POST', url: '/v3/test/throws-object' });
      expect(id.statusCode).toBe(500);
      expect(envelopeOf(id)).toEqual({
        code: 'SERVER_ERROR',
        data: null,
        message: 'Terjadi kesalahan pada sistem kami. Silakan coba lagi nanti.',
      });
    });

    it('a malformed URL → BAD_REQUEST envelope', async () => {
      const res = await inject({ method: 'GET', url: '/v3/%E0%A4%A?isNeedPop=1' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(envelopeOf(res).code).toMatch(/^(BAD_REQUEST|NOT_FOUND)$/);
    });

    it('/dev/* is a 404 outside demo mode', async () => {
      const prod = buildApp({
        db: ctx.db,
        demo: false,
        shellDir: ctx.shellDir,
        releasesDir: ctx.releasesDir,
        logger: false,
        paymentWebhookSecret: 'a-production-secret-of-enough-length',
      });
      try {
        const res = await prod.inject({ method: 'GET', url: '/dev/sms-outbox?phone=13800000000&isNeedPop=1' });
        expect(res.statusCode).toBe(404);
        expect(envelopeOf(res)).toEqual({ code: 'NOT_FOUND', data: null, message: 'The requested resource was not found.' });
        const simulate = await prod.inject({
          method: 'POST',
          url: '/dev/payments/simulate?isNeedPop=1',
          payload: 'vcode=393580000000000',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(simulate.statusCode).toBe(404);
        expect(envelopeOf(simulate)).toEqual({ code: 'NOT_FOUND', data: null, message: 'The requested resource was not found.' });
      } finally {
        await prod.close();
      }
    });
  });
});

// -- Fuzz: every endpoint of the contracts, every field -------------------------------------------------------

/** Every `endpoint({...})` exported by @lendview/contracts: a new endpoint is fuzzed without touching this file. */
const ENDPOINTS = Object.entries(contracts)
  .filter(([, v]) => {
    const e = v as Partial<AnyEndpoint> | null;
    return !!e && typeof e === 'object' && (e.method === 'GET' || e.method === 'POST') && typeof e.path === 'string' && !!e.request;
  })
  .map(([name, v]) => ({ name, ep: v as AnyEndpoint }))
  .sort((a, b) => a.ep.path.localeCompare(b.ep.path));

const shapeOf = (ep: AnyEndpoint): Record<string, z.ZodType> =>
  (ep.request as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};

/** Values that exist in the demo seed, so a request is valid but for the one fuzzed field and reaches the database. */
const KNOWN: Record<string, string> = {
  orderId: 'DEMO-170',
  orderNo: 'DEMO-170',
  productId: '1',
  product_id: '2',
  phone: '13800000000',
  mobile: '13800000000',
  templateId: '1',
  id: '1',
  problemId: '1',
  pid: '0',
  score: '5',
  type: '4',
  value: 'How do I repay?',
  overall: '30',
};
const SAMPLES = ['1', '0', '30', '5', '13800000000', '123456', 'DEMO-170', 'abcd1234', 'day', 'ios', ''];

/** A value the field's own schema accepts (demo-seed values first), or undefined. */
function sampleFor(field: string, schema: z.ZodType): string | undefined {
  const candidates = KNOWN[field] !== undefined ? [KNOWN[field], ...SAMPLES] : SAMPLES;
  return candidates.find((c) => schema.safeParse(c).success);
}

/** An integer field: its schema turns some digit string into a number. */
const isIntField = (schema: z.ZodType) =>
  ['1', '0', '30', '5', '2'].some((c) => {
    const r = schema.safeParse(c);
    return r.success && typeof r.data === 'number';
  });

const TEXT_PAYLOADS = ['a\u0000b', '\u0000', 'x\u0001y', 'esc\u001b[2J', 'del\u007f', 'c1\u0085'];
/** Only JSON can carry half a surrogate pair (a URL or form encoder sends U+FFFD instead). */
const JSON_ONLY_PAYLOADS = ['lone\ud800', '\udc00tail'];
/** Out of range for any integer field (PostgreSQL integer, and a JS safe integer for the last). */
const INT_PAYLOADS = ['99999999999', '2147483648', '-2147483649', '9223372036854775808'];
/** Ids are never negative: -1 is refused (400) or answered as not found (404), never served. */
const ID_FIELD = /^(id|pid)$|Id$|_id$/;

/** Every English / Indonesian message of the API as a pattern ({vars} match anything). */
const patternsOf = (lang: Lang) =>
  Object.values(messages[lang]).map((m) => new RegExp(`^${m.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '.+')}$`, 's'));
const MESSAGE_PATTERNS = { en: patternsOf('en'), id: patternsOf('id') };

describe.each(BACKENDS)('fuzzed fields of every endpoint (%s)', (backend) => {
  const ctx = useTestApp(backend, {
    setup: (app) => {
      // A handler that sends an out-of-range value straight to SQL, as a schema gap would.
      app.post('/v3/test/db-data-error', async () => app.db.query('SELECT $1::integer AS n', ['99999999999']));
    },
  });
  const bearer: Record<'support' | 'marketing', string> = { support: '', marketing: '' };

  it('finds the endpoints of the contracts', async () => {
    expect(ENDPOINTS.length).toBeGreaterThan(40);
    for (const role of ['support', 'marketing'] as const) {
      const op = DEMO_OPERATORS[role];
      bearer[role] = await signInOperator(ctx, op);
    }
  });

  async function call(ep: AnyEndpoint, fields: Record<string, unknown>, lang: Lang, json: boolean) {
    const query = new URLSearchParams({ tok: TOK, ...(lang === 'en' ? { isNeedPop: '1' } : {}) });
    const headers: Record<string, string> = {};
    if (ep.path.startsWith('/ops/api/'))
      headers.authorization = `Bearer ${bearer[ep.path.startsWith('/ops/api/templates') ? 'marketing' : 'support']}`;
    if (ep.method === 'GET') {
      for (const [k, v] of Object.entries(fields)) query.set(k, String(v));
      return ctx.app.inject({ method: 'GET', url: `${ep.path}?${query.toString()}`, headers });
    }
    if (json) {
      return ctx.app.inject({
        method: 'POST',
        url: `${ep.path}?${query.toString()}`,
        payload: JSON.stringify(fields),
        headers: { ...headers, 'content-type': 'application/json' },
      });
    }
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return ctx.app.inject({
      method: 'POST',
      url: `${ep.path}?${query.toString()}`,
      payload: body,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  function expectRefused(res: LightMyRequestResponse, lang: Lang, what: string) {
    expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
    const env = envelopeOf(res);
    expect(env.data, what).toBeNull();
    expect(
      MESSAGE_PATTERNS[lang].some((p) => p.test(env.message)),
      `${what}: message not in ${lang}: ${env.message}`,
    ).toBe(true);
  }

  it.each(ENDPOINTS.map((e) => [`${e.ep.method} ${e.ep.path}`, e.ep] as const))(
    '%s: NUL, control characters and out-of-range integers answer 4xx envelopes',
    async (_label, ep) => {
      const shape = shapeOf(ep);
      const base: Record<string, string> = {};
      for (const [field, schema] of Object.entries(shape)) {
        const sample = sampleFor(field, schema);
        if (sample !== undefined) base[field] = sample;
      }
      let n = 0;
      for (const [field, schema] of Object.entries(shape)) {
        const int = isIntField(schema);
        const payloads = [...TEXT_PAYLOADS, ...(int ? INT_PAYLOADS : []), ...(int && ID_FIELD.test(field) ? ['-1'] : [])];
        for (const payload of payloads) {
          const lang: Lang = n++ % 2 === 0 ? 'en' : 'id';
          expectRefused(await call(ep, { ...base, [field]: payload }, lang, false), lang, `${field}=${JSON.stringify(payload)}`);
          if (ep.method === 'POST' && (INT_PAYLOADS.includes(payload) || payload === '-1')) {
            // As a JSON number too (no string parsing in the way).
            expectRefused(await call(ep, { ...base, [field]: Number(payload) }, lang, true), lang, `${field}=${payload} (JSON number)`);
          }
        }
      }
      if (ep.method === 'POST') {
        for (const field of Object.keys(shape)) {
          for (const payload of [...JSON_ONLY_PAYLOADS, 'a\u0000b']) {
            expectRefused(await call(ep, { ...base, [field]: payload }, 'en', true), 'en', `${field}=${JSON.stringify(payload)} (JSON)`);
          }
        }
      }
      // Probes read no parameters at all.
      if (ep.path === '/healthz' || ep.path === '/readyz') return;
      // The shared query parameters (dId, aVer, ...) and JSON keys go through the same check.
      const shared = await ctx.app.inject({ method: ep.method, url: `${ep.path}?tok=${TOK}&isNeedPop=1&dId=a%00b` });
      expectRefused(shared, 'en', 'shared dId with NUL');
      if (ep.method === 'POST') {
        const key = await call(ep, { ...base, 'bad\u0000key': 'x' }, 'en', true);
        expectRefused(key, 'en', 'a JSON key with NUL');
      }
    },
  );

  it('a field a person fills in says so without naming the field; line breaks are kept where text is multi-line', async () => {
    // The complaint text has messages of its own: a pasted control character gets a text a borrower can act on,
    // not "the field problemDetail" (an audit, 2026-11-28).
    const nul = await ctx.app.inject({
      method: 'POST',
      url: `/user-problem/problem-save?tok=${TOK}&isNeedPop=1`,
      ...form({ problemType: '5', problemDetail: 'hello\u0000world' }),
    });
    expect(envelopeOf(nul)).toEqual({
      code: 'BAD_REQUEST',
      data: null,
      message: 'The text contains characters that cannot be saved, such as hidden control characters. Please remove them and try again.',
    });
    const nulId = await ctx.app.inject({
      method: 'POST',
      url: `/user-problem/problem-save?tok=${TOK}`,
      ...form({ problemType: '5', problemDetail: 'a\u0007b' }),
    });
    expect(envelopeOf(nulId).message).toBe(
      'Teks berisi karakter yang tidak dapat disimpan, misalnya karakter kontrol tersembunyi. Hapus karakter tersebut lalu coba lagi.',
    );
    // A field without messages of its own is still named.
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/user-problem/problem-save?tok=${TOK}&isNeedPop=1`,
      ...form({ problemType: '5', problemDetail: 'fine', orderNo: 'A\u0007' }),
    });
    expect(envelopeOf(other).message).toBe('The field orderNo contains characters that are not allowed.');
    const lines = await ctx.app.inject({
      method: 'POST',
      url: `/user-problem/problem-save?tok=${TOK}&isNeedPop=1`,
      ...form({ problemType: '5', problemDetail: 'line one\r\n\tline two' }),
    });
    expect(lines.statusCode, lines.body).toBe(200);
    const id = (envelopeOf(lines).data as { problemId: number }).problemId;
    const detail = await ctx.app.inject({
      method: 'POST',
      url: `/user-problem/problem-detail?tok=${TOK}`,
      ...form({ problemId: String(id) }),
    });
    expect((envelopeOf(detail).data as { content: string }).content).toBe('line one\n\tline two');
    // A single-line field refuses a line break.
    const track = await ctx.app.inject({ method: 'GET', url: '/api/v2/lendview/promotion/track-visit?isNeedPop=1&user_from=a%0Ab' });
    expect(envelopeOf(track)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Invalid value for field: user_from.' });
  });

  it('productId=99999999999 on /v3/loan-details/detail is a 400 envelope, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v3/loan-details/detail?tok=${TOK}&isNeedPop=1`,
      ...form({ productId: '99999999999', orderId: 'DEMO-170' }),
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Invalid value for field: productId.' });
  });

  it('a database data error (SQLSTATE class 22) that slips past a schema answers 400, never 500', async () => {
    ctx.app.log.level = 'silent';
    const res = await ctx.app.inject({ method: 'POST', url: '/v3/test/db-data-error?isNeedPop=1' });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'The request is not valid.' });
  });
});

// Requests Node's HTTP parser refuses before Fastify sees them (app.ts clientErrorHandler): still an envelope, in the
// request's language (spec 1's rule, from what arrived of the request), and 431 for headers over 16 KB.
describe('requests the HTTP parser refuses', () => {
  const ctx = useTestApp(BACKENDS[0]!);

  async function raw(request: string): Promise<{ status: number; message: string }> {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => null);
    const port = address ? Number(new URL(address).port) : (ctx.app.server.address() as AddressInfo).port;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
    return { status, message: (JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { message: string }).message };
  }
  const big = `X-Big: ${'a'.repeat(20 * 1024)}\r\n`;

  it('headers over 16 KB: 431 with the envelope, in English for isNeedPop=1 or an English page, else Indonesian', async () => {
    expect(await raw(`GET /v3/contact-kf-info?overall=30&isNeedPop=1 HTTP/1.1\r\nHost: x\r\n${big}\r\n`)).toEqual({
      status: 431,
      message: messages.en.badRequest,
    });
    expect(await raw(`GET /v3/contact-kf-info?isNeedPop=0 HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n${big}\r\n`)).toEqual({
      status: 431,
      message: messages.id.badRequest,
    });
    expect(await raw(`GET /loanDetails HTTP/1.1\r\nHost: x\r\nAccept-Language: en-IN\r\n${big}\r\n`)).toEqual({
      status: 431,
      message: messages.en.badRequest,
    });
    expect(await raw(`GET /loanDetails HTTP/1.1\r\nHost: x\r\n${big}\r\n`)).toEqual({ status: 431, message: messages.id.badRequest });
  });

  it('a request that is not HTTP: 400 with the envelope, in Indonesian', async () => {
    expect(await raw('HELLO THERE\r\n\r\n')).toEqual({ status: 400, message: messages.id.badRequest });
  });
});
