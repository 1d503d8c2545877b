import { PARTNER_CODE_PARAM } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { issuePartnerKey } from '../src/services/partner.ts';
import { MAIN, SECOND, call, newBorrower } from './helpers/calls.ts';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';
import { stringMatching } from './helpers/matchers.ts';

const APPLY = '/market/v3/product/apply';
const JOINT = '/market/stand/joint';
const EXCHANGE = '/partner/api/exchange';
const DETAIL = '/v3/loan-details/detail';
const CODE_INVALID_EN = 'This code is not valid. Ask the borrower to open your page from the app again.';
const SHARED = ['dId', 'aMar', 'aVer', 'tok', 'aTp', 'dNa', 'oVer', 'gid', 'pf'];

/** Taps partner product `productId` as the borrower of `tok` with every shared parameter set; the partner URL. */
async function tap(ctx: TestContext, tok: string, productId: number, path = APPLY): Promise<URL> {
  const fields: Record<string, string> =
    path === APPLY ? { product_id: String(productId), module_id: '300', scene: 'default' } : { productId: String(productId) };
  const q = new URLSearchParams({ tok, dId: 'device-123', aVer: '3.2.1', gid: 'ad-id-9', dNa: 'iPhone 15', pf: 'ios' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${path}?${q.toString()}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-lv-token': tok },
  });
  const env = envelopeOf(res);
  expect(env.code).toBe('00');
  const url = (env.data as { url: string }).url;
  return new URL(url);
}

const codeOf = (url: URL) => url.searchParams.get(PARTNER_CODE_PARAM) ?? '';

async function exchange(ctx: TestContext, key: string | undefined, code: string, lang: 'en' | 'id' = 'en') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: lang === 'en' ? `${EXCHANGE}?isNeedPop=1` : EXCHANGE,
    payload: JSON.stringify({ code }),
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
  });
  return { status: res.statusCode, ...envelopeOf(res) };
}

