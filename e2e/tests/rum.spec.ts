import type { APIRequestContext, Request } from '@playwright/test';
import { clientRendered, expect, test } from './fixtures.ts';
import { operatorSession } from './ops-login.ts';

// Issue 16 item 4 (docs/releasing.md "Real-user signals"): borrowers' browsers report views, web-vitals and errors
// per remote version; errors are symbolicated through the version's hidden source maps; support reads them on the
// console's Releases page. Issue 36 item 4: each batch carries the view id the server signed for its page, and
// only such a batch counts, once.

interface VersionRow {
  app: string;
  version: string;
  live: boolean;
  views: number;
  errors: number;
  lcpSamples: number;
  topErrors: { message: string; count: number; frames: { file: string; line: number | null; name: string | null }[] }[];
}
interface RumBatch {
  pageId: string;
  /** The view id the server signed for the page (issue 36 item 4): without it nothing counts. */
  view?: string;
  events: { app: string; version: string; route: string; kind: string; value?: number; detail?: Record<string, unknown> }[];
}

const LOAN = '/loanDetails?productId=1&orderId=DEMO-170&tok=demo-borrower&isNeedPop=1';

async function liveVersions(request: APIRequestContext): Promise<Map<string, string>> {
  const manifest = (await (await request.get('/remotes.json')).json()) as { remotes: { app: string; version: string }[] };
  return new Map(manifest.remotes.map((r) => [r.app, r.version]));
}

async function health(request: APIRequestContext, token: string): Promise<VersionRow[]> {
  const res = await request.get('/ops/api/console/releases?hours=1', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { versions: VersionRow[] } }).data.versions;
}

/**
 * The borrower taps the page (web-vitals takes the LCP as final on the first input), then leaves it: the page is
 * hidden (a trusted visibilitychange), web-vitals reports, and the shell sends with sendBeacon, which outlives
 * the page.
 */
async function tapThenLeave(page: import('@playwright/test').Page, next: string) {
  await page.getByRole('heading', { level: 1 }).first().click();
  await page.goto(next);
}

/**
 * What the page hands to navigator.sendBeacon, kept in sessionStorage so it survives the page that sent it
 * (Playwright does not see a beacon sent while a page unloads). The real sendBeacon is still called.
 */
async function recordBeacons(page: import('@playwright/test').Page): Promise<() => Promise<RumBatch[]>> {
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, body?: BodyInit | null) => {
      // The shell sends its batches as strings (text/plain).
      if (String(url).endsWith('/api/rum') && typeof body === 'string') {
        const list = JSON.parse(sessionStorage.getItem('e2e.beacons') ?? '[]') as unknown[];
        sessionStorage.setItem('e2e.beacons', JSON.stringify([...list, JSON.parse(body)]));
      }
      return send(url, body);
    };
  });
  return async () => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.beacons') ?? '[]') as RumBatch[]);
}

const row = (rows: VersionRow[], app: string, version: string) =>
  rows.find((r) => r.app === app && r.version === version) ?? { views: 0, errors: 0, lcpSamples: 0, topErrors: [] };

/** Every batch the page sends to /api/rum (sendBeacon or fetch keepalive), parsed. */
function recordBatches(page: import('@playwright/test').Page): RumBatch[] {
  const batches: RumBatch[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/rum') batches.push(JSON.parse(r.postData() ?? '{}') as RumBatch);
  });
  return batches;
}

