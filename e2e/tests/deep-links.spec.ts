import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from '@playwright/test';
import { HYDRATION_PROBLEM, expect, fakeBridgeHost, test, untilLive } from './fixtures.ts';
import { useOperatorSession } from './ops-login.ts';
import { APPS, type Link, SHELL_ROUTES, UNDECLARED, declaredRoutes, linkOf } from './route-links.ts';

// Deep links (issue 33 item 3): every page route opened as a first load, in a fresh browser context with nothing
// but its URL (the borrower's `tok` in it, as the app opens it), in Indonesian (the default) and in English
// (isNeedPop=1). A row fails on any response 4xx/5xx (document, image, script, stylesheet, font, API call), any
// request that failed, any console error or page error and any hydration warning; its title names the route and
// the language.
//
// The route table is the apps' package.json `lendview.routes` (what /remotes.json serves), read when this file
// loads: a new route gets its two rows by itself, opened with the borrower's `tok` only unless LINKS gives it
// its query (route-links.ts; a route that needs one then fails, naming itself, until it is added there). A first test checks that
// the live /remotes.json names exactly these routes. The shell's own route (/testPreview) and a path nobody declares
// (the shell's "page not found", answered 404 on purpose) have rows of their own.

const LANGS = [
  { lang: 'id', name: 'Indonesian', query: {} },
  { lang: 'en', name: 'English', query: { isNeedPop: '1' } },
] as const;

/** A URL as a failure message shows it: the path and query, the session token left out. */
const shown = (url: string) => {
  const u = new URL(url);
  if (u.searchParams.has('tok')) u.searchParams.set('tok', '…');
  return decodeURIComponent(`${u.pathname}${u.search}`);
};

/**
 * Everything that goes wrong on the page from now on: responses 4xx/5xx, failed requests, console errors, page
 * errors, hydration warnings. Left out, each named by the row: the page's own 404 (`notFound`) and the API
 * refusals the page asks for as answers (`refusals`), with Chromium's "Failed to load resource" line for them.
 */
