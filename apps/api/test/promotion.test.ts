import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { purgeExpired } from '../src/services/maintenance.ts';
import { CAPTCHA_ALPHABET, crc32 } from '../src/lib/captcha-image.ts';
import { BACKENDS, envelopeOf, form, useTestApp, type TestContext } from './helpers/setup.ts';
import {
  SEG,
  captchaImage,
  freshIp,
  freshPhone,
  getSms,
  lastCode,
  newCaptcha,
  outbox,
  promoGet,
  registerCall,
  registerFields,
  smsFields,
  wrongOf,
} from './helpers/promotion.ts';
import { DEMO_BORROWERS, DEMO_LANDING_TEMPLATE } from '../src/db/demo/index.ts';

const MIN = 60 * 1000;
const LIMITS = { registerSmsPerPhonePerDay: 3, registerSmsPerIpPerHour: 5, captchasPerIpPerHour: 12, trackingPerIpPerHour: 3 };

const WRONG_CAPTCHA_EN = 'Please enter the image captcha correctly!';
const WRONG_CAPTCHA_ID = 'Silakan masukkan kode captcha gambar dengan benar!';
const REGISTERED_EN = 'You have registered, please download the APP to log in!';
const REGISTERED_ID = 'Anda sudah terdaftar, silakan unduh aplikasinya untuk masuk!';

/** Reads IHDR of a PNG and checks every chunk's CRC; returns width, height and the inflated scanlines. */
function parsePng(buf: Buffer) {
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let off = 8;
  const chunks: { type: string; data: Buffer }[] = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.subarray(off + 4, off + 8).toString('ascii');
    const data = buf.subarray(off + 8, off + 8 + len);
    expect(buf.readUInt32BE(off + 8 + len), `CRC of ${type}`).toBe(crc32(buf.subarray(off + 4, off + 8 + len)));
    chunks.push({ type, data });
    off += 12 + len;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const ihdr = chunks[0]!.data;
  const raw = inflateSync(chunks[1]!.data);
  return { width: ihdr.readUInt32BE(0), height: ihdr.readUInt32BE(4), bitDepth: ihdr[8], colourType: ihdr[9], raw };
}

/** Sends a code to a fresh phone and returns what register needs. */
async function smsSent(ctx: TestContext, ip: string, phone = freshPhone()) {
  const captcha = await newCaptcha(ctx, { ip });
  const sent = await getSms(ctx, smsFields(phone, captcha), { ip });
  expect(sent.code, sent.res.body).toBe(0);
  return { phone, captcha, code: await lastCode(ctx, phone) };
}

