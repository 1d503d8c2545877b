import { bridgeCalls, expect, newOrder, test } from './fixtures.ts';

// Server rendering (issue 14; docs/performance.md "Server rendering"): the loan card is in the HTML the server
// sends, the browser hydrates it without asking the API again, and the page then works as before. The budget
// (SSR_BUDGET_MS) lets a page go out client-rendered on a busy machine, so the HTML is asked for until one came
// server-rendered. Server rendering is on by default, so this runs on the suite's own server (global-setup.ts).

const base = process.env.E2E_BASE_URL!;

const LOAN_PATH = '/loanDetails?tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-170';

async function serverRendered(request: import('@playwright/test').APIRequestContext, path: string): Promise<string> {
  const url = `${base}${path}`;
  for (let i = 0; i < 30; i++) {
    const res = await request.get(url, { headers: { accept: 'text/html' } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    if (html.includes('id="lv-ssr"')) return html;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never came server-rendered`);
}

test.describe.configure({ mode: 'serial' });

test('the loan card is in the server-sent HTML, with its data for hydration and no token', async ({ request }) => {
  const html = await serverRendered(request, LOAN_PATH);
  const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script id="lv-ssr"'));
  expect(root).toContain('Loan details');
  expect(root).toContain('Repay');
  expect(root).toContain('LendView Cepat');
  expect(root).toContain('₹2,613,750');
  // DEMO-170 cannot be repaid early yet (spec 9) and is a single-payment loan: its instalment-plan refusal is data
  // (null), so the server draws Repay as the browser will, marked disabled, and sends that answer for hydration.
  expect(root).toMatch(/<button aria-disabled="true" aria-describedby="ld-early-repay"[^>]*><span class="lv-button__label">Repay</);
  expect(html).toContain('"queryHash":"[\\"loan-details\\",\\"en\\",\\"loanPlayDetail\\"');
  expect(html).not.toContain('demo-borrower');
  // The shell's and the remote's stylesheets are in the head itself: the markup is styled at first paint, with no
  // stylesheet to fetch before it. Only the rules the markup can use (apps/api/src/ssr/critical-css.ts): not the
  // toast's or the dialog's, which come with the whole sheets after the first paint.
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('.ld-');
  expect(head).toContain('.lv-page');
  expect(head).not.toContain('.lv-toast');
  expect(head).not.toContain('.lv-modal');
  expect(head).not.toMatch(/<link rel="stylesheet"/);
  // The scripts come after the markup (nothing downloads beside it while the server renders), the remote's preloaded,
  // as a list that the after-paint script starts after the first paint (apps/api/src/ssr/after-paint.ts).
  expect(head).not.toContain('<script');
  expect(head).not.toContain('modulepreload');
  expect(html).not.toContain('<script type="module"');
  const tail = html.slice(html.indexOf('<script id="lv-ssr"'));
  const list = JSON.parse(/<script id="lv-scripts" type="application\/json">(.*?)<\/script>/.exec(tail)![1]!) as Record<string, string>[];
  // First the whole stylesheets, the shell's then the remote's, then the shell's module script.
  const styles = list.filter((i) => i.style).map((i) => i.style);
  expect(list.slice(0, styles.length).every((i) => i.style)).toBe(true);
  expect(styles[0]).toMatch(/^\/assets\/[^"]+\.css$/);
  expect(styles.slice(1).every((s) => /^\/remotes\/loan-details\/[^/]+\/assets\/[^"]+\.css$/.test(s!))).toBe(true);
  expect(list[styles.length]!.module).toMatch(/^\/assets\/[^"]+\.js$/);
  expect(list.map((i) => i.preload ?? '')).toContainEqual(expect.stringMatching(/^\/remotes\/loan-details\/[^/]+\/remoteEntry\.js$/));
  // The after-paint loader is inline (allowed by its hash in this page's CSP): no request before the first paint.
  expect(tail).toContain("</script><script>(function () {\n  var data = document.getElementById('lv-scripts');");
});

test('in Indonesian too, by the page language rule', async ({ request }) => {
  const html = await serverRendered(request, LOAN_PATH.replace('isNeedPop=1', 'isNeedPop=0'));
  const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script id="lv-ssr"'));
  expect(root).toContain('Detail pinjaman');
  expect(root).not.toContain('Loan details');
});

test('hydration: the page answers taps without asking the API for the loan again, and no hydration warning', async ({
  page,
  request,
  pageErrors,
}) => {
  await serverRendered(request, LOAN_PATH);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v3/loan-details/detail') || r.url().includes('/v3/installment/loan-play-detail')) calls.push(r.url());
  });
  let ssr = false;
  for (let i = 0; i < 5 && !ssr; i++) {
    const res = await page.goto(`${base}${LOAN_PATH}`);
    ssr = ((await res?.text()) ?? '').includes('id="lv-ssr"');
  }
  expect(ssr, 'a server-rendered page in the browser').toBe(true);
  await expect(page.getByRole('heading', { name: 'Loan details' })).toBeVisible();
  // Hydrated: React handles the tap (the product row opens the product through the app's bridge). Before hydration
  // the server's button does nothing, so this waits for it.
  await expect(async () => {
    await page.getByRole('button', { name: /View product details/ }).click();
    expect((await bridgeCalls(page)).map((c) => c.message.action)).toContain('openPageWithParam');
  }).toPass({ timeout: 15_000 });
  await page.waitForTimeout(500);
  expect(calls, 'the loan details and the instalment plan were not fetched again').toEqual([]);
  // Repay stays as the server drew it (marked disabled), not enabled until the browser's own call is refused.
  await expect(page.getByRole('button', { name: 'Repay' })).toHaveAttribute('aria-disabled', 'true');
  expect(pageErrors).toEqual([]);
  // The whole stylesheets came after the first paint, before the shell's script, and are loaded: what a script shows
  // later (a dialog, a toast) has its rules, which the page's own <style> did not carry.
  const sheets = await page.evaluate(() => {
    const inHead = Array.from(document.head.children);
    const links = inHead.filter((el): el is HTMLLinkElement => el instanceof HTMLLinkElement && el.rel === 'stylesheet');
    const script = inHead.findIndex((el) => el instanceof HTMLScriptElement && el.type === 'module');
    const rules = Array.from(document.styleSheets).flatMap((sheet) =>
      Array.from(sheet.cssRules).map((r) => (r as CSSStyleRule).selectorText ?? ''),
    );
    return {
      links: links.length,
      loaded: links.every((l) => l.sheet !== null),
      beforeScript: links.every((l) => inHead.indexOf(l) < script),
      modal: rules.some((r) => r.includes('.lv-modal')),
      toast: rules.some((r) => r.includes('.lv-toast')),
    };
  });
  expect(sheets).toEqual({ links: expect.any(Number), loaded: true, beforeScript: true, modal: true, toast: true });
  expect(sheets.links).toBeGreaterThanOrEqual(2);
});

/**
 * Opens `path` in the browser until it came server-rendered (the budget may send it client-rendered on a busy
 * machine), and waits until the page is idle; the HTML the server sent.
 */
async function openServerRendered(page: import('@playwright/test').Page, path: string): Promise<string> {
  let sent = '';
  for (let i = 0; i < 10 && !sent.includes('id="lv-ssr"'); i++) sent = (await (await page.goto(`${base}${path}`))?.text()) ?? '';
  expect(sent, `${path} came server-rendered`).toContain('id="lv-ssr"');
  await page.waitForLoadState('networkidle');
  return sent;
}

/**
 * #root as the server sent it in `html` (read by the browser's own parser) and as the page shows it now. Left out:
 * comments (React's boundaries), `inert` (lifted once hydrated) and `aria-busy`; `later` (a pattern), what only the
 * browser draws, is replaced by "(later)" on both sides.
 */
function servedAndShown(page: import('@playwright/test').Page, html: string, later?: RegExp): Promise<{ served: string; shown: string }> {
  return page.evaluate(
    ([sent, laterSource]) => {
      const norm = (h: string) => {
        const out = h
          .replace(/<!--[\s\S]*?-->/g, '')
          .replace(/\s(inert|aria-busy)(="[^"]*")?/g, '')
          .replace(/ style=""/g, '');
        return laterSource ? out.replace(new RegExp(laterSource), '(later)') : out;
      };
      const root = new DOMParser().parseFromString(sent, 'text/html').getElementById('root');
      return { served: norm(root?.innerHTML ?? ''), shown: norm(document.getElementById('root')?.innerHTML ?? '') };
    },
    [html, later?.source ?? ''] as const,
  );
}

// A page that hydrates and then redraws (a query the server could not send, asked again by the browser) shows the
// borrower one thing and then another, with no hydration warning: Repay on DEMO-170 did (docs/performance.md
// "Repay"). For each server-rendered page: the markup the server sent against the page once hydrated and idle, in
// the same load.
const SAME_AS_SERVED = [
  '/loanDetails?tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-170',
  '/loanDetails?tok=demo-borrower&isNeedPop=0&productId=1&orderId=DEMO-170',
  '/loanDetails?tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-INST',
  '/loanDetails?tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-174',
  '/loanDetails?tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-200',
  '/loanDetails?tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-COOL',
  '/loanDetails?tok=demo-borrower&isNeedPop=1&productId=2&orderId=DEMO-H5',
  '/installment?tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-INST',
  '/repayDelay?tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-174',
  '/complainNewPage?tok=demo-borrower&isNeedPop=1',
  '/complaintList?tok=demo-borrower&isNeedPop=1',
  '/?isNeedPop=1',
  '/?isNeedPop=0',
  '/About?isNeedPop=1',
  '/loanTerms?isNeedPop=1',
];

test('every server-rendered page, once hydrated, shows exactly what the server drew', async ({ page, pageErrors }) => {
  for (const path of SAME_AS_SERVED) {
    const sent = await openServerRendered(page, path);
    const { served, shown } = await servedAndShown(page, sent);
    expect(served.length, `${path}: the server drew the page`).toBeGreaterThan(500);
    expect(shown, `${path}: the hydrated page`).toBe(served);
  }
  expect(pageErrors).toEqual([]);
});

// The page's <style> has the rules its markup uses, in their final order; the whole stylesheets (the shell's, then the
// remote's) come after the first paint. Applied one by one, the shell's sheet overrode the remote's rules until the
// remote's sheet came: /complainNewPage's order card shrank by 12 px and grew back (CLS 0.013 in Lighthouse). They
// now load unapplied and apply together (apps/api/src/ssr/after-paint.ts). Held here: the remote's sheets.

/** Records the page's layout shifts, with what moved, from its first paint (for the failure message). */
async function watchShifts(page: import('@playwright/test').Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; at: number; moved: string[] }[] = [];
    (window as unknown as { lvShifts: typeof shifts }).lvShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as {
          value: number;
          sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        shifts.push({
          value: shift.value,
          at: Math.round(entry.startTime),
          moved: (shift.sources ?? []).map(
            (s) =>
              `${s.node?.nodeName ?? '?'}.${(s.node as Element | undefined)?.className ?? ''} ` +
              `${s.previousRect.y}→${s.currentRect.y} (${s.previousRect.height}→${s.currentRect.height} high)`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function expectNoShift(page: import('@playwright/test').Page): Promise<void> {
  const shifts = await page.evaluate(() => (window as unknown as { lvShifts: { value: number }[] }).lvShifts);
  expect(shifts, 'layout shifts, with what moved').toEqual([]);
}

type Sheet = { remote: boolean; loaded: boolean; media: string };

/** Holds the remote's stylesheets until `release`; `sheets` lists the page's stylesheets as they are now. */
function heldSheets(page: import('@playwright/test').Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = page.route(/\/remotes\/complaint-chatbot\/[^?]*\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  const sheets = (): Promise<Sheet[]> =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((l) => ({
        remote: l.href.includes('/remotes/'),
        loaded: l.sheet !== null,
        media: l.media,
      })),
    );
  return { hold, release, sheets };
}

const COMPLAINT_FORM = '/complainNewPage?tok=demo-borrower&isNeedPop=1';

/** The form page's own goto, not the fixture's page.goto (which waits for hydration, and hydration may wait for the
 * held sheets). 'domcontentloaded': the load event waits for them too. */
async function openHeld(page: import('@playwright/test').Page): Promise<import('@playwright/test').Response | null> {
  let response: import('@playwright/test').Response | null = null;
  for (let i = 0; i < 10; i++) {
    response = await page.mainFrame().goto(`${base}${COMPLAINT_FORM}`, { waitUntil: 'domcontentloaded' });
    if ((await page.locator('#lv-ssr').count()) > 0) break;
  }
  expect(await page.locator('#lv-ssr').count(), `${COMPLAINT_FORM} came server-rendered`).toBe(1);
  return response;
}

/**
 * What both tests check once the sheets are held: none applied meanwhile (a remote one still loading); released, all
 * apply, nothing on the page moved, and the page is the one the server drew, hydrated.
 */
async function releaseAndCheck(
  page: import('@playwright/test').Page,
  { release, sheets }: ReturnType<typeof heldSheets>,
  meanwhile: Sheet[],
  response: import('@playwright/test').Response | null,
): Promise<void> {
  expect(
    meanwhile.some((l) => l.remote && !l.loaded),
    'a remote sheet is still held',
  ).toBe(true);
  expect(meanwhile.map((l) => l.media)).toEqual(meanwhile.map(() => 'print'));
  release();
  await expect.poll(async () => (await sheets()).every((l) => l.loaded && l.media === 'all')).toBe(true);
  await page.waitForLoadState('networkidle');
  await expectNoShift(page);
  const { served, shown } = await servedAndShown(page, (await response?.text()) ?? '');
  expect(served.length).toBeGreaterThan(500);
  expect(shown).toBe(served);
}

test('the whole stylesheets apply at once: a late one moves nothing on the page', async ({ page, pageErrors }) => {
  const held = heldSheets(page);
  const { sheets } = held;
  await held.hold;
  await watchShifts(page);
  const sincePaint = () =>
    page.evaluate(() => performance.now() - (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0));
  // Checked before the loader starts the scripts anyway (3 s after the first paint): a load too slow for that (a busy
  // machine) is made again. The other test holds the sheets past that.
  let response: import('@playwright/test').Response | null = null;
  let meanwhile: Sheet[] = [];
  let late = Infinity;
  for (let attempt = 0; attempt < 3 && late >= 2500; attempt++) {
    response = await openHeld(page);
    // The shell's sheet has loaded, the remote's are held: nothing applies yet.
    await expect.poll(async () => (await sheets()).some((l) => !l.remote && l.loaded)).toBe(true);
    await page.waitForTimeout(300);
    meanwhile = await sheets();
    late = await sincePaint();
  }
  expect(late, 'checked before the loader starts the scripts anyway').toBeLessThan(2500);
  await releaseAndCheck(page, held, meanwhile, response);
  expect(pageErrors).toEqual([]);
});

// A sheet slower than the loader's 3 s: the scripts start (the page becomes interactive) without it, and the sheets
// still wait for each other. Before, the fallback applied the shell's sheet alone: the 12 px shrink and growth above,
// seen on a busy CI machine.
test('… even when the scripts start first: a sheet slower than 3 s still applies with the others', async ({ page, pageErrors }) => {
  const held = heldSheets(page);
  await held.hold;
  await watchShifts(page);
  const response = await openHeld(page);
  // The scripts started (the fallback), the form hydrated, and the sheets are all still unapplied.
  await expect.poll(() => page.locator('script[type="module"][src]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert', { timeout: 15_000 });
  await releaseAndCheck(page, held, await held.sheets(), response);
  expect(pageErrors).toEqual([]);
});

// /landing, the ad landing without the shell (apps/api/src/routes/landing): server-rendered with the landing build's
// own tree (packages/ui/src/standalone.tsx hydrates it), so ad traffic sees the headline and the form with the page's
// first bytes. The captcha is the one thing drawn later: it is issued per visit, by the browser.
test('/landing: the headline and the form are in the server-sent HTML, hydrated as drawn, the template not asked again', async ({
  page,
  request,
  pageErrors,
}) => {
  const path = '/landing?templateId=1&isNeedPop=1&app_from=e2e';
  const html = await serverRendered(request, path);
  const head = html.slice(0, html.indexOf('<div id="root"'));
  expect(html).toContain('<div id="root" inert>');
  // The template's English headline (the editor's e2e may have published another one for template 1 meanwhile).
  const data = JSON.parse(html.match(/<script id="lv-ssr" type="application\/json">([^<]*)<\/script>/)![1]!) as {
    lang: string;
    queries: { queries: { queryHash: string; state: { data: { headline: { en: string } } } }[] };
  };
  expect(data.lang).toBe('en');
  const landing = data.queries.queries.find((q) => q.queryHash.includes('channelTemplate'))!.state.data;
  expect(landing.headline.en.length).toBeGreaterThan(0);
  expect(html).toContain(`<h1 class="pr-hero__headline">${landing.headline.en}</h1>`);
  expect(head).toContain('<html lang="en">');
  // Nothing in the head starts a download before the markup: the scripts follow it (the after-paint loader).
  expect(head).not.toMatch(/<script type="module"|rel="modulepreload"|rel="stylesheet"/);
  expect(html).toContain('<script id="lv-scripts" type="application/json">');
  // The template is in the page's data, once: not also as the client-rendered page's template element.
  expect(html).not.toContain('id="lv-landing-template"');

  const templates: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/channel/channel-template')) templates.push(r.url());
  });
  const sent = await openServerRendered(page, path);
  const { served, shown } = await servedAndShown(
    page,
    sent,
    /<span class="pr-captcha__placeholder">[^<]*<\/span>|<img class="pr-captcha__img"[^>]*>/,
  );
  expect(served, 'the captcha is drawn by the browser').toContain('(later)');
  expect(shown).toBe(served);
  expect(templates, 'the template came with the page').toEqual([]);
  // Live: the visitor types, and the captcha the browser asked for is shown.
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('81234567890');
  await expect(page.getByRole('textbox', { name: 'Mobile number', exact: true })).toHaveValue('81234567890');
  await expect(page.locator('img.pr-captcha__img')).toBeVisible();
  expect(pageErrors).toEqual([]);
});

// The server never sees an address's #hash: a server-rendered /promo or /landing opened at #/agreementTemplate hydrates
// as the landing it drew and then shows the agreement (apps/promotion-registration/src/lib/use-hydrating.ts). The
// page fixture fails the test on any hydration warning.
test('/promo and /landing opened at a hash route: hydrated without a warning, then the agreement', async ({
  page,
  request,
  pageErrors,
}) => {
  for (const path of ['/promo?templateId=1&isNeedPop=1', '/landing?templateId=1&isNeedPop=1']) {
    await serverRendered(request, path);
    await page.goto(`${base}${path}#/agreementTemplate?app_from=e2e`);
    await expect(page.getByRole('heading', { level: 1, name: 'Registration and privacy agreement' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to registration' }).click();
    await expect(page.getByRole('textbox', { name: 'Mobile number', exact: true })).toBeVisible();
  }
  expect(pageErrors).toEqual([]);
});

// A payment's time is drawn by the server (in its own zone, UTC here) and again by the borrower's phone when it
// hydrates: both show it in the market's time of the page's language (English: India, UTC+5:30; packages/i18n
// date.ts), whatever zone the phone is in, so the two agree. Before, the phone drew its own zone's time: a hydration
// mismatch on every paid loan of a borrower whose phone was not in the server's zone.
test.describe('a paid loan opened on a phone in another time zone than the server', () => {
  test.use({ timezoneId: 'America/Sao_Paulo' });

  test("hydrates without a warning, the payment's time in India's time", async ({ page, request, pageErrors }) => {
    const order = await newOrder(request, 'repayable');
    const q = new URLSearchParams({ tok: order.tok, isNeedPop: '1', productId: String(order.productId), orderId: order.orderNo });
    const headers = { 'X-Requested-With': 'XMLHttpRequest', 'x-lv-token': order.tok };
    const ids = { productId: String(order.productId), orderId: order.orderNo };
    const detail = await request.post('/v3/loan-details/detail', { headers, form: ids });
    const amount = ((await detail.json()) as { data: { amount: number } }).data.amount;
    const code = await request.post('/v3/loan-details/generate-vcode', {
      headers,
      form: {
        ...ids,
        amount: String(amount),
        payCode: 'BCA',
        pay_type: '1',
        is_default: '1',
        is_display: '1',
        specific_num: '',
        repayType: 'full',
        periods: '1',
      },
    });
    const issued = (await code.json()) as { code: string; data: { vcode: string } | null; message: string };
    expect(issued.code, issued.message).toBe('00');
    const vcode = issued.data!.vcode;
    const paid = await request.post(`/dev/payments/simulate?tok=${order.tok}`, { form: { vcode } });
    expect(((await paid.json()) as { code: string }).code).toBe('00');

    const path = `/loanDetails?${q}`;
    const html = await serverRendered(request, path);
    const paidAt = /"paidAt":"([^"]+)"/.exec(html)?.[1];
    expect(paidAt, 'the receipt came with the page').toBeTruthy();
    const india = new Date(new Date(paidAt!).getTime() + 330 * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    expect(html).toContain(india);
    await page.goto(`${base}${path}`);
    await expect(page.getByText(india).first()).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});

// /that (issue 33): a first visit's payment code is issued by the page's server render (vcode-for-page: generate-vcode's
// rules, one live code per order, method and amount), so the code is in the page's first bytes and the browser, which
// hydrates with it, asks for none; a reload shows the same code. Spec 9's refusal comes in the HTML the same way.
test('/that: the first load has the code in the server-sent HTML, the browser asks for none; a reload has the same code', async ({
  page,
  request,
  pageErrors,
}) => {
  const order = await newOrder(request, 'repayable');
  const headers = { 'X-Requested-With': 'XMLHttpRequest', 'x-lv-token': order.tok };
  const ids = { productId: String(order.productId), orderId: order.orderNo };
  const detail = await request.post('/v3/loan-details/detail', { headers, form: ids });
  const amount = ((await detail.json()) as { data: { amount: number } }).data.amount;
  const path = `/that?${new URLSearchParams({ tok: order.tok, isNeedPop: '1', ...ids, amount: String(amount) })}`;
  const pending = async () =>
    (
      (await (await request.post('/v3/loan-details/payment-state', { headers, form: ids })).json()) as {
        data: { pending: { vcode: string } | null };
      }
    ).data.pending;
  expect(await pending(), 'no code before the first visit').toBeNull();

  // The first load (again only when the render went over its budget on a busy machine: that load's code is the one
  // on file then, the same code).
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/(generate-vcode|vcode-for-page|vcode-on-file)$/.test(new URL(r.url()).pathname)) asked.push(r.url());
  });
  let sent = '';
  for (let i = 0; i < 10 && !sent.includes('id="lv-ssr"'); i++) {
    asked.length = 0;
    sent = (await (await page.goto(`${base}${path}`))?.text()) ?? '';
  }
  expect(sent, 'the page came server-rendered').toContain('id="lv-ssr"');
  await page.waitForLoadState('networkidle');
  const served = /data-testid="vcode" data-vcode="(\d+)"/.exec(sent)?.[1];
  expect(served, "the code is in the server's HTML").toBeTruthy();
  expect((await page.getByTestId('vcode').textContent())!.replace(/\s/g, '')).toBe(served);
  expect(asked, 'the browser asks for no code after hydration').toEqual([]);
  expect((await pending())?.vcode).toBe(served);
  const { served: markup, shown: hydrated } = await servedAndShown(page, sent);
  expect(hydrated).toBe(markup);

  // Loaded again: the same code, nothing new issued.
  const again = await serverRendered(request, path);
  expect(again).toContain(`data-vcode="${served}"`);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('vcode')).toHaveAttribute('data-vcode', served!);
  expect((await pending())?.vcode).toBe(served);

  // Spec 9: DEMO-170 cannot be repaid in full yet; the refusal is in the HTML, in the page's language.
  const early = await serverRendered(request, `/that?productId=1&orderId=DEMO-170&amount=261375000&tok=demo-borrower&isNeedPop=1`);
  const root = early.slice(early.indexOf('<div id="root"'), early.indexOf('<script id="lv-ssr"'));
  expect(root).toContain('Early repayment is not possible yet');
  expect(root).toMatch(/Early repayment is possible from \d{4}-\d{2}-\d{2}: half of the loan term must have passed/);
  expect(root).not.toContain('data-testid="vcode"');
  expect(pageErrors).toEqual([]);
});

// A complaint's draft is kept in the phone (localStorage) and the form is server-rendered: the reloaded form hydrates
// as the server drew it (empty) and then restores the draft (apps/complaint-chatbot/src/pages/ComplaintFormPage.tsx).
test('a complaint draft survives a reload of the server-rendered form, without a hydration warning', async ({
  page,
  request,
  pageErrors,
}) => {
  const order = await newOrder(request, 'repayable');
  const path = `/complainPageNext?problemType=2&problemSonType=0&orderNo=${order.orderNo}&tok=${order.tok}&isNeedPop=1`;
  await serverRendered(request, path);
  await page.goto(`${base}${path}`);
  const text = page.getByRole('textbox', { name: 'Your comments and suggestions' });
  await text.fill('The payment I made yesterday is not shown');
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => (localStorage.getItem(k) ?? '').includes('not shown'))))
    .toBe(true);
  const reloaded = await page.reload();
  expect(await reloaded?.text()).toContain('id="lv-ssr"');
  await expect(text).toHaveValue('The payment I made yesterday is not shown');
  expect(pageErrors).toEqual([]);
});