test('a borrower opening /About and /loanDetails yields a view and an LCP for each remote, tagged with the version loaded', async ({
  page,
  request,
}) => {
  const live = await liveVersions(request);
  const marketing = live.get('marketing')!;
  const loan = live.get('loan-details')!;
  const { token } = await operatorSession(request, 'support');
  const before = await health(request, token);
  const sent = await recordBeacons(page);
  const events = async () => (await sent()).flatMap((b) => b.events);
  const count = async (kind: string) => (await events()).filter((e) => e.kind === kind).length;

  await page.goto('/About?isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The view leaves within a second, without waiting for the page to be hidden.
  await expect.poll(() => count('view'), { timeout: 3000 }).toBe(1);
  await tapThenLeave(page, LOAN);
  await expect.poll(() => count('view'), { timeout: 3000 }).toBe(2);
  // Leaving /loanDetails for another page of the site (same origin: its sessionStorage holds the record).
  await tapThenLeave(page, '/Contact?isNeedPop=1');
  await expect.poll(() => count('view'), { timeout: 3000 }).toBe(3);

  const all = await events();
  expect(all.filter((e) => e.kind === 'view')).toEqual([
    { app: 'marketing', version: marketing, route: '/About', kind: 'view' },
    { app: 'loan-details', version: loan, route: '/loanDetails', kind: 'view' },
    { app: 'marketing', version: marketing, route: '/Contact', kind: 'view' },
  ]);
  const lcps = all.filter((e) => e.kind === 'lcp');
  expect(lcps.map((e) => [e.app, e.version, e.route])).toEqual([
    ['marketing', marketing, '/About'],
    ['loan-details', loan, '/loanDetails'],
  ]);
  for (const e of lcps) {
    expect(e.value).toBeGreaterThan(0);
    expect(e.detail).toHaveProperty('phases.timeToFirstByte');
    expect(String(e.detail!.target)).toMatch(/^[#.\w>:() [\]="-]+$/);
  }
  // A tap web-vitals measured (INP) belongs to the page it happened on.
  for (const e of all.filter((x) => x.kind === 'inp')) expect(['/About', '/loanDetails']).toContain(e.route);
  const batches = await sent();
  // One page id per page load; nothing personal on the wire (the token and the order are in the page's URL).
  expect(new Set(batches.map((b) => b.pageId)).size).toBe(3);
  // Each batch carries its page's signed view id (a server-rendered page's manifest, or /remotes.json's header):
  // one per page load.
  for (const b of batches) expect(b.view, JSON.stringify(b)).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  const viewsOfPage = new Map<string, Set<string>>();
  for (const b of batches) viewsOfPage.set(b.pageId, (viewsOfPage.get(b.pageId) ?? new Set()).add(b.view!));
  expect([...viewsOfPage.values()].map((ids) => ids.size)).toEqual([1, 1, 1]);
  expect(new Set(batches.map((b) => b.view)).size).toBe(3);
  const wire = JSON.stringify(batches);
  for (const secret of ['demo-borrower', 'DEMO-170', 'productId', 'isNeedPop', '?']) expect(wire).not.toContain(secret);

  // Stored as rows of those versions (other tests may add theirs meanwhile: at least ours).
  await expect
    .poll(async () => {
      const now = await health(request, token);
      return [
        row(now, 'marketing', marketing).views - row(before, 'marketing', marketing).views,
        row(now, 'marketing', marketing).lcpSamples - row(before, 'marketing', marketing).lcpSamples,
        row(now, 'loan-details', loan).views - row(before, 'loan-details', loan).views,
        row(now, 'loan-details', loan).lcpSamples - row(before, 'loan-details', loan).lcpSamples,
      ].every((n) => n >= 1);
    })
    .toBe(true);
});

test("a remote's crash is sent within a second and shows up symbolicated to its .tsx source on the console's Releases page", async ({
  page,
  request,
}) => {
  const loan = (await liveVersions(request)).get('loan-details')!;
  // The loan details answer a borrower's page gets, with one field broken the way a bad release or API change
  // would break it: `payments` is no list, and the page's render throws (TypeError: ….map is not a function).
  await page.route('**/v3/loan-details/detail**', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { code: string; data: Record<string, unknown> };
    await route.fulfill({ response: res, json: { ...body, data: { ...body.data, payments: 'not a list' } } });
  });
  await clientRendered(page, (u) => u.pathname === '/loanDetails');
  const batches = recordBatches(page);
  await page.goto(LOAN);
  await expect(page.getByText('This part of the app could not be loaded. Check your connection and try again.')).toBeVisible();
  await expect.poll(() => batches.flatMap((b) => b.events).filter((e) => e.kind === 'error').length, { timeout: 3000 }).toBeGreaterThan(0);
  const error = batches.flatMap((b) => b.events).find((e) => e.kind === 'error')!;
  expect(error).toMatchObject({
    app: 'loan-details',
    version: loan,
    route: '/loanDetails',
    detail: { source: 'boundary', name: 'TypeError' },
  });
  // The served stack: minified chunks under the version's folder, no source map named or served.
  const stack = String(error.detail!.stack);
  const chunk = /\/remotes\/loan-details\/[^/]+\/assets\/[^:)\s]+\.js/.exec(stack)?.[0];
  expect(chunk, stack).toBeTruthy();
  const js = await request.get(chunk!);
  expect(js.status()).toBe(200);
  expect(await js.text()).not.toContain('sourceMappingURL');
  expect((await request.get(`${chunk!}.map`)).status()).toBe(404);

  // Support opens the console's Releases page.
  const session = await operatorSession(request, 'support');
  const { token } = session;
  await expect
    .poll(async () => row(await health(request, token), 'loan-details', loan).topErrors.some((e) => e.message.startsWith('TypeError')))
    .toBe(true);
  await page.unroute('**/v3/loan-details/detail**');
  await page.goto('/ops?isNeedPop=1');
  await page.evaluate((s) => sessionStorage.setItem('lv.ops.session', s), JSON.stringify(session));
  await page.goto('/ops/releases?isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Releases');
  const version = page.getByRole('region', { name: `loan-details ${loan}` });
  await expect(version.getByText('Live')).toBeVisible();
  const typeError = version.locator('.oc-rum__error', { hasText: 'TypeError' }).first();
  await expect(typeError).toBeVisible();
  // The first frame is the page's own source file and line, not the minified chunk.
  await expect(typeError.getByRole('list', { name: 'Where (original source)' }).locator('li').first()).toContainText(
    /src\/pages\/LoanDetailsPage\.tsx:\d+:\d+/,
  );
  await expect(page.getByRole('link', { name: 'Releases' })).toHaveAttribute('aria-current', 'page');
});

test("a page's batch counts once: the same batch sent again, or sent without its view id, counts nothing", async ({ page, request }) => {
  const batches = recordBatches(page);
  const answered: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/rum') answered.push(r.status());
  });
  await page.goto('/About?isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => batches.filter((b) => b.events.some((e) => e.kind === 'view')).length, { timeout: 3000 }).toBe(1);
  await expect.poll(() => answered, { timeout: 5000 }).toContain(200);
  const batch = batches.find((b) => b.events.some((e) => e.kind === 'view'))!;
  expect(batch.view).toMatch(/^v1\./);
  const post = async (body: unknown) => {
    const res = await request.post('/api/rum', { data: JSON.stringify(body), headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: { accepted: number; dropped: number } }).data;
  };
  const n = batch.events.length;
  // The page sent it already (its view counted then): again, it is a replay.
  expect(await post(batch)).toEqual({ accepted: 0, dropped: n });
  const { view: _view, ...unsigned } = batch;
  expect(await post(unsigned)).toEqual({ accepted: 0, dropped: n });
  expect(await post({ ...batch, view: `${batch.view!.slice(0, -2)}AA` })).toEqual({ accepted: 0, dropped: n });
});
