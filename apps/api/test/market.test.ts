import { RECOMMEND_SCENES, recommendProductList, standTargeted, type ResponseOf } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { MAIN, NOT_FOUND_EN, UNAUTHORIZED_EN, call, newBorrower, post } from './helpers/calls.ts';
import { BACKENDS, useTestApp } from './helpers/setup.ts';
import { DEMO_DISABLED_PRODUCT_ID, DEMO_EMPTY_SCENE } from '../src/db/demo/index.ts';
import { stringMatching } from './helpers/matchers.ts';

const LIST = '/market/v3/product/recommend-product-list';
const APPLY = '/market/v3/product/apply';
const PAGE_EVENT = '/market/pageEvent/save';
const EVENT = '/v3/event/save';
const TARGETED = '/market/stand/targeted';
const NECESSITY = '/market/stand/necessity';
const JOINT = '/market/stand/joint';
type List = ResponseOf<typeof recommendProductList>;
type Targeted = ResponseOf<typeof standTargeted>;

const UNAVAILABLE_EN = { code: 'PRODUCT_UNAVAILABLE', data: null, message: 'This product is not accepting applications right now.' };
const QUOTA_FULL_EN = {
  code: 'PRODUCT_UNAVAILABLE',
  data: null,
  message: "Today's applications for this product are full. Please come back tomorrow.",
};

