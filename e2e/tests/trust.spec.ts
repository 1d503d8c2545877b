import type { Browser, Page, Route } from '@playwright/test';
import { type Outbox, bridgeCalls, expect, jsonOf, newOrder, test } from './fixtures.ts';

// Issue 12, items 1 and 10, end to end against the real server and its demo data:
// - the borrower's session never reaches a partner: tapping a partner product on /relevant, /loanDetails and
//   /error opens the partner URL with a one-time joint-login code and none of our shared parameters;
// - an expired or unknown session is the bridge's backToLogin in the app, and a "log in again" screen in a
//   browser (never a dead Retry), from which an SMS login brings the page back.

const BORROWER = 'demo-borrower';
const DEVICE = 'device-e2e-7f3a';
const SHARED = ['dId', 'aMar', 'aVer', 'tok', 'aTp', 'dNa', 'oVer', 'gid', 'pf'];
const Q = `tok=${BORROWER}&dId=${DEVICE}&aVer=3.4.0&gid=ad-e2e&pf=ios&isNeedPop=1`;

/** Intercepts every navigation to a partner host (*.example.com) and records the URLs the browser asked for. */
async function partnerHosts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.route('https://*.example.com/**', (route: Route) => {
    seen.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Partner</title><h1>Partner</h1>' });
  });
  return seen;
}

/** The partner URL carries the one-time code and nothing of ours (by name or by value). */
function expectNoSession(url: string) {
  const parsed = new URL(url);
  expect(parsed.hostname.endsWith('.example.com'), url).toBe(true);
  for (const name of SHARED) expect(parsed.searchParams.has(name), `${name} in ${url}`).toBe(false);
  expect(url).not.toContain(BORROWER);
  expect(url).not.toContain(DEVICE);
  expect(parsed.searchParams.get('lvCode'), url).toMatch(/^[\w-]{43}$/);
}

test('/relevant: a partner product opens the partner with a one-time code, never the session', async ({ page }) => {
  const seen = await partnerHosts(page);
  await page.goto(`/relevant?scene=banner_jingzhun&${Q}`);
  const card = page.getByTestId('product-card').filter({ hasText: 'Kredit Pintar Plus' });
  await card.getByRole('button').click();
  await page.waitForURL(/^https:\/\/kredit-pintar\.example\.com\//);
  expect(seen).toHaveLength(1);
  expectNoSession(seen[0]!);
  expectNoSession(page.url());
});

test('/loanDetails: a recommended partner product opens the partner without the session', async ({ page }) => {
  const seen = await partnerHosts(page);
  // DEMO-21 is under review: its page shows recommendations (hidden for 170/174/180/200).
  await page.goto(`/loanDetails?productId=1&orderId=DEMO-21&${Q}`);
  const recs = page.getByTestId('recommendations');
  await expect(recs).toBeVisible();
  await recs.getByTestId('product-card').filter({ hasText: 'Dana Kilat' }).getByRole('button').click();
  await page.waitForURL(/^https:\/\/dana-kilat\.example\.com\//);
  expect(seen).toHaveLength(1);
  expectNoSession(seen[0]!);
});

test('/error: the joint-login failure list opens the partner without the session', async ({ page }) => {
  const seen = await partnerHosts(page);
  await page.goto(`/error?reason=partner_timeout&${Q}`);
  await page.getByTestId('stand-product').first().getByRole('button').click();
  await page.waitForURL(/^https:\/\/[^/]+\.example\.com\//);
  expect(seen).toHaveLength(1);
  expectNoSession(seen[0]!);
});

test('in the app, an unknown session posts backToLogin to the native bridge (once) and shows the screen', async ({ page }) => {
  await page.goto('/loanDetails?productId=1&orderId=DEMO-170&tok=no-such-session&isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeVisible();
  await expect.poll(async () => (await bridgeCalls(page)).map((c) => c.message)).toContainEqual({ action: 'backToLogin' });
  expect((await bridgeCalls(page)).filter((c) => c.message.action === 'backToLogin')).toHaveLength(1);
  expect((await bridgeCalls(page))[0]!.handler).toBe('lendview');
  // The button asks the native login again.
  await page.getByRole('button', { name: 'Log in again' }).click();
  expect((await bridgeCalls(page)).filter((c) => c.message.action === 'backToLogin')).toHaveLength(2);
});

/** A plain mobile browser: no native bridge. */
async function browserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

test('in a browser, an unknown session shows "log in again" (en and id), never a Retry; an SMS login brings the page back', async ({
  browser,
  request,
}) => {
  // A borrower of this test's own logs in (SMS codes are limited per phone: no other test asks for this one's).
  const mine = await newOrder(request, 'early');
  const page = await browserPage(browser);
  await page.goto(`/loanDetails?productId=1&orderId=${mine.orderNo}&tok=no-such-session&isNeedPop=0`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sesi Anda telah berakhir' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Masuk kembali' })).toBeVisible();
  await expect(page.getByRole('button', { name: /coba lagi|retry/i })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/loanDetails');

  await page.goto(`/loanDetails?productId=1&orderId=${mine.orderNo}&tok=no-such-session&isNeedPop=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeVisible();
  await expect(page.getByRole('button', { name: /retry/i })).toHaveCount(0);

  // Log in again, as the owner of the order, with the code from the demo outbox.
  const phone = mine.phone;
  await page.getByRole('button', { name: 'Log in again' }).click();
  await page.getByLabel('Phone number').fill(phone);
  const sent = page.waitForResponse((r) => r.url().includes('/v3/login/send-code'));
  await page.getByRole('button', { name: 'Send code' }).click();
  expect((await jsonOf(await sent)).code).toBe('00');
  const outbox = await jsonOf<Outbox>(await request.get(`/dev/sms-outbox?phone=${phone}`));
  const code = /\b(\d{6})\b/.exec(outbox.data.messages[0]!.body)![1]!;
  await page.getByLabel('SMS verification code').fill(code);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/loanDetails' && url.searchParams.get('tok') !== 'no-such-session');
  await expect(page.getByRole('heading', { level: 1, name: 'Your session has ended' })).toHaveCount(0);
  await expect(page.locator('.ld-status__headline')).toBeVisible();
  await page.context().close();
});
