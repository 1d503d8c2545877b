import { CONTRACT_VIEW_PATH } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { bodyToHtml } from '../src/services/contract-page.ts';
import { MAIN, NOT_FOUND_EN, SECOND, UNAUTHORIZED_EN, call, post } from './helpers/calls.ts';
import { BACKENDS, envelopeOf, useTestApp } from './helpers/setup.ts';
import { DEMO_H5_ORDER, DEMO_ORDERS } from '../src/db/demo/index.ts';

const LIST = '/v3/contract/contract';
const JUMP = '/v3/contract/contract-jump';
const jump = (fields: Record<string, string> = {}) => ({
  productId: '1',
  scene: '3',
  position: '0',
  orderId: '',
  loanType: '1',
  ...fields,
});

describe('agreement bodies', () => {
  it('headings, paragraphs, line breaks; everything escaped', () => {
    expect(bodyToHtml('# 1. Title\nFirst line\nsecond line\n\nNext <b>"para"</b> & more')).toBe(
      '<h2>1. Title</h2>\n<p>First line<br>second line</p>\n<p>Next &lt;b&gt;&quot;para&quot;&lt;/b&gt; &amp; more</p>',
    );
  });
});

describe.each(BACKENDS)('contracts (%s)', (backend) => {
  const ctx = useTestApp(backend);
  const view = (query: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `${CONTRACT_VIEW_PATH}?${query}`, headers });

  it('the list of a product for the confirm scene (3), by POST and GET, without a session', async () => {
    const en = await call(ctx, LIST, { productId: '1', scene: '3' }, { lang: 'en' });
    expect({ code: en.code, data: en.data }).toEqual({
      code: '00',
      data: [
        { id: 1, title: 'Loan Agreement' },
        { id: 2, title: 'Privacy and Data Use Consent' },
        { id: 3, title: 'Repayment Reminders and Collection Terms' },
      ],
    });
    const get = await ctx.app.inject({ method: 'GET', url: `${LIST}?productId=1&scene=3` });
    expect(envelopeOf(get)).toEqual({
      code: '00',
      data: [
        { id: 1, title: 'Perjanjian Pinjaman' },
        { id: 2, title: 'Persetujuan Privasi dan Penggunaan Data' },
        { id: 3, title: 'Ketentuan Pengingat Pembayaran dan Penagihan' },
      ],
      message: 'Berhasil',
    });
    // A partner product has the agreements of every product only; another scene has none.
    expect((await call(ctx, LIST, { productId: '2', scene: '3' })).data).toEqual([
      { id: 2, title: 'Persetujuan Privasi dan Penggunaan Data' },
      { id: 3, title: 'Ketentuan Pengingat Pembayaran dan Penagihan' },
    ]);
    expect((await call(ctx, LIST, { productId: '1', scene: '4' })).data).toEqual([]);
  });

  it('the list: unknown product, bad fields', async () => {
    const unknown = await post(ctx, LIST, { productId: '999', scene: '3' }, { lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND_EN);
    const getUnknown = await ctx.app.inject({ method: 'GET', url: `${LIST}?productId=999&scene=3&isNeedPop=1` });
    expect(getUnknown.json()).toEqual(NOT_FOUND_EN);
    for (const [fields, message] of [
      [{ scene: '3' }, 'Missing required field: productId.'],
      [{ productId: '1' }, 'Missing required field: scene.'],
      [{ productId: '1', scene: 'three' }, 'Invalid value for field: scene.'],
    ] as const) {
      const r = await call(ctx, LIST, fields, { lang: 'en' });
      expect({ status: r.status, code: r.code, message: r.message }).toEqual({ status: 400, code: 'BAD_REQUEST', message });
    }
    const getBad = await ctx.app.inject({ method: 'GET', url: `${LIST}?productId=1&isNeedPop=1` });
    expect(getBad.json()).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Missing required field: scene.' });
  });

  it('contract-jump answers the agreement page of the position, filled with the own order', async () => {
    const withOrder = await call<{ contract_url: string }>(ctx, JUMP, jump({ orderId: DEMO_ORDERS.repaying }), { tok: MAIN });
    expect({ code: withOrder.code, data: withOrder.data }).toEqual({
      code: '00',
      data: { contract_url: '/v3/contract/view?id=1&productId=1&orderId=DEMO-170&isNeedPop=0' },
    });
    const second = await call<{ contract_url: string }>(ctx, JUMP, jump({ position: '2' }), { tok: MAIN, lang: 'en' });
    expect(second.data.contract_url).toBe('/v3/contract/view?id=3&productId=1&isNeedPop=1');
    const partner = await call<{ contract_url: string }>(ctx, JUMP, jump({ productId: '2', orderId: DEMO_H5_ORDER }), { tok: MAIN });
    expect(partner.data.contract_url).toBe('/v3/contract/view?id=2&productId=2&orderId=DEMO-H5&isNeedPop=0');

    // Following the link (the page adds its tok) gives the filled-in page.
    const page = await view(`${withOrder.data.contract_url.split('?')[1]}&tok=${MAIN}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<dd>13800000000</dd>');
    expect(page.body).toContain('<dd>Rp 2.500.000</dd>');
  });

  it("contract-jump: another borrower's order, an order of another product, a bad position", async () => {
    const missing = await post(ctx, JUMP, jump({ orderId: 'NO-SUCH-ORDER' }), { tok: SECOND, lang: 'en' });
    const other = await post(ctx, JUMP, jump({ orderId: DEMO_ORDERS.repaying }), { tok: SECOND, lang: 'en' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND_EN);
    expect(other.body).toBe(missing.body);
    const wrongProduct = await post(ctx, JUMP, jump({ productId: '2', orderId: DEMO_ORDERS.repaying }), { tok: MAIN, lang: 'en' });
    expect(wrongProduct.json()).toEqual(NOT_FOUND_EN);
    const unknownProduct = await post(ctx, JUMP, jump({ productId: '999' }), { tok: MAIN, lang: 'en' });
    expect(unknownProduct.json()).toEqual(NOT_FOUND_EN);
    for (const [fields, message] of [
      [jump({ position: '3' }), 'Invalid value for field: position.'],
      [jump({ position: '-1' }), 'Invalid value for field: position.'],
      [jump({ scene: '4' }), 'Invalid value for field: position.'],
      [jump({ loanType: '0' }), 'Invalid value for field: loanType.'],
      [{ productId: '1', scene: '3', loanType: '1' }, 'Missing required field: position.'],
    ] as const) {
      const r = await call(ctx, JUMP, fields, { tok: MAIN, lang: 'en' });
      expect({ status: r.status, code: r.code, message: r.message }, JSON.stringify(fields)).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message,
      });
    }
    const none = await post(ctx, JUMP, jump(), { lang: 'en' });
    expect(none.json()).toEqual(UNAUTHORIZED_EN);
  });

  it('the agreement page: HTML without script, in the borrower language, filled in for the own order', async () => {
    const en = await view(`id=1&productId=1&orderId=DEMO-170&isNeedPop=1&tok=${MAIN}`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(en.headers['cache-control']).toBe('no-store');
    expect(String(en.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(en.body).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(en.body).not.toMatch(/<script|\son\w+=|javascript:/i);
    expect(en.body).toContain('<title>Loan Agreement</title>');
    expect(en.body).toContain('<dt>Order number</dt><dd>DEMO-170</dd>');
    expect(en.body).toContain('<dt>Borrower phone number</dt><dd>13800000000</dd>');
    expect(en.body).toContain('<dt>Loan amount</dt><dd>₹2,500,000</dd>');
    expect(en.body).toContain('<dt>Loan term</dt><dd>91 days</dd>');
    expect(en.body).toContain('<h2>4. Late repayment</h2>');
    expect(en.body).toContain('a one-time late penalty of ₹1,000 (new clients) or ₹800 (repeat clients)');

    // Same page with the header instead of tok, in Indonesian.
    const id = await view('id=1&productId=1&orderId=DEMO-170', { 'x-lv-token': MAIN });
    expect(id.statusCode).toBe(200);
    expect(id.body).toContain('<html lang="id">');
    expect(id.body).toContain('<dt>Jumlah pinjaman</dt><dd>Rp 2.500.000</dd>');
    expect(id.body).toContain('<dt>Jangka waktu</dt><dd>91 hari</dd>');
    expect(id.body).toContain('denda keterlambatan satu kali sebesar Rp 1.000 (nasabah baru) atau Rp 800 (nasabah lama)');
  });

  it('without an order: the product offer, and the phone only with a session', async () => {
    const anon = await view('id=1&productId=1&isNeedPop=1');
    expect(anon.statusCode).toBe(200);
    expect(anon.body).toContain('<dt>Borrower phone number</dt><dd><span>not yet known</span></dd>');
    expect(anon.body).toContain('<dt>Loan amount</dt><dd>₹3,000,000</dd>');
    expect(anon.body).toContain('Offer shown before confirmation');
    const withSession = await view(`id=2&productId=2&tok=${SECOND}`);
    expect(withSession.body).toContain('<dd>13800000001</dd>');
    expect(withSession.body).toContain('<dt>Jumlah pinjaman</dt><dd>Rp 2.000.000</dd>');
    // A contract of every product without a productId: nothing to fill in but the phone.
    const bare = await view('id=3&isNeedPop=1');
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('<dt>Loan amount</dt><dd><span>not yet known</span></dd>');
  });

  it('opened from /confirm in its place (back=confirm): a link back to it with the same query; otherwise none', async () => {
    const en = await view(`id=1&productId=1&orderId=&isNeedPop=1&tok=${MAIN}&back=confirm`);
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain(
      `<p class="back"><a href="/confirm?productId=1&amp;orderId=&amp;isNeedPop=1&amp;tok=${MAIN}">‹ Back to your loan confirmation</a></p>`,
    );
    const id = await view(`id=1&productId=1&isNeedPop=0&tok=${MAIN}&back=confirm`);
    expect(id.body).toContain('‹ Kembali ke konfirmasi pinjaman Anda</a>');
    // In the confirm page's frame, from anywhere else, or with any other value: no link.
    for (const q of [`id=1&productId=1&isNeedPop=1&tok=${MAIN}`, `id=1&productId=1&isNeedPop=1&back=https://evil.example`]) {
      const page = await view(q);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('class="back"');
    }
    // What the query carries is escaped, and the link stays on /confirm of this origin.
    const hostile = await view('id=1&productId=1&isNeedPop=1&back=confirm&dId=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile.body).not.toContain('<script>');
    expect(hostile.body).toContain('<a href="/confirm?');
  });

  it("another borrower's order answers exactly like a missing one; no session with an order → 401", async () => {
    const missing = await view(`id=1&productId=1&orderId=NO-SUCH-ORDER&isNeedPop=1&tok=${SECOND}`);
    const other = await view(`id=1&productId=1&orderId=DEMO-170&isNeedPop=1&tok=${SECOND}`);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(other.body).toBe(missing.body);
    expect(other.body).toContain('The requested resource was not found.');
    expect(other.body).not.toContain('13800000000');
    expect(other.body).not.toContain('DEMO-170');

    const anon = await view('id=1&productId=1&orderId=DEMO-170&isNeedPop=1');
    expect(anon.statusCode).toBe(401);
    expect(anon.body).toContain('Your session has expired. Please log in again.');
    expect(anon.body).not.toContain('2,500,000');

    // The own order of another product, the contract of another product, unknown contract: 404.
    for (const q of [`id=1&productId=1&orderId=${DEMO_H5_ORDER}`, 'id=1&productId=2', 'id=99']) {
      const r = await view(`${q}&tok=${MAIN}`);
      expect(r.statusCode, q).toBe(404);
      expect(r.body, q).toContain('Data yang diminta tidak ditemukan.');
    }
    // Bad query: 400 page.
    for (const q of ['', 'id=abc', 'id=1&productId=0', 'id=1&id=2']) {
      const r = await view(`${q}&isNeedPop=1`);
      expect(r.statusCode, q).toBe(400);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.body).toMatch(/Missing required field: id\.|Invalid value for field: (id|productId)\./);
    }
  });
});
