// One comparison, one run: the federated product, the monolith baseline and the floor page, each served by its
// own instance of the same built API server (apps/api/dist/server.mjs) with the same demo data. The floor is
// made from the product's rendering and served by the monolith's instance at /floor.html.
import { Buffer } from 'node:buffer';
import { URLSearchParams } from 'node:url';
import { BUDGET_ROUTES, startProduct } from '../lib/server.mjs';
import { snapshotFloor } from './floor.mjs';
import { buildMonolithOnce, prepareMonolith } from './server.mjs';

/**
 * Starts both servers. `targets`: the floor first, then per budget route the federated page and the monolith's,
 * side by side (route: the budget route's name; variant: 'floor' | 'federation' | 'monolith'), and /landing last
 * (variant 'standalone').
 */
const LANDING_PATH = '/landing?templateId=1';

/**
 * `before`: the folder of another built checkout (an earlier commit: `git worktree add`, `pnpm install`, `pnpm build`
 * there). Its product is served too, on its own instance, and each budget route gets a 'before' row measured in the
 * same rounds: a before/after from one run.
 */
export async function startComparison({ before } = {}) {
  // The monolith is built first, and publishes the remotes right after the product: both serve the same builds.
  buildMonolithOnce();
  const product = await startProduct();
  let prepared;
  let monolith;
  let earlier;
  try {
    prepared = prepareMonolith();
    const floor = await snapshotFloor(product.base);
    monolith = await prepared.start({ extraFiles: { 'floor.html': floor } });
    if (before) earlier = await startProduct({ root: before });
    const targets = [{ route: 'floor', variant: 'floor', path: '/floor.html', url: `${monolith.base}/floor.html` }];
    const routes = await withOwedAmount(product.base, BUDGET_ROUTES);
    for (const base of [product.base, monolith.base, earlier?.base].filter(Boolean)) await issueCode(base, routes);
    for (const r of routes) {
      if (earlier) targets.push({ route: r.name, variant: 'before', path: r.path, url: earlier.base + r.path });
      targets.push({ route: r.name, variant: 'federation', path: r.path, url: product.base + r.path });
      targets.push({ route: r.name, variant: 'monolith', path: r.path, url: monolith.base + r.path });
    }
    // The landing for ad traffic (/landing: promotion-registration's plain-page build, no shell, server-rendered),
    // beside the budget routes; no monolith row to compare it with.
    targets.push({ route: 'landing', variant: 'standalone', path: LANDING_PATH, url: product.base + LANDING_PATH });
    return {
      product,
      monolith,
      floorBytes: Buffer.byteLength(floor),
      targets,
      async stop() {
        await Promise.all([product.stop(), monolith.stop(), earlier?.stop()]);
      },
    };
  } catch (e) {
    if (!monolith) prepared?.discard();
    await Promise.all([product.stop(), monolith?.stop(), earlier?.stop()]);
    throw e;
  }
}

/**
 * /that with `amount=0` is the virtual account's "payment link incomplete" screen, not the page a borrower gets:
 * the amount becomes what loan details says the route's order (DEMO-HALF) owes, as the Repay button links it.
 */
async function withOwedAmount(base, routes) {
  let amount;
  try {
    const res = await fetch(`${base}/v3/loan-details/detail`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-lv-token': 'demo-borrower' },
      body: `productId=1&orderId=${new URLSearchParams(routes.find((r) => r.name === 'that').path.split('?')[1]).get('orderId')}`,
    });
    amount = (await res.json())?.data?.amount;
  } catch {
    /* reported below */
  }
  if (!Number.isInteger(amount) || amount <= 0) {
    console.error(`loan details of the /that order gave no amount (${amount}): /that is measured as listed`);
    return routes;
  }
  return routes.map((r) => (r.name === 'that' ? { ...r, path: r.path.replace(/([?&]amount=)\d+/, `$1${amount}`) } : r));
}

/**
 * /that is measured opened again: its code is on file, issued before the runs the way the borrower's first visit
 * issues it (generate-vcode, is_default 1). A page GET never issues a code (issue 14), so the server-rendered page
 * can carry only a code on file; a first visit waits for the browser to ask for it (docs/performance.md "/that: the code on file").
 * On each instance, so that the monolith's page, which asks generate-vcode itself, gets the same code reused.
 */
async function issueCode(base, routes) {
  const q = new URLSearchParams(routes.find((r) => r.name === 'that').path.split('?')[1]);
  const form = {
    productId: q.get('productId'),
    orderId: q.get('orderId'),
    amount: q.get('amount'),
    is_default: '1',
    is_display: q.get('display') ?? '0',
    payCode: '',
    specific_num: '',
    repayType: 'full',
  };
  const res = await fetch(`${base}/v3/loan-details/generate-vcode`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-lv-token': q.get('tok') },
    body: new URLSearchParams(form).toString(),
  });
  const body = await res.json().catch(() => null);
  if (body?.code !== '00') console.error(`generate-vcode for /that on ${base} answered ${body?.code}: ${body?.message}`);
}

/** The median of numbers (the middle one, or the mean of the two middle ones). */
export function median(values) {
  const s = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const ratio = (a, b) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? +(a / b).toFixed(2) : null);

/** A markdown table from rows of cells (the first row is the header). */
export function markdownTable(rows) {
  const [head, ...body] = rows;
  return [head, head.map(() => '---'), ...body].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
