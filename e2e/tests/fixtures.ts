import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export interface BridgeCall {
  handler: string;
  message: { action: string; [k: string]: unknown };
}

/**
 * A hydration problem in a console message or an uncaught error (issue 14). The shell and the standalone landing
 * report React's recoverable errors as '[shell] hydration' / '[standalone] hydration' (their onRecoverableError);
 * the rest is React's own text, should a root hydrate without such a handler (React 19 then reports the error
 * itself: reportError, i.e. a page error and a console error). Production builds (what the suite runs) name the
 * error by number: #418 the server's HTML did not match, #422 / #423 an error while hydrating recovered by client
 * rendering (a Suspense boundary / the whole root), #419 a boundary the server could not finish, and React 18's
 * #425 (text did not match). Development builds write it out: "Hydration failed because the server rendered HTML
 * didn't match the client", "A tree hydrated but some attributes ... didn't match", "... while hydrating but React
 * was able to recover", React 18's "Text content did not match", "Expected server HTML to contain a matching".
 */
export const HYDRATION_PROBLEM =
  /\[(shell|standalone)\] hydration|hydration (failed|mismatch)|tree hydrated but|while hydrating|did(n't| not) match|expected server html to contain|(Minified React error #|react\.dev\/errors\/)(418|419|422|423|425)\b/i;

/** Subresources whose failure (4xx/5xx) fails any test: what the page shows with, never an API call it handles. */
export const SUBRESOURCE_TYPES: ReadonlySet<string> = new Set(['image', 'script', 'stylesheet', 'font']);

/**
 * Every page gets a fake native host that records the bridge calls (spec 7.7): the iOS message handler by
 * default, or with `test.use({ bridgeHost: 'android' })` the Android JavascriptInterface (`LendviewAndroid`, which
 * receives JSON text; docs/bridge.md), or with `bridgeHost: 'browser'` none (a plain browser). And a list of the uncaught page errors, which a test may check is empty.
 *
 * Every test fails on a hydration problem (HYDRATION_PROBLEM) and on a same-origin image, script, stylesheet or
 * font that answered 4xx/5xx (a broken picture, a remote that did not load). API calls are not checked here: many
 * tests provoke refusals (400, 401, 409 envelopes) that the page handles. A test that breaks a subresource on
 * purpose (a remote answering 500 to show the retry panel) says so: `allowFailedResources.push(/remoteEntry\.js/)`.
 */
export const test = base.extend<{ pageErrors: string[]; bridgeHost: 'ios' | 'android' | 'browser'; allowFailedResources: RegExp[] }>({
  bridgeHost: ['ios', { option: true }],
  // Playwright reads a fixture's dependencies from its first parameter's destructuring: this one has none.
  // eslint-disable-next-line no-empty-pattern
  allowFailedResources: async ({}, use) => {
    await use([]);
  },
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await use(errors);
  },
  page: async ({ page, bridgeHost, allowFailedResources }, use) => {
    // Server-rendered pages hydrate (issue 14): React recovers from a mismatch by rendering afresh, so nothing but
    // these messages shows it. No test may see one.
    const hydration: string[] = [];
    page.on('console', (m) => {
      if (HYDRATION_PROBLEM.test(m.text())) hydration.push(m.text());
    });
    page.on('pageerror', (e) => {
      if (HYDRATION_PROBLEM.test(String(e))) hydration.push(String(e));
    });
    const failedResources: { url: string; text: string }[] = [];
    page.on('response', (r) => {
      const type = r.request().resourceType();
      if (r.status() < 400 || !SUBRESOURCE_TYPES.has(type)) return;
      // Same-origin: the page's own server (cluster.spec.ts's pages are on servers of their own).
      if (!URL.canParse(page.url()) || new URL(r.url()).origin !== new URL(page.url()).origin) return;
      failedResources.push({ url: r.url(), text: `${r.status()} ${type} ${r.url()}` });
    });
    // 'browser': no native host at all, a plain browser (issue 40: no control may be inert there).
    if (bridgeHost !== 'browser') await fakeBridgeHost(page, bridgeHost);
    // A server-rendered page is inert until the shell has hydrated it (a tap before would be lost): a test, like a
    // borrower, acts on it once it answers.
    const live = async <T>(response: T) => {
      await untilLive(page);
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => live(await goto(url, options));
    page.reload = async (options) => live(await reload(options));
    await use(page);
    expect(hydration, `hydration warnings on ${page.url()}`).toEqual([]);
    const unexpected = failedResources.filter((f) => !allowFailedResources.some((p) => p.test(f.url))).map((f) => f.text);
    expect(unexpected, `failed images, scripts, stylesheets or fonts on ${page.url()}`).toEqual([]);
  },
});

export { expect };

/** The fake native host every test page gets (the `page` fixture): it records the bridge calls in `window.__bridge`. */
export async function fakeBridgeHost(page: Page, host: 'ios' | 'android' = 'ios'): Promise<void> {
  await page.addInitScript((kind) => {
    const w = window as unknown as { __bridge: unknown[]; webkit: unknown; LendviewAndroid: unknown };
    w.__bridge = [];
    if (kind === 'android') {
      w.LendviewAndroid = {
        postMessage: (json: string) => w.__bridge.push({ handler: 'LendviewAndroid', message: JSON.parse(json) as unknown }),
      };
      return;
    }
    w.webkit = {
      messageHandlers: new Proxy(
        {},
        { get: (_, handler) => ({ postMessage: (message: unknown) => w.__bridge.push({ handler: String(handler), message }) }) },
      ),
    };
  }, host);
}

/** The page is live: the shell has hydrated the server-rendered markup (it stays inert until then), or rendered its own. */
export async function untilLive(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root[inert]'), undefined, { timeout: 30_000 });
}

export async function bridgeCalls(page: Page): Promise<BridgeCall[]> {
  return page.evaluate(() => (window as unknown as { __bridge: BridgeCall[] }).__bridge);
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Measured once the page has settled: a sheet or dialog fading in is checked at its final colours, not at
  // whatever frame of its opening animation the check happens to land on (contrast mid-fade is not what a
  // borrower reads). Infinite animations (a spinner) are not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}

/** A real borrower session through the login endpoints and the demo SMS outbox. */
export async function loginAs(request: APIRequestContext, phone: string): Promise<string> {
  const sent = await request.post('/v3/login/send-code', { form: { phone } });
  expect((await jsonOf(sent)).code).toBe('00');
  const outbox = await jsonOf<Outbox>(await request.get(`/dev/sms-outbox?phone=${phone}`));
  const text = outbox.data.messages[0]!.body;
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, `a 6-digit code in "${text}"`).toBeTruthy();
  const login = await request.post('/v3/login/sms-login', { form: { phone, smsCode: code! } });
  const body = await jsonOf<Envelope<{ tok: string }>>(login);
  expect(body.code).toBe('00');
  return body.data.tok;
}

/** The API's answer (spec 8). */
export interface Envelope<T> {
  code: string | number;
  data: T;
  message: string;
}

/** A response's JSON as the shape the test reads (Playwright's json() is untyped). */
export async function jsonOf<T = Envelope<unknown>>(res: { json(): Promise<unknown> }): Promise<T> {
  return (await res.json()) as T;
}

/** The demo SMS outbox of a phone (GET /dev/sms-outbox, demo mode only). */
export type Outbox = Envelope<{ messages: { body: string; purpose: string }[] }>;

/** Kinds of POST /dev/fixtures/order (apps/api/src/routes/dev/fixtures.ts): which demo order the new one copies. */
export type OrderKind =
  | 'early' // 170 on day 30 of 91 (DEMO-170): a full repayment is refused as too early
  | 'repayable' // 170 on day 60 of 91 (DEMO-HALF): repayable in full
  | 'instalment' // 170 with four instalments (DEMO-INST)
  | 'extendable' // 174, due in 2 days, extension offered (DEMO-174)
  | 'overdue' // 180, 40 days late, extension offered (DEMO-180)
  | 'settled' // 200 (DEMO-200)
  | 'legacy' // legacy card repayment, status 3, past half its term (DEMO-3)
  | 'legacyOverdue' // 5 (DEMO-5)
  | 'legacySettled' // 4 (DEMO-4)
  | 'coolingOff'; // 170 disbursed today, processing fee 1 %: its cooling-off exit is open (DEMO-COOL, issue 18 item 2)

export interface OrderFixture {
  /** Session token of the fixture's borrower. */
  tok: string;
  /** That borrower's phone (its SMS codes are in /dev/sms-outbox). */
  phone: string;
  orderNo: string;
  productId: number;
  status: number;
  /** Last four digits of the borrower's two cards: the one whose charge needs an SMS code, the one charged at once. */
  cards: { otp: string; direct: string };
}

/**
 * A borrower and an order of this test's own (demo mode only): a fresh borrower like the demo borrower (repeat
 * client, the demo bank cards) with its own session and one order in `kind`'s state. Tests that change an order
 * (pay, confirm, complain, rate, bind a card) use these, never the shared DEMO-* orders, so that no other test sees
 * the change and the files run on parallel workers. `tok`: add the order to that fixture borrower instead;
 * `rated`: the borrower has rated the app already (settled orders do not open the rating modal); `disbursedDaysAgo`
 * (issue 18 item 2): the loan was paid out that many days before now instead of the demo order's day (e.g. a
 * coolingOff loan on the last day of its exit, 3, or just after it, 4).
 */
export async function newOrder(
  request: APIRequestContext,
  kind: OrderKind,
  options: { tok?: string; rated?: boolean; disbursedDaysAgo?: number } = {},
): Promise<OrderFixture> {
  const res = await request.post('/dev/fixtures/order', {
    form: {
      kind,
      ...(options.tok ? { tok: options.tok } : {}),
      ...(options.rated ? { rated: '1' } : {}),
      ...(options.disbursedDaysAgo !== undefined ? { disbursedDaysAgo: String(options.disbursedDaysAgo) } : {}),
    },
  });
  const body = (await res.json()) as Envelope<OrderFixture>;
  expect(body.code, `POST /dev/fixtures/order ${kind}: ${body.message}`).toBe('00');
  return body.data;
}

/**
 * Lets the page finish what it has queued (a render React scheduled after a timer fired) without waiting any
 * fixed time: a message posted on a fresh MessageChannel is delivered after the tasks already queued. Used after
 * `page.clock.runFor()` before checking that nothing appeared (Playwright's clock fakes timers, not
 * MessageChannel, which React's scheduler uses).
 */
export async function flushPageTasks(page: Page): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

/** A call of the API as the e2e tests name it: the route's name (its React Query key) and its path (@lendview/contracts). */
export interface RouteName {
  name: string;
  path: string;
}

/**
 * Opens `url` and gives the answer to the page's first call of `route`. A page the browser renders makes that call
 * itself; a server-rendered page (issue 14) came with the data of the call the server made for it in process (kept
 * as the page's React Query state in #lv-ssr), and the browser does not ask again. The server keeps only successful
 * answers (a failed one is left to the browser), so the data found there was answered with the success code.
 */
export async function openWithAnswer<T>(page: Page, url: string, route: RouteName, successCode = '00'): Promise<Envelope<T>> {
  const answers: { json(): Promise<unknown> }[] = [];
  const onResponse = (r: { url(): string; json(): Promise<unknown> }) => {
    if (new URL(r.url()).pathname === route.path) answers.push(r);
  };
  page.on('response', onResponse);
  try {
    await page.goto(url);
    const fromServer = await page.evaluate((name) => {
      const text = document.getElementById('lv-ssr')?.textContent;
      if (!text) return null;
      const ssr = JSON.parse(text) as { queries: { queries: { queryKey: unknown[]; state: { status: string; data: unknown } }[] } };
      const query = ssr.queries.queries.find((q) => q.queryKey.includes(name) && q.state.status === 'success');
      return query ? { data: query.state.data } : null;
    }, route.name);
    if (fromServer) return { code: successCode, data: fromServer.data as T, message: '' };
    await expect.poll(() => answers.length, { message: `the page's call of ${route.path}` }).toBeGreaterThan(0);
    return jsonOf<Envelope<T>>(answers[0]!);
  } finally {
    page.off('response', onResponse);
  }
}

/**
 * Pages matching `url` come as the browser renders them itself: the server-rendered markup and its data (issue 14)
 * are taken out of the HTML on the way, so the page makes its own API calls, which the test can then intercept
 * (the same page a client gets when the server's render goes over its time budget).
 */
export async function clientRendered(page: Page, url: string | RegExp | ((url: URL) => boolean)): Promise<void> {
  await page.route(url, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const res = await route.fetch();
    const html = (await res.text())
      .replace(
        /<div id="root" inert>[\s\S]*<\/div><script id="lv-ssr" type="application\/json">[\s\S]*?<\/script>/,
        '<div id="root"></div>',
      )
      // The scripts as tags again, started at once, as on a page sent without rendered markup (apps/api/src/ssr/after-paint.ts).
      .replace(/<script id="lv-scripts" type="application\/json">([\s\S]*?)<\/script><script>[\s\S]*?<\/script>/, (_, json: string) =>
        (JSON.parse(json) as ({ module: string } | { preload: string } | { style: string })[])
          .map((item) =>
            'module' in item
              ? `<script type="module" crossorigin src="${item.module}"></script>`
              : 'style' in item
                ? `<link rel="stylesheet" crossorigin href="${item.style}">`
                : `<link rel="modulepreload" href="${item.preload}" crossorigin>`,
          )
          .join(''),
      );
    await route.fulfill({ response: res, body: html });
  });
}

/**
 * Issue 40: a toast never covers the control it talks about (it went in the middle of the screen, over a dialog's
 * stars and the landing's fields). Compares the boxes on screen now.
 */
export async function expectNotCovered(page: Page, control: Locator, by: Locator = page.locator('.lv-toast')): Promise<void> {
  const [a, b] = [await control.boundingBox(), await by.boundingBox()];
  expect(a, 'the control is on screen').not.toBeNull();
  expect(b, 'the toast is on screen').not.toBeNull();
  const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap, `toast ${JSON.stringify(b)} over the control ${JSON.stringify(a)}`).toBe(false);
}