describe.each(BACKENDS)('promotion and registration (%s)', (backend) => {
  const ctx = useTestApp(backend, { app: { limits: LIMITS } });

  describe('channel-template', () => {
    it('answers the published template 1 with its id, never cached', async () => {
      const r = await promoGet(ctx, `${SEG}/service/channel/channel-template`, { templateId: '1' }, { lang: 'en' });
      expect(r.status).toBe(200);
      expect(r.code).toBe('00');
      expect(r.data).toEqual({ ...DEMO_LANDING_TEMPLATE, id: 1 });
      expect(r.message).toBe('Success');
      expect(r.res.headers['cache-control']).toBe('no-store');
    });

    it('answers NOT_FOUND with a localized message for a draft-only, unknown or inactive template', async () => {
      for (const templateId of ['2', '999']) {
        const en = await promoGet(ctx, `${SEG}/service/channel/channel-template`, { templateId }, { lang: 'en' });
        expect(en.status).toBe(404);
        expect({ code: en.code, data: en.data, message: en.message }).toEqual({
          code: 'NOT_FOUND',
          data: null,
          message: 'This promotion page is not available. It may have ended or not be published yet.',
        });
        const id = await promoGet(ctx, `${SEG}/service/channel/channel-template`, { templateId });
        expect(id.message).toBe('Halaman promosi ini tidak tersedia. Mungkin sudah berakhir atau belum diterbitkan.');
      }
      await ctx.db.query(
        `INSERT INTO landing_templates (id, draft_config, live_config, published_at, active) VALUES (50, $1::jsonb, $1::jsonb, $2, false)`,
        [JSON.stringify(DEMO_LANDING_TEMPLATE), ctx.clock.now()],
      );
      const inactive = await promoGet(ctx, `${SEG}/service/channel/channel-template`, { templateId: '50' });
      expect(inactive.code).toBe('NOT_FOUND');
      const bad = await promoGet(ctx, `${SEG}/service/channel/channel-template`, { templateId: 'abc' });
      expect(bad.code).toBe('BAD_REQUEST');
    });
  });

  describe('tracking', () => {
    it('records visits and clicks with channel, client type, hashed IP and the click phone', async () => {
      const ip = freshIp();
      const params = { page_id: '1', user_from: 'fb-ads', client_type: 'android', page_type: '1', utm_tag: 'spring', app_from: 'landing' };
      const visit = await promoGet(ctx, `${SEG}/promotion/track-visit`, params, { ip });
      expect({ code: visit.code, data: visit.data }).toEqual({ code: '00', data: { recorded: true } });
      const phone = freshPhone();
      const click = await promoGet(ctx, `${SEG}/promotion/track-click`, { ...params, client_type: 'symbian', phone }, { ip });
      expect(click.data).toEqual({ recorded: true });
      const partial = await promoGet(ctx, `${SEG}/promotion/track-click`, { ...params, phone: '1380' }, { ip });
      expect(partial.data).toEqual({ recorded: true });

      const rows = await ctx.db.query<Record<string, unknown>>(
        `SELECT kind, page_id, page_type, user_from, app_from, utm_tag, client_type, phone, ip_hash, created_at
           FROM promotion_events WHERE user_from = 'fb-ads' AND utm_tag = 'spring' ORDER BY id`,
      );
      expect(rows.map(({ ip_hash: _h, created_at: _c, ...r }) => r)).toEqual([
        {
          kind: 'visit',
          page_id: 1,
          page_type: 1,
          user_from: 'fb-ads',
          app_from: 'landing',
          utm_tag: 'spring',
          client_type: 'android',
          phone: null,
        },
        {
          kind: 'click',
          page_id: 1,
          page_type: 1,
          user_from: 'fb-ads',
          app_from: 'landing',
          utm_tag: 'spring',
          client_type: 'other',
          phone,
        },
        {
          kind: 'click',
          page_id: 1,
          page_type: 1,
          user_from: 'fb-ads',
          app_from: 'landing',
          utm_tag: 'spring',
          client_type: 'android',
          phone: null,
        },
      ]);
      const hashes = new Set(rows.map((r) => r.ip_hash));
      expect(hashes.size).toBe(1);
      const [hash] = [...hashes] as string[];
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toContain(ip);
      expect((rows[0]!.created_at as Date).toISOString()).toBe(ctx.clock.now().toISOString());
    });

    it('stops storing past the per-IP bound but still answers 00 recorded false', async () => {
      const ip = freshIp();
      const params = { page_id: '1', user_from: 'flood', client_type: 'ios' };
      for (let i = 0; i < LIMITS.trackingPerIpPerHour; i++) {
        expect((await promoGet(ctx, `${SEG}/promotion/track-visit`, params, { ip })).data).toEqual({ recorded: true });
      }
      const over = await promoGet(ctx, `${SEG}/promotion/track-click`, params, { ip });
      expect(over.status).toBe(200);
      expect({ code: over.code, data: over.data }).toEqual({ code: '00', data: { recorded: false } });
      const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM promotion_events WHERE user_from = 'flood'`);
      expect(count!.n).toBe(LIMITS.trackingPerIpPerHour);
      // Another visitor is not affected.
      expect((await promoGet(ctx, `${SEG}/promotion/track-visit`, params, { ip: freshIp() })).data).toEqual({ recorded: true });
    });
  });

  describe('captcha', () => {
    it('get-sid answers code 0 and a sid whose image is a 120×44 PNG, no-store, different per sid', async () => {
      const ip = freshIp();
      const sid = await promoGet(ctx, `${SEG}/promotion/get-sid`, {}, { ip, lang: 'en' });
      expect(sid.code).toBe(0);
      expect(sid.message).toBe('Success');
      const a = (sid.data as { sid: string }).sid;
      expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const { sid: b } = await newCaptcha(ctx, { ip });

      const imgA = await captchaImage(ctx, a);
      expect(imgA.statusCode).toBe(200);
      expect(imgA.headers['content-type']).toBe('image/png');
      expect(imgA.headers['cache-control']).toBe('no-store');
      const png = parsePng(imgA.rawPayload);
      expect(png).toMatchObject({ width: 120, height: 44, bitDepth: 8, colourType: 2 });
      expect(png.raw.length).toBe(44 * (1 + 120 * 3));
      // Not a blank picture: many distinct colours (glyphs, noise, anti-aliasing).
      const colours = new Set<number>();
      for (let y = 0; y < 44; y++) {
        for (let x = 0; x < 120; x++) {
          const i = y * 361 + 1 + x * 3;
          colours.add((png.raw[i]! << 16) | (png.raw[i + 1]! << 8) | png.raw[i + 2]!);
        }
      }
      expect(colours.size).toBeGreaterThan(200);

      const imgB = await captchaImage(ctx, b);
      expect(imgB.rawPayload.equals(imgA.rawPayload)).toBe(false);
      // The same sid draws the same picture (no new variants of one answer to average).
      expect((await captchaImage(ctx, a)).rawPayload.equals(imgA.rawPayload)).toBe(true);
    });

    it('answers are 4 characters of the unambiguous alphabet', async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        const { answer } = await newCaptcha(ctx, { ip });
        expect(answer).toMatch(/^[2345679ACDEFGHJKMNPQRTUVWXY]{4}$/);
        for (const ch of answer) expect(CAPTCHA_ALPHABET).toContain(ch);
      }
    });

    it('the image of an unknown or expired sid is a 404 envelope', async () => {
      const unknown = await captchaImage(ctx, 'no-such-sid');
      expect(unknown.statusCode).toBe(404);
      expect(envelopeOf(unknown)).toEqual({
        code: 'NOT_FOUND',
        data: null,
        message: 'Captcha gambar ini sudah kedaluwarsa. Silakan muat ulang.',
      });
      const { sid } = await newCaptcha(ctx, { ip: freshIp() });
      ctx.clock.advance(5 * MIN);
      expect((await captchaImage(ctx, sid)).statusCode).toBe(404);
    });

    it('get-sid is bounded per IP', async () => {
      const ip = freshIp();
      for (let i = 0; i < LIMITS.captchasPerIpPerHour; i++) await newCaptcha(ctx, { ip });
      const over = await promoGet(ctx, `${SEG}/promotion/get-sid`, {}, { ip, lang: 'en' });
      expect(over.status).toBe(429);
      expect(over.code).toBe('RATE_LIMITED');
      expect(over.message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    });
  });

  describe('get-sms', () => {
    it('code 0: sends the registration code, spends the captcha', async () => {
      const ip = freshIp();
      const phone = freshPhone();
      const captcha = await newCaptcha(ctx, { ip });
      // The answer is compared case-insensitively.
      const sent = await getSms(ctx, smsFields(phone, { ...captcha, answer: captcha.answer.toLowerCase() }), { ip, lang: 'en' });
      expect(sent.status).toBe(200);
      expect({ code: sent.code, data: sent.data, message: sent.message }).toEqual({
        code: 0,
        data: { resendAfter: 60 },
        message: 'verification code sent, please check your phone',
      });
      expect(sent.res.headers['cache-control']).toBe('no-store');
      const texts = await outbox(ctx, phone);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(/^Your LendView registration code is \d{6}\. It expires in 5 minutes\. Never share it with anyone\.$/);
      // The form keeps showing the accepted captcha while the visitor types the SMS code.
      expect((await captchaImage(ctx, captcha.sid)).statusCode).toBe(200);

      const phone2 = freshPhone();
      ctx.clock.advance(61 * 1000);
      const id = await getSms(ctx, smsFields(phone2, await newCaptcha(ctx, { ip })), { ip });
      expect(id.message).toBe('Kode verifikasi telah dikirim, silakan periksa ponsel Anda');
      expect((await outbox(ctx, phone2))[0]).toMatch(/^Kode pendaftaran LendView Anda adalah \d{6}\./);
    });

    it('code 101: a wrong answer kills the sid; no SMS', async () => {
      const ip = freshIp();
      const phone = freshPhone();
      const captcha = await newCaptcha(ctx, { ip });
      const wrong = await getSms(ctx, smsFields(phone, { ...captcha, answer: captcha.answer === 'AAAA' ? 'CCCC' : 'AAAA' }), {
        ip,
        lang: 'en',
      });
      expect(wrong.status).toBe(400);
      expect({ code: wrong.code, data: wrong.data, message: wrong.message }).toEqual({ code: 101, data: null, message: WRONG_CAPTCHA_EN });
      const retry = await getSms(ctx, smsFields(phone, captcha), { ip });
      expect({ code: retry.code, message: retry.message }).toEqual({ code: 101, message: WRONG_CAPTCHA_ID });
      const unknown = await getSms(ctx, smsFields(phone, { sid: 'made-up', answer: 'ABCD' }), { ip });
      expect(unknown.code).toBe(101);
      // A wrongly answered captcha's image is gone: the page asks for a new sid.
      expect((await captchaImage(ctx, captcha.sid)).statusCode).toBe(404);
      expect(await outbox(ctx, phone)).toEqual([]);
    });

    it('two concurrent requests with one captcha: only one is sent', async () => {
      const ip = freshIp();
      const captcha = await newCaptcha(ctx, { ip });
      const [a, b] = [freshPhone(), freshPhone()];
      const results = await Promise.all([getSms(ctx, smsFields(a, captcha), { ip }), getSms(ctx, smsFields(b, captcha), { ip })]);
      expect(results.map((r) => r.code).sort()).toEqual([0, 101]);
      expect((await outbox(ctx, a)).length + (await outbox(ctx, b)).length).toBe(1);
    });

    it('code 101 for a reused captcha and for an expired one', async () => {
      const ip = freshIp();
      const { phone, captcha } = await smsSent(ctx, ip);
      ctx.clock.advance(61 * 1000);
      const reused = await getSms(ctx, smsFields(phone, captcha), { ip, lang: 'en' });
      expect({ code: reused.code, message: reused.message }).toEqual({ code: 101, message: WRONG_CAPTCHA_EN });
      const other = freshPhone();
      const reusedOther = await getSms(ctx, smsFields(other, captcha), { ip });
      expect(reusedOther.code).toBe(101);

      const late = await newCaptcha(ctx, { ip });
      ctx.clock.advance(5 * MIN);
      const expired = await getSms(ctx, smsFields(other, late), { ip, lang: 'en' });
      expect({ code: expired.code, message: expired.message }).toEqual({ code: 101, message: WRONG_CAPTCHA_EN });
      expect(await outbox(ctx, phone)).toHaveLength(1);
      expect(await outbox(ctx, other)).toEqual([]);
    });

    it('a registered phone gets the answer a new one gets, and a code; register with it answers 11', async () => {
      const ip = freshIp();
      const phone = DEMO_BORROWERS.main.phone;
      const stranger = freshPhone();
      // Byte for byte the same answer, registered or not (issue 12: no account enumeration at get-sms).
      const a = await getSms(ctx, smsFields(phone, await newCaptcha(ctx, { ip })), { ip, lang: 'en' });
      const b = await getSms(ctx, smsFields(stranger, await newCaptcha(ctx, { ip })), { ip, lang: 'en' });
      expect({ status: a.status, code: a.code, data: a.data, message: a.message }).toEqual({
        status: 200,
        code: 0,
        data: { resendAfter: 60 },
        message: 'verification code sent, please check your phone',
      });
      expect(b.res.body).toBe(a.res.body);
      expect(b.status).toBe(a.status);
      // The resend rule holds for both alike, too.
      const a2 = await getSms(ctx, smsFields(phone, await newCaptcha(ctx, { ip })), { ip, lang: 'en' });
      const b2 = await getSms(ctx, smsFields(stranger, await newCaptcha(ctx, { ip })), { ip, lang: 'en' });
      expect(a2.status).toBe(429);
      expect(b2.res.body).toBe(a2.res.body);
      expect(await outbox(ctx, phone)).toHaveLength(1);
      expect(await outbox(ctx, stranger)).toHaveLength(1);
      // Without the right captcha nothing is sent at all.
      ctx.clock.advance(61 * 1000);
      const captcha = await newCaptcha(ctx, { ip });
      const guess = await getSms(ctx, smsFields(phone, { ...captcha, answer: captcha.answer === 'AAAA' ? 'CCCC' : 'AAAA' }), { ip });
      expect(guess.code).toBe(101);
      expect(await outbox(ctx, phone)).toHaveLength(1);
    });

    it('register: a wrong code answers a registered and a new phone byte for byte alike; the right one tells 11', async () => {
      const ip = freshIp();
      const registered = await smsSent(ctx, ip, DEMO_BORROWERS.second.phone);
      const stranger = await smsSent(ctx, ip);
      const wrongA = await registerCall(ctx, registerFields(registered.phone, registered.captcha, wrongOf(registered.code)), {
        ip,
        lang: 'en',
      });
      const wrongB = await registerCall(ctx, registerFields(stranger.phone, stranger.captcha, wrongOf(stranger.code)), { ip, lang: 'en' });
      expect({ status: wrongA.status, code: wrongA.code, message: wrongA.message }).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'The verification code is incorrect or has expired. 4 attempts left.',
      });
      expect(wrongB.res.body).toBe(wrongA.res.body);
      // Only the phone's own code reveals that it is registered: whoever has it holds the phone.
      const right = await registerCall(ctx, registerFields(registered.phone, registered.captcha, registered.code), { ip, lang: 'en' });
      expect({ status: right.status, code: right.code, data: right.data, message: right.message }).toEqual({
        status: 409,
        code: 11,
        data: null,
        message: REGISTERED_EN,
      });
      // The repeated tap on Apply after that answers 11 again (the sid is used).
      const again = await registerCall(ctx, registerFields(registered.phone, registered.captcha, registered.code), { ip });
      expect({ code: again.code, message: again.message }).toEqual({ code: 11, message: REGISTERED_ID });
      expect((await ctx.db.query('SELECT 1 FROM borrowers WHERE phone = $1', [registered.phone])).length).toBe(1);
    });

    it('field messages of spec 5: phone, captcha', async () => {
      const ip = freshIp();
      const captcha = await newCaptcha(ctx, { ip });
      for (const phone of ['12800000000', '1380000000', 'abc', '']) {
        const r = await getSms(ctx, smsFields(phone, captcha), { ip, lang: 'en' });
        expect({ code: r.code, message: r.message }).toEqual({ code: 'BAD_REQUEST', message: 'Please enter the phone number correctly!' });
      }
      const noCaptcha = await getSms(ctx, smsFields(freshPhone(), captcha, { capcode: '' }), { ip, lang: 'en' });
      expect({ code: noCaptcha.code, message: noCaptcha.message }).toEqual({ code: 'BAD_REQUEST', message: WRONG_CAPTCHA_EN });
      const tooLong = await getSms(ctx, smsFields(freshPhone(), captcha, { capcode: 'ABCDE' }), { ip });
      expect({ code: tooLong.code, message: tooLong.message }).toEqual({ code: 'BAD_REQUEST', message: WRONG_CAPTCHA_ID });
      // Refused input did not spend the captcha.
      expect((await getSms(ctx, smsFields(freshPhone(), captcha), { ip })).code).toBe(0);
    });

    it('one code per phone per 60 s', async () => {
      const ip = freshIp();
      const { phone } = await smsSent(ctx, ip);
      ctx.clock.advance(30 * 1000);
      const again = await getSms(ctx, smsFields(phone, await newCaptcha(ctx, { ip })), { ip, lang: 'en' });
      expect(again.status).toBe(429);
      expect({ code: again.code, message: again.message }).toEqual({
        code: 'RATE_LIMITED',
        message: 'Do not send the code repeatedly! Please try again in 30 seconds.',
      });
      expect(again.res.headers['retry-after']).toBe('30');
      expect(await outbox(ctx, phone)).toHaveLength(1);
      ctx.clock.advance(31 * 1000);
      expect((await getSms(ctx, smsFields(phone, await newCaptcha(ctx, { ip })), { ip })).code).toBe(0);
      expect(await outbox(ctx, phone)).toHaveLength(2);
    });

    it('a few codes per phone per day', async () => {
      const phone = freshPhone();
      for (let i = 0; i < LIMITS.registerSmsPerPhonePerDay; i++) {
        await smsSent(ctx, freshIp(), phone);
        ctx.clock.advance(61 * 1000);
      }
      const ip = freshIp();
      const over = await getSms(ctx, smsFields(phone, await newCaptcha(ctx, { ip })), { ip, lang: 'en' });
      expect({ status: over.status, code: over.code, message: over.message }).toEqual({
        status: 429,
        code: 'RATE_LIMITED',
        message: 'Too many codes have been requested for this number today. Please try again tomorrow.',
      });
      expect(await outbox(ctx, phone)).toHaveLength(LIMITS.registerSmsPerPhonePerDay);
      ctx.clock.advance(24 * 60 * MIN);
      expect((await getSms(ctx, smsFields(phone, await newCaptcha(ctx, { ip })), { ip })).code).toBe(0);
    });

    it('a bounded number of requests per IP per hour', async () => {
      const ip = freshIp();
      for (let i = 0; i < LIMITS.registerSmsPerIpPerHour; i++) await smsSent(ctx, ip);
      const phone = freshPhone();
      const over = await getSms(ctx, smsFields(phone, await newCaptcha(ctx, { ip })), { ip, lang: 'en' });
      expect({ status: over.status, code: over.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
      expect(over.message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
      expect(await outbox(ctx, phone)).toEqual([]);
      ctx.clock.advance(60 * MIN);
      expect((await getSms(ctx, smsFields(phone, await newCaptcha(ctx, { ip })), { ip })).code).toBe(0);
    });
  });

  describe('register', () => {
    it('code 0 creates the borrower once; a repeat answers 11; the new borrower logs in by SMS', async () => {
      const ip = freshIp();
      const { phone, captcha, code } = await smsSent(ctx, ip);
      const ok = await registerCall(ctx, registerFields(phone, captcha, code, { id: '1' }), { ip, lang: 'en' });
      expect(ok.status).toBe(200);
      expect({ code: ok.code, data: ok.data, message: ok.message }).toEqual({
        code: 0,
        data: { registered: true },
        message: 'registration succeeded',
      });
      const borrowers = await ctx.db.query<{ id: number; is_repeat_client: boolean }>(
        'SELECT id, is_repeat_client FROM borrowers WHERE phone = $1',
        [phone],
      );
      expect(borrowers).toHaveLength(1);
      expect(borrowers[0]!.is_repeat_client).toBe(false);
      const [source] = await ctx.db.query<Record<string, unknown>>(
        'SELECT template_id, user_from, app_from, utm_tag, invite_code, app_name, device_id FROM promotion_registrations WHERE borrower_id = $1',
        [borrowers[0]!.id],
      );
      expect(source).toEqual({
        template_id: 1,
        user_from: 'fb-ads',
        app_from: 'landing',
        utm_tag: 'spring',
        invite_code: 'FRIEND42',
        app_name: 'LendView',
        device_id: 'dev-1',
      });

      // A second tap on Apply with the same form: 11, same borrower.
      const again = await registerCall(ctx, registerFields(phone, captcha, code), { ip, lang: 'en' });
      expect({ status: again.status, code: again.code, data: again.data, message: again.message }).toEqual({
        status: 409,
        code: 11,
        data: null,
        message: REGISTERED_EN,
      });
      // Asking for a new code now: answered like any phone (a code is sent); register with it says 11.
      ctx.clock.advance(61 * 1000);
      const next = await newCaptcha(ctx, { ip });
      const sms = await getSms(ctx, smsFields(phone, next), { ip });
      expect({ code: sms.code, message: sms.message }).toEqual({
        code: 0,
        message: 'Kode verifikasi telah dikirim, silakan periksa ponsel Anda',
      });
      expect(await outbox(ctx, phone)).toHaveLength(2);
      const told = await registerCall(ctx, registerFields(phone, next, await lastCode(ctx, phone)), { ip });
      expect({ code: told.code, message: told.message }).toEqual({ code: 11, message: REGISTERED_ID });
      expect((await ctx.db.query('SELECT 1 FROM borrowers WHERE phone = $1', [phone])).length).toBe(1);

      // The platform's login lets the new borrower (no orders yet) in.
      const send = await ctx.app.inject({ method: 'POST', url: '/v3/login/send-code', remoteAddress: ip, ...form({ phone }) });
      expect(envelopeOf(send).code).toBe('00');
      const loginCode = await lastCode(ctx, phone, 'login');
      const login = await ctx.app.inject({ method: 'POST', url: '/v3/login/sms-login', ...form({ phone, smsCode: loginCode }) });
      const body = envelopeOf(login) as { code: string; data: { tok: string } };
      expect(body.code).toBe('00');
      expect(body.data.tok).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const logout = await ctx.app.inject({ method: 'POST', url: `/v3/login/logout?tok=${body.data.tok}` });
      expect(envelopeOf(logout)).toMatchObject({ code: '00', data: { loggedOut: true } });
    });

    it('a code already spent by another registration of the phone is refused like a wrong one', async () => {
      const ip = freshIp();
      const { phone, captcha: first } = await smsSent(ctx, ip);
      ctx.clock.advance(61 * 1000);
      const second = await newCaptcha(ctx, { ip });
      expect((await getSms(ctx, smsFields(phone, second), { ip })).code).toBe(0);
      const code = await lastCode(ctx, phone);
      expect((await registerCall(ctx, registerFields(phone, first, code), { ip })).code).toBe(0);
      const late = await registerCall(ctx, registerFields(phone, second, code), { ip });
      expect({ code: late.code, message: late.message }).toEqual({
        code: 'BAD_REQUEST',
        message: 'Kode verifikasi salah atau sudah kedaluwarsa. Sisa percobaan: 4.',
      });
      expect((await ctx.db.query('SELECT 1 FROM borrowers WHERE phone = $1', [phone])).length).toBe(1);
    });

    it('code -1 unless sid and capcode are the ones get-sms accepted for this phone', async () => {
      const ip = freshIp();
      const { phone, captcha, code } = await smsSent(ctx, ip);
      const cases: Record<string, string>[] = [
        registerFields(phone, { ...captcha, answer: captcha.answer === 'AAAA' ? 'CCCC' : 'AAAA' }, code),
        registerFields(phone, { ...captcha, sid: 'made-up' }, code),
        registerFields(phone, await newCaptcha(ctx, { ip }), code), // never went through get-sms
        registerFields(freshPhone(), captcha, code), // bound to another phone
      ];
      for (const fields of cases) {
        const r = await registerCall(ctx, fields, { ip, lang: 'en' });
        expect({ status: r.status, code: r.code, data: r.data, message: r.message }).toEqual({
          status: 400,
          code: -1,
          data: null,
          message: WRONG_CAPTCHA_EN,
        });
      }
      const id = await registerCall(ctx, cases[0]!, { ip });
      expect(id.message).toBe(WRONG_CAPTCHA_ID);
      // A wrong capcode does not cost the SMS code an attempt, and the right form still works.
      expect(
        (await registerCall(ctx, registerFields(phone, { ...captcha, answer: captcha.answer.toLowerCase() }, code), { ip })).code,
      ).toBe(0);
    });

    it('code -1 once the sid binding has expired (10 minutes)', async () => {
      const ip = freshIp();
      const { phone, captcha, code } = await smsSent(ctx, ip);
      ctx.clock.advance(10 * MIN);
      const r = await registerCall(ctx, registerFields(phone, captcha, code), { ip });
      expect(r.code).toBe(-1);
    });

    it('other: wrong SMS codes count down across codes, then the phone is locked for 15 minutes', async () => {
      const ip = freshIp();
      const { phone, captcha, code } = await smsSent(ctx, ip);
      for (let left = 4; left >= 2; left--) {
        const r = await registerCall(ctx, registerFields(phone, captcha, wrongOf(code)), { ip, lang: 'en' });
        expect({ status: r.status, code: r.code, message: r.message }).toEqual({
          status: 400,
          code: 'BAD_REQUEST',
          message: `The verification code is incorrect or has expired. ${left} attempts left.`,
        });
      }
      // A new code does not bring a new budget.
      ctx.clock.advance(61 * 1000);
      const second = await smsSent(ctx, ip, phone);
      const fourth = await registerCall(ctx, registerFields(phone, second.captcha, wrongOf(second.code)), { ip, lang: 'en' });
      expect(fourth.message).toBe('The verification code is incorrect or has expired. 1 attempt left.');
      const fifth = await registerCall(ctx, registerFields(phone, second.captcha, wrongOf(second.code)), { ip, lang: 'en' });
      expect({ status: fifth.status, code: fifth.code, message: fifth.message, retry: fifth.res.headers['retry-after'] }).toEqual({
        status: 429,
        code: 'RATE_LIMITED',
        message: 'Too many incorrect codes. Please try again in 15 minutes.',
        retry: '900',
      });
      const right = await registerCall(ctx, registerFields(phone, second.captcha, second.code), { ip });
      expect({ code: right.code, message: right.message }).toEqual({
        code: 'RATE_LIMITED',
        message: 'Terlalu banyak kode yang salah. Silakan coba lagi dalam 15 menit.',
      });
      expect((await ctx.db.query('SELECT 1 FROM borrowers WHERE phone = $1', [phone])).length).toBe(0);
      // While locked no code is sent.
      ctx.clock.advance(61 * 1000);
      const blocked = await getSms(ctx, smsFields(phone, await newCaptcha(ctx, { ip })), { ip, lang: 'en' });
      expect({ status: blocked.status, message: blocked.message }).toEqual({
        status: 429,
        message: 'Too many incorrect codes. Please try again in 14 minutes.',
      });

      // After the lock, a new code registers.
      ctx.clock.advance(15 * MIN);
      const fresh = await smsSent(ctx, ip, phone);
      expect((await registerCall(ctx, registerFields(phone, fresh.captcha, fresh.code), { ip })).code).toBe(0);
    });

    it('other: an expired or a reused SMS code is refused like a wrong one', async () => {
      const ip = freshIp();
      const { phone, captcha, code } = await smsSent(ctx, ip);
      ctx.clock.advance(5 * MIN);
      const r = await registerCall(ctx, registerFields(phone, captcha, code), { ip, lang: 'en' });
      expect({ status: r.status, code: r.code, message: r.message }).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'The verification code is incorrect or has expired. 4 attempts left.',
      });
      expect((await ctx.db.query('SELECT 1 FROM borrowers WHERE phone = $1', [phone])).length).toBe(0);

      // Reused: a code that registered once does not pass a second time for another captcha of the phone.
      ctx.clock.advance(61 * 1000);
      const first = await smsSent(ctx, ip, phone);
      ctx.clock.advance(61 * 1000);
      const other = await newCaptcha(ctx, { ip });
      await ctx.db.query('UPDATE captchas SET state = $2, phone = $3, expires_at = $4 WHERE sid = $1', [
        other.sid,
        'bound',
        phone,
        new Date(ctx.clock.now().getTime() + 10 * MIN),
      ]);
      expect((await registerCall(ctx, registerFields(phone, first.captcha, first.code), { ip })).code).toBe(0);
      await ctx.db.query('DELETE FROM borrowers WHERE phone = $1', [phone]);
      const reused = await registerCall(ctx, registerFields(phone, other, first.code), { ip, lang: 'en' });
      expect({ status: reused.status, message: reused.message }).toEqual({
        status: 400,
        // The success before cleared the run of failures.
        message: 'The verification code is incorrect or has expired. 4 attempts left.',
      });
    });

    it('other: the login code of a phone is not a registration code', async () => {
      const ip = freshIp();
      const phone = freshPhone();
      const captcha = await newCaptcha(ctx, { ip });
      expect((await getSms(ctx, smsFields(phone, captcha), { ip })).code).toBe(0);
      await ctx.db.query(`DELETE FROM sms_codes WHERE phone = $1 AND purpose = 'register'`, [phone]);
      const r = await registerCall(ctx, registerFields(phone, captcha, '123456'), { ip, lang: 'en' });
      expect({ code: r.code, message: r.message }).toEqual({
        code: 'BAD_REQUEST',
        message: 'The verification code is incorrect or has expired. 4 attempts left.',
      });
    });

    it('field messages of spec 5: phone, captcha, SMS code', async () => {
      const ip = freshIp();
      const { phone, captcha, code } = await smsSent(ctx, ip);
      const bad = async (fields: Record<string, string>) => {
        const r = await registerCall(ctx, fields, { ip, lang: 'en' });
        return { code: r.code, message: r.message };
      };
      expect(await bad(registerFields('23800000000', captcha, code))).toEqual({
        code: 'BAD_REQUEST',
        message: 'Please enter the phone number correctly!',
      });
      expect(await bad(registerFields(phone, { ...captcha, answer: '' }, code))).toEqual({
        code: 'BAD_REQUEST',
        message: WRONG_CAPTCHA_EN,
      });
      for (const smsCode of ['', 'abc', '1234567']) {
        expect(await bad(registerFields(phone, captcha, smsCode))).toEqual({
          code: 'BAD_REQUEST',
          message: 'Please enter the SMS code correctly!',
        });
      }
      const { smsCode: _omit, ...noSms } = registerFields(phone, captcha, code);
      expect(await bad(noSms)).toEqual({ code: 'BAD_REQUEST', message: 'Please enter the SMS code correctly!' });
      expect((await registerCall(ctx, registerFields(phone, captcha, code), { ip })).code).toBe(0);
    });
  });

  it('holds no state in the process: each step may hit another instance', async () => {
    const other = buildApp({
      db: await ctx.testDb.openAnother(),
      demo: true,
      shellDir: ctx.shellDir,
      releasesDir: ctx.releasesDir,
      logger: false,
      clock: ctx.clock,
    });
    await other.ready();
    try {
      const b = { ...ctx, app: other };
      const ip = freshIp();
      const phone = freshPhone();
      const captcha = await newCaptcha(ctx, { ip });
      expect((await captchaImage(b, captcha.sid)).statusCode).toBe(200);
      expect((await getSms(b, smsFields(phone, captcha), { ip })).code).toBe(0);
      ctx.clock.advance(10 * 1000);
      // The 60 s rule seen by the first instance too.
      expect((await getSms(ctx, smsFields(phone, await newCaptcha(b, { ip })), { ip })).code).toBe('RATE_LIMITED');
      expect((await registerCall(ctx, registerFields(phone, captcha, await lastCode(ctx, phone)), { ip })).code).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('housekeeping drops captchas a day after they expired', async () => {
    const { sid } = await newCaptcha(ctx, { ip: freshIp() });
    await purgeExpired(ctx.db, ctx.clock.now());
    expect(await ctx.db.query('SELECT 1 FROM captchas WHERE sid = $1', [sid])).toHaveLength(1);
    await purgeExpired(ctx.db, new Date(ctx.clock.now().getTime() + 5 * MIN + 24 * 60 * MIN));
    expect(await ctx.db.query('SELECT 1 FROM captchas WHERE sid = $1', [sid])).toHaveLength(0);
  });

  describe('/dev/captcha-answer', () => {
    it('answers NOT_FOUND for an unknown sid', async () => {
      const r = await promoGet(ctx, '/dev/captcha-answer', { sid: 'nope' }, { lang: 'en' });
      expect({ status: r.status, code: r.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    });
  });
});

describe('promotion outside demo mode', () => {
  const ctx = useTestApp('pglite', { demo: false, app: { paymentWebhookSecret: 'test-secret-0123456789' } });

  it('has no /dev/captcha-answer; the captcha image still works', async () => {
    const sid = await promoGet(ctx, `${SEG}/promotion/get-sid`);
    expect(sid.code).toBe(0);
    const hook = await promoGet(ctx, '/dev/captcha-answer', { sid: (sid.data as { sid: string }).sid });
    expect({ status: hook.status, code: hook.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await captchaImage(ctx, (sid.data as { sid: string }).sid)).statusCode).toBe(200);
  });
});