describe.each(BACKENDS)('products and recommendations (%s)', (backend) => {
  const ctx = useTestApp(backend);
  const list = async (scene: string | undefined, o: { tok?: string; lang?: 'en' | 'id' } = {}) => {
    const r = await call<List>(ctx, LIST, scene === undefined ? {} : { scene }, { tok: o.tok ?? MAIN, lang: o.lang });
    expect(r.code).toBe('00');
    recommendProductList.response.parse(r.data);
    return r.data;
  };

  it('each scene of spec 7.5 has its products in a stable order, one of them disabled; banner_fudai is empty', async () => {
    const expected: Record<string, number[]> = {
      banner_jingzhun: [1, 3, 2, 6],
      tanchuang_jingzhun: [3, 4, 5, 6],
      tanchuang_fudai: [5, 2, 4, 6],
      banner_fudai: [],
    };
    for (const scene of RECOMMEND_SCENES) {
      const first = await list(scene);
      expect(
        first.map((p) => p.id),
        scene,
      ).toEqual(expected[scene]);
      expect(
        (await list(scene)).map((p) => p.id),
        scene,
      ).toEqual(expected[scene]);
      if (scene !== DEMO_EMPTY_SCENE) {
        expect(first.length).toBeGreaterThanOrEqual(3);
        expect(first.filter((p) => p.buttonStatus === 0).map((p) => p.id)).toEqual([DEMO_DISABLED_PRODUCT_ID]);
      }
    }
    expect(await list(DEMO_EMPTY_SCENE)).toEqual([]);
  });

  it('no scene, or one no product belongs to, is the default list', async () => {
    const all = [1, 2, 3, 4, 5, 6];
    expect((await list(undefined)).map((p) => p.id)).toEqual(all);
    expect((await list('')).map((p) => p.id)).toEqual(all);
    expect((await list('some_new_banner')).map((p) => p.id)).toEqual(all);
  });

  it('items are localized, money in minor units', async () => {
    const [first] = await list('banner_jingzhun', { lang: 'en' });
    expect(first).toEqual({
      id: 1,
      productLogo: stringMatching(/^data:image\/svg\+xml,/),
      productName: 'LendView Cepat',
      buttonStatus: 1,
      buttonText: 'Apply',
      amountMin: 100_000_000,
      amountMax: 1_500_000_000,
      amountRangeDes: 'Loan amount',
      loan_rate: '0.05% / day',
      productDesc: 'Our own loan: decision within 1 day, money in your account within 2 hours of approval.',
      productTags: ['Fast approval', 'No collateral', 'Repeat-client bonus'],
      globally: 1,
    });
    const [id] = await list('banner_jingzhun');
    expect(id).toMatchObject({
      buttonText: 'Ajukan',
      amountRangeDes: 'Jumlah pinjaman',
      loan_rate: '0,05% / hari',
      productTags: ['Persetujuan cepat', 'Tanpa agunan', 'Bonus nasabah setia'],
    });
  });

  it('apply: in-house → /confirm, partner → its https link; the application is recorded', async () => {
    const b = await newBorrower(ctx);
    const inHouse = await call<{ url: string }>(
      ctx,
      APPLY,
      { product_id: '1', module_id: '301', scene: 'banner_jingzhun' },
      { tok: b.tok },
    );
    expect({ code: inHouse.code, data: inHouse.data }).toEqual({ code: '00', data: { url: '/confirm?productId=1&position=0' } });
    const partner = await call<{ url: string }>(
      ctx,
      APPLY,
      { product_id: '2', module_id: '302', scene: 'tanchuang_fudai' },
      { tok: b.tok },
    );
    // A partner link carries a one-time joint-login code and never the session (issue 12 item 1; partner.test.ts).
    expect(partner.data).toEqual({ url: stringMatching(/^https:\/\/dana-kilat\.example\.com\/apply\?lvCode=[\w-]{43}$/) });
    const noScene = await call<{ url: string }>(ctx, APPLY, { product_id: '4', module_id: '300' }, { tok: b.tok });
    expect(noScene.data).toEqual({
      url: stringMatching(/^https:\/\/rupiah-mudah\.example\.com\/apply\?ref=lendview&lvCode=[\w-]{43}$/),
    });
    const rows = await ctx.db.query(
      'SELECT product_id, scene, module_id, source, business_day FROM product_applications WHERE borrower_id = $1 ORDER BY id',
      [b.id],
    );
    expect(rows).toEqual([
      { product_id: 1, scene: 'banner_jingzhun', module_id: 301, source: 'apply', business_day: '2026-03-02' },
      { product_id: 2, scene: 'tanchuang_fudai', module_id: 302, source: 'apply', business_day: '2026-03-02' },
      { product_id: 4, scene: '', module_id: 300, source: 'apply', business_day: '2026-03-02' },
    ]);
  });

  it('apply on a buttonStatus 0 product or a quota-full one: PRODUCT_UNAVAILABLE with a localized message', async () => {
    const b = await newBorrower(ctx);
    const disabled = await call(ctx, APPLY, { product_id: '6', module_id: '300' }, { tok: b.tok, lang: 'en' });
    expect(disabled.status).toBe(409);
    expect({ code: disabled.code, data: disabled.data, message: disabled.message }).toEqual(UNAVAILABLE_EN);
    const disabledId = await call(ctx, APPLY, { product_id: '6', module_id: '300' }, { tok: b.tok });
    expect(disabledId.message).toBe('Produk ini sedang tidak menerima pengajuan.');
    const full = await call(ctx, APPLY, { product_id: '7', module_id: '302', scene: 'banner_fudai' }, { tok: b.tok, lang: 'en' });
    expect({ code: full.code, data: full.data, message: full.message }).toEqual(QUOTA_FULL_EN);
    const fullId = await call(ctx, APPLY, { product_id: '8', module_id: '302' }, { tok: b.tok });
    expect(fullId.message).toBe('Kuota pengajuan produk ini untuk hari ini sudah penuh. Silakan kembali besok.');
    expect(await ctx.db.query('SELECT 1 FROM product_applications WHERE borrower_id = $1', [b.id])).toEqual([]);
  });

  it('the daily quota counts applications (one per borrower a day) and hides full products until the next day', async () => {
    await ctx.db.query('UPDATE products SET daily_quota = 2 WHERE id = 5');
    try {
      const [a, b, c] = [await newBorrower(ctx), await newBorrower(ctx), await newBorrower(ctx)];
      const apply = (tok: string) => call(ctx, APPLY, { product_id: '5', module_id: '302', scene: 'tanchuang_fudai' }, { tok, lang: 'en' });
      expect((await apply(a.tok)).code).toBe('00');
      expect((await apply(a.tok)).code).toBe('00'); // the same borrower again: not counted twice
      expect((await list('tanchuang_fudai')).map((p) => p.id)).toEqual([5, 2, 4, 6]);
      expect((await apply(b.tok)).code).toBe('00');
      const refused = await apply(c.tok);
      expect({ code: refused.code, message: refused.message }).toEqual({ code: QUOTA_FULL_EN.code, message: QUOTA_FULL_EN.message });
      expect((await apply(a.tok)).code).toBe('00'); // already applied today: still answered
      expect((await list('tanchuang_fudai')).map((p) => p.id)).toEqual([2, 4, 6]);
      const [usage] = await ctx.db.query<{ used: number }>(
        "SELECT used FROM product_quota_usage WHERE product_id = 5 AND business_day = '2026-03-02'",
      );
      expect(usage!.used).toBe(2);
      // Tomorrow (Jakarta) the quota is fresh.
      ctx.clock.advance(24 * 60 * 60 * 1000);
      expect((await list('tanchuang_fudai')).map((p) => p.id)).toEqual([5, 2, 4, 6]);
      expect((await apply(c.tok)).code).toBe('00');
    } finally {
      ctx.clock.set(new Date('2026-03-02T03:00:00.000Z'));
      await ctx.db.query('UPDATE products SET daily_quota = 400 WHERE id = 5');
    }
  });

  it('two borrowers taking the last place at once: exactly one gets it', async () => {
    await ctx.db.query('UPDATE products SET daily_quota = 1 WHERE id = 3');
    try {
      const borrowers = await Promise.all([newBorrower(ctx), newBorrower(ctx), newBorrower(ctx)]);
      const results = await Promise.all(borrowers.map((b) => call(ctx, APPLY, { product_id: '3', module_id: '300' }, { tok: b.tok })));
      expect(results.map((r) => r.code).sort()).toEqual(['00', 'PRODUCT_UNAVAILABLE', 'PRODUCT_UNAVAILABLE']);
      const rows = await ctx.db.query('SELECT 1 FROM product_applications WHERE product_id = 3');
      expect(rows).toHaveLength(1);
    } finally {
      await ctx.db.query('UPDATE products SET daily_quota = 300 WHERE id = 3');
    }
  });

  it('apply: unknown or inactive product → NOT_FOUND; bad fields', async () => {
    const b = await newBorrower(ctx);
    for (const id of ['999']) {
      const r = await post(ctx, APPLY, { product_id: id, module_id: '300' }, { tok: b.tok, lang: 'en' });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual(NOT_FOUND_EN);
    }
    await ctx.db.query('UPDATE products SET active = false WHERE id = 4');
    try {
      expect((await post(ctx, APPLY, { product_id: '4', module_id: '300' }, { tok: b.tok, lang: 'en' })).json()).toEqual(NOT_FOUND_EN);
      expect((await list(undefined)).map((p) => p.id)).toEqual([1, 2, 3, 5, 6]);
    } finally {
      await ctx.db.query('UPDATE products SET active = true WHERE id = 4');
    }
    for (const [fields, message] of [
      [{ module_id: '300' }, 'Missing required field: product_id.'],
      [{ product_id: '2' }, 'Missing required field: module_id.'],
      [{ product_id: 'two', module_id: '300' }, 'Invalid value for field: product_id.'],
      [{ product_id: '2', module_id: '-1' }, 'Invalid value for field: module_id.'],
      [{ product_id: '2', module_id: '300', scene: 'x'.repeat(65) }, 'Invalid value for field: scene.'],
    ] as const) {
      const r = await call(ctx, APPLY, fields, { tok: b.tok, lang: 'en' });
      expect({ status: r.status, code: r.code, message: r.message }, JSON.stringify(fields)).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message,
      });
    }
    const scene = await call(ctx, LIST, { scene: 'x'.repeat(65) }, { tok: b.tok, lang: 'en' });
    expect(scene.message).toBe('Invalid value for field: scene.');
  });

  it('pageEvent/save and event/save store the event; the product must exist', async () => {
    const b = await newBorrower(ctx);
    for (const [path, kind, moduleId] of [
      [PAGE_EVENT, 'page', '302'],
      [EVENT, 'product', '30'],
    ] as const) {
      const r = await call(ctx, path, { productId: '2', moduleId, positionId: '1' }, { tok: b.tok });
      expect({ code: r.code, data: r.data, message: r.message }).toEqual({ code: '00', data: { saved: true }, message: 'Berhasil' });
      const unknown = await post(ctx, path, { productId: '999', moduleId, positionId: '0' }, { tok: b.tok, lang: 'en' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(NOT_FOUND_EN);
      for (const [fields, message] of [
        [{ moduleId, positionId: '0' }, 'Missing required field: productId.'],
        [{ productId: '2', positionId: '0' }, 'Missing required field: moduleId.'],
        [{ productId: '2', moduleId }, 'Missing required field: positionId.'],
        [{ productId: '2', moduleId, positionId: '-1' }, 'Invalid value for field: positionId.'],
        [{ productId: '2', moduleId: 'x', positionId: '0' }, 'Invalid value for field: moduleId.'],
      ] as const) {
        const bad = await call(ctx, path, fields, { tok: b.tok, lang: 'en' });
        expect({ status: bad.status, code: bad.code, message: bad.message }, `${path} ${JSON.stringify(fields)}`).toEqual({
          status: 400,
          code: 'BAD_REQUEST',
          message,
        });
      }
      const none = await post(ctx, path, { productId: '2', moduleId, positionId: '0' }, { lang: 'en' });
      expect(none.json()).toEqual(UNAUTHORIZED_EN);
      const rows = await ctx.db.query(
        'SELECT kind, product_id, module_id, position_id FROM product_events WHERE borrower_id = $1 AND kind = $2',
        [b.id, kind],
      );
      expect(rows).toEqual([{ kind, product_id: 2, module_id: Number(moduleId), position_id: 1 }]);
    }
  });

  it('stand/targeted: the reason in the borrower language, a notice and the partner products', async () => {
    const known = await call<Targeted>(ctx, TARGETED, { reason: 'partner_timeout' }, { tok: MAIN, lang: 'en' });
    expect(known.code).toBe('00');
    expect(known.data).toMatchObject({
      status: 0,
      message: '',
      errorMessage: 'The partner service did not answer in time. Please try again.',
      notice: 'You can still get a loan from one of these partners.',
    });
    // Partners only, without the quota-full ones; the disabled one is listed greyed out.
    expect(known.data.products.map((p) => [p.productId, p.buttonStatus])).toEqual([
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 0],
    ]);
    expect(known.data.products[0]).toEqual({
      productId: 2,
      logo: stringMatching(/^data:image\/svg\+xml,/),
      title: 'Dana Kilat',
      description: 'Small loans for urgent needs, approved in minutes.',
      rate: '0.08% / day',
      buttonText: 'Borrow now',
      buttonStatus: 1,
    });
    for (const reason of ['', 'unheard_of', '__proto__', 'toString']) {
      const generic = await call<Targeted>(ctx, TARGETED, reason ? { reason } : {}, { tok: MAIN, lang: 'en' });
      expect(generic.data.errorMessage, reason).toBe('We could not sign you in to the partner service. Please try again later.');
    }
    const id = await call<Targeted>(ctx, TARGETED, { reason: 'account_mismatch' }, { tok: MAIN });
    expect(id.data.errorMessage).toBe('Akun mitra untuk nomor telepon ini milik orang lain.');
    expect(id.data.notice).toBe('Anda tetap bisa mendapatkan pinjaman dari salah satu mitra berikut.');
    expect((await post(ctx, TARGETED, {}, { lang: 'en' })).json()).toEqual(UNAUTHORIZED_EN);
  });

  it('stand/necessity records tracking; stand/joint answers the partner link; failures in payload status', async () => {
    const b = await newBorrower(ctx);
    const ok = await call(ctx, NECESSITY, { productId: '3', positionId: '2' }, { tok: b.tok });
    expect({ code: ok.code, data: ok.data }).toEqual({ code: '00', data: { status: 0, message: '' } });
    expect(
      await ctx.db.query('SELECT product_id, module_id, position_id FROM product_events WHERE borrower_id = $1 AND kind = $2', [
        b.id,
        'stand',
      ]),
    ).toEqual([{ product_id: 3, module_id: null, position_id: 2 }]);
    const unknown = await call(ctx, NECESSITY, { productId: '999', positionId: '0' }, { tok: b.tok, lang: 'en' });
    expect({ code: unknown.code, data: unknown.data }).toEqual({
      code: '00',
      data: { status: 1, message: 'This product is not available.' },
    });

    const joint = await call(ctx, JOINT, { productId: '3' }, { tok: b.tok });
    expect({ code: joint.code, data: joint.data }).toEqual({
      code: '00',
      data: { status: 0, message: '', url: stringMatching(/^https:\/\/kredit-pintar\.example\.com\/start\?lvCode=[\w-]{43}$/) },
    });
    expect(await ctx.db.query('SELECT source, scene FROM product_applications WHERE borrower_id = $1', [b.id])).toEqual([
      { source: 'joint', scene: 'stand' },
    ]);
    const disabled = await call(ctx, JOINT, { productId: '6' }, { tok: b.tok, lang: 'en' });
    expect(disabled.data).toEqual({ status: 2, message: 'This product is not accepting applications right now.', url: '' });
    const full = await call(ctx, JOINT, { productId: '7' }, { tok: b.tok });
    expect(full.data).toEqual({
      status: 2,
      message: 'Kuota pengajuan produk ini untuk hari ini sudah penuh. Silakan kembali besok.',
      url: '',
    });
    const missing = await call(ctx, JOINT, { productId: '999' }, { tok: b.tok, lang: 'en' });
    expect(missing.data).toEqual({ status: 1, message: 'This product is not available.', url: '' });

    const bad = await call(ctx, JOINT, {}, { tok: b.tok, lang: 'en' });
    expect({ status: bad.status, code: bad.code, message: bad.message }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Missing required field: productId.',
    });
    const badPos = await call(ctx, NECESSITY, { productId: '3', positionId: 'first' }, { tok: b.tok, lang: 'en' });
    expect(badPos.message).toBe('Invalid value for field: positionId.');
    for (const path of [NECESSITY, JOINT]) {
      expect((await post(ctx, path, { productId: '3', positionId: '0' }, { lang: 'en' })).json()).toEqual(UNAUTHORIZED_EN);
    }
  });

  it('every borrower endpoint refuses a missing or unknown session', async () => {
    const paths = [
      '/v3/loan-details/detail',
      '/v3/loan-details/google-score',
      '/v3/event/save',
      LIST,
      PAGE_EVENT,
      APPLY,
      TARGETED,
      NECESSITY,
      JOINT,
      '/v3/loan-confirm/loan-detail-confirm',
      '/v3/loan-confirm/loan-detail-push',
      '/v3/loan-confirm/key-facts',
      '/v3/loan-details/key-facts',
      '/v3/contract/contract-jump',
    ];
    for (const path of paths) {
      for (const tok of [undefined, 'expired-or-made-up']) {
        const r = await post(ctx, path, {}, { tok, lang: 'en' });
        expect(r.statusCode, path).toBe(401);
        expect(r.json(), path).toEqual(UNAUTHORIZED_EN);
      }
    }
  });
});