function watch(page: Page, url: URL, link: Link) {
  const problems: string[] = [];
  const network = { open: new Set<Request>(), lastActivity: Date.now(), log: [] as string[] };
  const started = Date.now();
  page.on('request', (r) => {
    network.log.push(`${Date.now() - started} ms ${r.resourceType()} ${shown(r.url())}`);
    network.lastActivity = Date.now();
    // The page's report of a failure the borrower saw (packages/api-client client-errors.ts) is a finding itself. It
    // is sent with keepalive, which Chromium finishes outside the page (no "finished" event ever comes).
    if (new URL(r.url()).pathname === CLIENT_ERRORS) problems.push(`the page reported a client error: ${r.postData() ?? ''}`);
    else network.open.add(r);
  });
  const finished = (r: Request) => {
    network.open.delete(r);
    network.lastActivity = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  const expected = (status: number, at: string, type: string) => {
    const u = new URL(at);
    if (link.notFound && type === 'document' && u.href === url.href) return status === 404;
    return u.origin === url.origin && (link.refusals ?? []).some((r) => r.status === status && r.path === u.pathname);
  };
  page.on('response', (r) => {
    const type = r.request().resourceType();
    if (r.status() >= 400 && !expected(r.status(), r.url(), type))
      problems.push(`${r.status()} ${type} ${r.request().method()} ${shown(r.url())}`);
  });
  page.on('requestfailed', (r) => problems.push(`request failed (${r.failure()?.errorText}): ${r.resourceType()} ${shown(r.url())}`));
  page.on('console', (m) => {
    const text = m.text();
    const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(text)?.[1];
    const at = m.location().url;
    if (status && at && expected(Number(status), at, at === url.href ? 'document' : 'fetch')) return;
    if (m.type() === 'error') problems.push(`console error: ${text}`);
    else if (HYDRATION_PROBLEM.test(text)) problems.push(`hydration (console ${m.type()}): ${text}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  return { problems, network };
}

/** POST /api/client-errors: the page's report of a failure the borrower saw (docs/observability.md). */
const CLIENT_ERRORS = '/api/client-errors';

type Network = ReturnType<typeof watch>['network'];

/**
 * Waits until the page has settled: no request open and none started or finished for 500 ms (Playwright's
 * "networkidle" never comes on a page that sent a keepalive request), every image loaded or failed (lazy ones below
 * the fold too: they are made eager, so every image the page names is fetched), then quiet again. A page that
 * never settles fails with its last requests.
 */
async function settle(page: Page, network: Network, where: string) {
  const quiet = () =>
    expect
      .poll(() => network.open.size === 0 && Date.now() - network.lastActivity >= 500, {
        message: `${where}: the network went quiet (the last requests: ${network.log.slice(-8).join('; ')})`,
        timeout: 30_000,
        intervals: [100],
      })
      .toBe(true);
  await quiet();
  const lazy = await page.evaluate(
    () =>
      Array.from(document.images).filter((img) => {
        const was = img.loading === 'lazy';
        img.loading = 'eager';
        return was;
      }).length,
  );
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  if (lazy > 0) await quiet();
}

type Served = 'server-rendered' | 'client-rendered';

/**
 * One first load in a browser context of its own (nothing stored, no cache), with the fake native host every test
 * page has. `whenClientRendered` false: a load that came client-rendered is only reported, not checked (a retry
 * for the server-rendered one).
 */
async function firstLoad(
  browser: Browser,
  row: { url: URL; link: Link; where: string; lang: string; whenClientRendered: boolean },
): Promise<Served> {
  const { url, link, where, lang } = row;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await fakeBridgeHost(page);
    if (link.operator) await useOperatorSession(page, link.operator);
    const { problems, network } = watch(page, url, link);
    const res = await page.goto(url.href);
    const served: Served = ((await res?.text()) ?? '').includes('id="lv-ssr"') ? 'server-rendered' : 'client-rendered';
    if (served === 'client-rendered' && !row.whenClientRendered) return served;
    const what = `${where}, ${served}`;
    expect(res?.status(), `${what}: the page's own status`).toBe(link.notFound ? 404 : 200);
    await untilLive(page);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1.first(), `${what}: a heading shows`).toBeVisible();
    if (link.notFound) await expect(h1, `${what}: the shell's page not found`).toHaveText(NOT_FOUND[lang]!);
    // A page that never settles is reported with what else went wrong on it.
    await settle(page, network, what).catch((e: unknown) => problems.push(e instanceof Error ? e.message : String(e)));
    // Each problem's first line or so: a hydration report carries React's whole component stack.
    const brief = problems.map((p) => (p.length > 400 ? `${p.slice(0, 400)}…` : p));
    expect(brief, `${what} (${shown(url.href)}): failed requests, console errors, hydration warnings`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang), `${what}: <html lang>`).toBe(lang);
    return served;
  } finally {
    await context.close();
  }
}

const NOT_FOUND: Record<string, string> = { en: 'Page not found', id: 'Halaman tidak ditemukan' };

/**
 * Loads a page that the server renders may take until it comes server-rendered: over SSR_BUDGET_MS (300 ms; a
 * busy machine, a version's first render) the server sends it client-rendered. The first load is checked either
 * way; then it is loaded again (each time a first load) until it came server-rendered, which is what a borrower
 * mostly gets and the load that must hold.
 */
const SERVER_RENDERED_WITHIN = 12;

// ------------------------------------------------------------------------------------------ the tests

const declared = declaredRoutes();

test('the route table: the live /remotes.json names exactly the routes the apps declare', async ({ request }) => {
  const manifest = (await (await request.get('/remotes.json')).json()) as { remotes: { app: string; routes: string[] }[] };
  const live = manifest.remotes.flatMap((r) => r.routes).sort();
  expect(live, 'routes of /remotes.json against apps/*/package.json lendview.routes').toEqual(declared.map((d) => d.route).sort());
});

const rows = [
  // The server renders the pages of the apps with a server entry (src/server.tsx; apps/api/src/ssr/page.ts).
  ...declared.map((d) => ({ route: d.route, owner: d.app, serverRendered: existsSync(join(APPS, d.app, 'src/server.tsx')) })),
  ...SHELL_ROUTES.map((route) => ({ route, owner: 'shell', serverRendered: false })),
  // Sent with status 404: never server-rendered (page.ts renders 200 pages only).
  { route: UNDECLARED, owner: 'nobody: page not found, 404', serverRendered: false },
];

for (const { route, owner, serverRendered } of rows) {
  for (const { lang, name, query: langQuery } of LANGS) {
    test(`${route} (${owner}) in ${name}: a first load with no failed request, console error or hydration warning`, async ({
      browser,
      request,
    }) => {
      const where = `${route} in ${name}`;
      const link = await linkOf(route, request);
      const url = new URL(`${route}?${new URLSearchParams({ ...link.query, ...langQuery }).toString()}`, process.env.E2E_BASE_URL);
      const loads: Served[] = [];
      do {
        loads.push(await firstLoad(browser, { url, link, where, lang, whenClientRendered: loads.length === 0 }));
      } while (serverRendered && loads.at(-1) !== 'server-rendered' && loads.length < SERVER_RENDERED_WITHIN);
      test.info().annotations.push({ type: 'first loads', description: loads.join(', ') });
      if (serverRendered)
        expect(loads.at(-1), `${where}: came server-rendered within ${SERVER_RENDERED_WITHIN} first loads`).toBe('server-rendered');
    });
  }
}
