import { describe, expect, it } from 'vitest';
import type { loanPlayDetail, ResponseOf } from '@lendview/contracts';
import { DEMO_ORDERS } from '../src/db/demo/index.ts';
import { MAIN, call, newBorrower } from './helpers/calls.ts';
import { addOrder } from './helpers/repay.ts';
import { publishLocalInto, remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';
import { BACKENDS, useTestApp, type TestContext } from './helpers/setup.ts';

// Issue 33: /that server-rendered on a first visit with its payment code. The page's server render asks
// vcode-for-page in process, as the borrower of the page's token, in the page's language (the real query is
// apps/repayment/src/api/generate-vcode.ts `pageCode`; e2e/tests/ssr.spec.ts renders and hydrates the real React
// build). Here a hand-written shell entry stands in for the React one: it asks what the real page asks (is_default 1,
// the address's amount, repayType and periods) and draws the code, the refusal (spec 9's early repayment, which the real
// query answers as data), or the loading state the real shell draws for a failed query.

const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';

const SHELL_ENTRY = `
let serverFetch;
export function configureServer({ fetch }) { serverFetch = fetch; }
export function findOwner(manifest, pathname) { return manifest.remotes.find((r) => r.routes.includes(pathname)); }
export async function render({ url, module }) {
  const q = new URL(url, 'http://x').searchParams;
  const body = new URLSearchParams({
    productId: q.get('productId') ?? '', orderId: q.get('orderId') ?? '', amount: q.get('amount') ?? '', is_default: '1',
    payCode: '', specific_num: '', is_display: '0', repayType: q.get('repayType') ?? 'full',
  });
  if (q.get('periods')) body.set('periods', q.get('periods'));
  const res = await serverFetch('/v3/loan-details/vcode-for-page', {
    method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' }, body,
  });
  const env = await res.json();
  const shown = env.code === '00' && env.data.code
    ? '<p data-testid="vcode" data-vcode="' + env.data.code.vcode + '">' + env.data.code.vcode + '</p>'
    : env.code === 'EARLY_REPAYMENT' ? '<p class="refused">' + env.message + '</p>' : '<p data-testid="va-placeholder"></p>';
  return { html: module.default.render(shown), queries: { queries: [] }, passes: 2 };
}`;

let patch = 0;
async function publish(ctx: TestContext) {
  const version = `3.0.${patch++}`;
  const shell = shellBuild(tempDir(), { version, index: INDEX, files: { 'server/entry.mjs': SHELL_ENTRY } });
  const repayment = remoteBuild(tempDir(), {
    name: 'repayment',
    version,
    routes: ['/that', '/individual', '/installment', '/repayDelay', '/repay', '/bindCard'],
    files: { 'server/entry.mjs': `export default { render: (shown) => '<main>' + shown + '</main>' };` },
  });
  await publishLocalInto(ctx, [
    { app: 'shell', dir: shell },
    { app: 'repayment', dir: repayment },
  ]);
  await ctx.app.pages.renderer!.warm();
}

/** The page, asked until it came server-rendered (a version's first page may go out before its entries loaded). */
async function page(ctx: TestContext, query: Record<string, string>) {
  const url = `/that?${new URLSearchParams(query).toString()}`;
  for (let i = 0; i < 30; i++) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    if (res.body.includes('id="lv-ssr"')) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('never server-rendered');
}

const vcodeOf = (html: string) => /data-vcode="(\d+)"/.exec(html)?.[1];

describe.each(BACKENDS)('/that server-rendered with the code on a first visit (%s)', (backend) => {
  const ctx = useTestApp(backend, { app: { ssrBudgetMs: 3000 } });
  const codes = (orderNo: string) =>
    ctx.db.query<{ vcode: string; state: string; repay_type: string }>(
      'SELECT vcode, state, repay_type FROM payments WHERE order_no = $1 ORDER BY id',
      [orderNo],
    );
  /** A new borrower (no code issued yet) with a repaying order of Rp 500.000 on day 61 of 91. */
  const firstVisitor = async () => {
    const fresh = await newBorrower(ctx);
    const order = await addOrder(ctx, { borrowerId: fresh.id, status: 170, principal: 50_000_000, dueDate: '2026-04-01' });
    return { tok: fresh.tok, productId: '1', orderId: order.orderNo, amount: String(order.amountDue) };
  };

  it('the first load issues the code and its HTML carries it; a second load has the same code and writes nothing', async () => {
    await publish(ctx);
    const q = await firstVisitor();
    const first = await page(ctx, { ...q, isNeedPop: '1' });
    const vcode = vcodeOf(first);
    expect(vcode).toMatch(/^39358\d{11}$/);
    expect(await codes(q.orderId)).toEqual([{ vcode, state: 'pending', repay_type: 'full' }]);
    const second = await page(ctx, q);
    expect(vcodeOf(second)).toBe(vcode);
    expect(await codes(q.orderId)).toEqual([{ vcode, state: 'pending', repay_type: 'full' }]);
    // No token in the page (the render sent it as a header).
    expect(first).not.toContain(q.tok);
  });

  it('20 first loads at once: one code, in every page', async () => {
    await publish(ctx);
    const q = await firstVisitor();
    const pages = await Promise.all(Array.from({ length: 20 }, () => page(ctx, q)));
    const shown = new Set(pages.map(vcodeOf));
    expect(shown.size).toBe(1);
    expect([...shown][0]).toBeTruthy();
    expect(await codes(q.orderId)).toEqual([{ vcode: [...shown][0], state: 'pending', repay_type: 'full' }]);
  });

  it('an early full repayment renders the refusal in the language of the page, and issues nothing', async () => {
    await publish(ctx);
    const q = { tok: MAIN, productId: '1', orderId: DEMO_ORDERS.repaying, amount: '261375000' };
    const en = await page(ctx, { ...q, isNeedPop: '1' });
    expect(en).toContain(
      '<p class="refused">Early repayment is possible from 2026-03-18: half of the loan term must have passed and at least 7 days since the loan was disbursed.</p>',
    );
    const id = await page(ctx, q);
    expect(id).toContain(
      '<p class="refused">Pelunasan lebih awal dapat dilakukan mulai 2026-03-18: separuh jangka waktu pinjaman harus sudah berlalu dan minimal 7 hari sejak pinjaman dicairkan.</p>',
    );
    expect(await codes(DEMO_ORDERS.repaying)).toEqual([]);
  });

  it("/that of /repayDelay (extension) and of /installment (an instalment): the code in the first load's HTML, the same on the next", async () => {
    await publish(ctx);
    const ids = { productId: '1', orderId: DEMO_ORDERS.dueSoon };
    const delay = await call<{ delayShouldPayAmount: number }>(ctx, '/v3/loan-details/delay-detail', ids, { tok: MAIN });
    const dq = { tok: MAIN, ...ids, amount: String(delay.data.delayShouldPayAmount), repayType: 'delay' };
    const extension = vcodeOf(await page(ctx, dq));
    expect(extension).toBeTruthy();
    expect(vcodeOf(await page(ctx, dq))).toBe(extension);
    expect(await codes(DEMO_ORDERS.dueSoon)).toEqual([{ vcode: extension, state: 'pending', repay_type: 'delay' }]);

    const inst = { productId: '1', orderId: DEMO_ORDERS.instalments };
    const plan = await call<ResponseOf<typeof loanPlayDetail>>(ctx, '/v3/installment/loan-play-detail', inst, { tok: MAIN });
    const firstUnpaid = plan.data.repayPlanDetail.repayWaitDetail[0]!;
    const iq = { tok: MAIN, ...inst, amount: String(firstUnpaid.totalAmount), repayType: 'installment', periods: '1' };
    const instalment = vcodeOf(await page(ctx, iq));
    expect(instalment).toBeTruthy();
    expect(vcodeOf(await page(ctx, iq))).toBe(instalment);
    expect(await codes(DEMO_ORDERS.instalments)).toEqual([{ vcode: instalment, state: 'pending', repay_type: 'installment' }]);
  });

  it('an order with another live code (of another method): the page is drawn loading and that code stays', async () => {
    await publish(ctx);
    const q = await firstVisitor();
    const alfamart = await call<{ vcode: string }>(
      ctx,
      '/v3/loan-details/generate-vcode',
      { productId: '1', orderId: q.orderId, amount: q.amount, is_default: '0', pay_type: '2', payCode: 'ALFAMART' },
      { tok: q.tok },
    );
    // A later code of another order of the same borrower makes BCA the last method (is_default 1's).
    const other = await addOrder(ctx, {
      borrowerId: (await ctx.db.query<{ borrower_id: number }>('SELECT borrower_id FROM orders WHERE order_no = $1', [q.orderId]))[0]!
        .borrower_id,
      status: 170,
      principal: 50_000_000,
      dueDate: '2026-04-01',
    });
    await call(
      ctx,
      '/v3/loan-details/generate-vcode',
      { productId: '1', orderId: other.orderNo, amount: String(other.amountDue), is_default: '0', pay_type: '1', payCode: 'BCA' },
      { tok: q.tok },
    );
    const html = await page(ctx, q);
    expect(html).toContain('data-testid="va-placeholder"');
    expect(await codes(q.orderId)).toEqual([{ vcode: alfamart.data.vcode, state: 'pending', repay_type: 'full' }]);
  });
});
