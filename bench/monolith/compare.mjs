// One comparison, one run: the federated product, the monolith baseline and the floor page, each served by its
// own instance of the same built API server (apps/api/dist/server.mjs) with the same demo data. The floor is
// made from the product's rendering and served by the monolith's instance at /floor.html.
import { Buffer } from 'node:buffer';
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
    const targets = [fixedTarget('floor', 'floor', monolith.base, '/floor.html')];
    for (const r of BUDGET_ROUTES) {
      if (earlier) targets.push(await targetOf(r, 'before', earlier.base));
      targets.push(await targetOf(r, 'federation', product.base));
      targets.push(await targetOf(r, 'monolith', monolith.base));
    }
    // The landing for ad traffic (/landing: promotion-registration's plain-page build, no shell, server-rendered),
    // beside the budget routes; no monolith row to compare it with.
    targets.push(fixedTarget('landing', 'standalone', product.base, LANDING_PATH));
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
 * One page to measure: `nextUrl()` gives the URL of the next measurement, the route's fixed path or the one made
 * for this instance, or (freshPathOn) a new one every time. `path` names it in the report.
 */
async function targetOf(route, variant, base) {
  if (route.freshPathOn) {
    return {
      route: route.name,
      variant,
      path: `/${route.name} (made for each run)`,
      nextUrl: async () => base + (await route.freshPathOn(base)),
    };
  }
  return fixedTarget(route.name, variant, base, route.path ?? (await route.pathOn(base)));
}

function fixedTarget(route, variant, base, path) {
  return { route, variant, path, nextUrl: async () => base + path };
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