describe.each(BACKENDS)('partner joint login (%s)', (backend) => {
  const ctx = useTestApp(backend);
  let danaKey = '';
  let kreditKey = '';
  const setupKeys = async () => {
    if (!danaKey) {
      danaKey = await issuePartnerKey(ctx.db, 2, ctx.clock.now());
      kreditKey = await issuePartnerKey(ctx.db, 3, ctx.clock.now());
    }
  };

  it('the partner URL carries a one-time code and none of our shared parameters, from apply and from the joint-login page', async () => {
    for (const path of [APPLY, JOINT]) {
      const url = await tap(ctx, MAIN, 3, path);
      expect(url.origin).toBe('https://kredit-pintar.example.com');
      expect([...url.searchParams.keys()]).toEqual([PARTNER_CODE_PARAM]);
      for (const name of SHARED) expect(url.searchParams.has(name)).toBe(false);
      expect(url.toString()).not.toContain(MAIN);
      expect(url.toString()).not.toContain('device-123');
      expect(codeOf(url)).toMatch(/^[\w-]{43}$/);
    }
    // The partner's own query is kept.
    expect((await tap(ctx, MAIN, 4)).searchParams.get('ref')).toBe('lendview');
  });

  it('the code is stored hashed, bound to the product, and lives 60 s', async () => {
    const b = await newBorrower(ctx);
    const code = codeOf(await tap(ctx, b.tok, 2));
    const rows = await ctx.db.query<{ code_hash: string; product_id: number; expires_at: Date; created_at: Date }>(
      'SELECT code_hash, product_id, expires_at, created_at FROM partner_login_codes WHERE borrower_id = $1',
      [b.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.product_id).toBe(2);
    expect(rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()).toBe(60_000);
  });

  it('exchange: the partner gets a pseudonymous id, the product and a masked phone; the code works once', async () => {
    await setupKeys();
    const code = codeOf(await tap(ctx, MAIN, 2));
    const ok = await exchange(ctx, danaKey, code);
    expect(ok.status).toBe(200);
    expect(ok.code).toBe('00');
    expect(ok.data).toEqual({
      partnerUserId: stringMatching(/^lvu_[\w-]{32}$/),
      productId: 2,
      phoneMasked: '138****0000',
      issuedAt: ctx.clock.now().toISOString(),
    });
    // Nothing that works as a session, nor the phone itself.
    expect(JSON.stringify(ok.data)).not.toContain('13800000000');
    expect(JSON.stringify(ok.data)).not.toContain(MAIN);

    const again = await exchange(ctx, danaKey, code);
    expect({ status: again.status, code: again.code, data: again.data, message: again.message }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      data: null,
      message: CODE_INVALID_EN,
    });

    // Stable for the same borrower and partner, different for another partner.
    const second = await exchange(ctx, danaKey, codeOf(await tap(ctx, MAIN, 2)));
    expect((second.data as { partnerUserId: string }).partnerUserId).toBe((ok.data as { partnerUserId: string }).partnerUserId);
    const other = await exchange(ctx, kreditKey, codeOf(await tap(ctx, MAIN, 3)));
    expect(other.code).toBe('00');
    expect((other.data as { partnerUserId: string }).partnerUserId).not.toBe((ok.data as { partnerUserId: string }).partnerUserId);
  });

  it('a code expires after 60 s', async () => {
    await setupKeys();
    const code = codeOf(await tap(ctx, MAIN, 2));
    ctx.clock.advance(60_000);
    const late = await exchange(ctx, danaKey, code, 'id');
    expect({ status: late.status, code: late.code, message: late.message }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Kode ini tidak berlaku. Minta peminjam membuka halaman Anda lagi dari aplikasi.',
    });
    const fresh = codeOf(await tap(ctx, MAIN, 2));
    ctx.clock.advance(59_000);
    expect((await exchange(ctx, danaKey, fresh)).code).toBe('00');
  });

  it('the wrong partner is refused (and the leaked code is spent); no key or an unknown key is UNAUTHORIZED', async () => {
    await setupKeys();
    const code = codeOf(await tap(ctx, MAIN, 2));
    const wrong = await exchange(ctx, kreditKey, code);
    expect({ status: wrong.status, code: wrong.code, data: wrong.data, message: wrong.message }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      data: null,
      message: CODE_INVALID_EN,
    });
    expect((await exchange(ctx, danaKey, code)).code).toBe('BAD_REQUEST');

    const code2 = codeOf(await tap(ctx, MAIN, 2));
    for (const key of [undefined, 'lvp_not-a-real-key-at-all-000000000000', MAIN]) {
      const r = await exchange(ctx, key, code2);
      expect({ status: r.status, code: r.code, data: r.data, message: r.message }).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        data: null,
        message: 'Missing or unknown partner API key.',
      });
    }
    // Refusals for a bad key did not spend the code.
    expect((await exchange(ctx, danaKey, code2)).code).toBe('00');
  });

  it("another borrower's code gives that borrower only, and no code is a session on our API", async () => {
    await setupKeys();
    const mine = codeOf(await tap(ctx, MAIN, 2));
    const theirs = codeOf(await tap(ctx, SECOND, 2));
    const a = await exchange(ctx, danaKey, theirs);
    expect(a.data).toMatchObject({ phoneMasked: '138****0001' });
    const b = await exchange(ctx, danaKey, mine);
    expect(b.data).toMatchObject({ phoneMasked: '138****0000' });
    expect((a.data as { partnerUserId: string }).partnerUserId).not.toBe((b.data as { partnerUserId: string }).partnerUserId);

    const fresh = codeOf(await tap(ctx, MAIN, 2));
    const asSession = await call(ctx, DETAIL, { productId: '1', orderId: 'DEMO-170' }, { tok: fresh, lang: 'en' });
    expect({ status: asSession.status, code: asSession.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    // Still unused: trying it as a session did not spend or reveal anything.
    expect((await exchange(ctx, danaKey, fresh)).code).toBe('00');
  });

  it('two exchanges of one code at once: exactly one wins', async () => {
    await setupKeys();
    const code = codeOf(await tap(ctx, MAIN, 2));
    const results = await Promise.all([1, 2, 3, 4].map(() => exchange(ctx, danaKey, code)));
    expect(results.filter((r) => r.code === '00')).toHaveLength(1);
    expect(results.filter((r) => r.code === 'BAD_REQUEST')).toHaveLength(3);
  });
});

describe('partner:key command', () => {
  it('takes exactly one product id', async () => {
    const { parsePartnerKeyArgs } = await import('../src/cli/partner-key.ts');
    expect(parsePartnerKeyArgs(['3'])).toEqual({ productId: 3 });
    for (const bad of [[], ['3', '4'], ['0'], ['-1'], ['x'], ['1e3'], ['9999999999']]) {
      expect('error' in parsePartnerKeyArgs(bad), bad.join(' ')).toBe(true);
    }
  });
});
