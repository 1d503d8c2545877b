import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { useOperatorSession } from './ops-login.ts';
import { type Link, SHELL_ROUTES, UNDECLARED, declaredRoutes, linkOf } from './route-links.ts';

// No inert control in a plain browser (issue 40 item 6): every page of the route table, opened as route-links.ts
// opens it, in a browser with no native app around it (no bridge: `bridgeHost: 'browser'`). Each visible, enabled
// control (button, link, tab, radio, checkbox) is tapped on a fresh load of the page, and the tap must do
// something a borrower can see or that reaches the server: a change in the page (a dialog, a message, a field, a
// new screen), a request, a new URL, a new window or a browser dialog. A control that does none of these is a dead
// end: the borrower taps and nothing happens (what Borrow again and 4-5 stars did before they had a browser path).
//
// Nothing a tap sends reaches the server: once the page has loaded, every document, fetch and beacon request is
// recorded and then aborted, so the sweep changes no order, complaint or session (the request is the proof the tap
// did something; what the page does with the answer is each feature's own spec). Controls that only appear after a
// tap (inside a dialog) are the feature specs' own; this sweep takes each page as it first shows.
//
// Things that change by themselves (a countdown, a poll) are not a tap's doing: each page is first watched for 1.5 s
// with no tap at all, and what changed or was asked then (the same element, the same API path) does not count after
// a tap. A link with a real address is not tapped: any browser follows it (deep-links.spec.ts opens every route).
test.use({ bridgeHost: 'browser' });
// A page has up to ~15 controls, each tapped on a fresh load of its own.
test.describe.configure({ timeout: 180_000 });

/** What counts as a control. Text fields and selects are not: typing into them is not a tap. */
const CONTROLS =
  'button, a[href], [role="button"], [role="link"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], summary, input[type="checkbox"], input[type="radio"]';
/** Requests that are the page's telemetry, not a tap's doing (docs/observability.md). */
const TELEMETRY = new Set(['/api/rum', '/api/client-errors']);
/** How long a tap has to show that it did something. */
const ANSWER_MS = 1_500;

interface Control {
  index: number;
  what: string;
}

/** What the page does by itself: the elements that change (by their place in the page) and the API paths it asks. */
interface Own {
  places: string[];
  requests: Set<string>;
}

declare global {
  interface Window {
    __sweep: {
      mark(selector: string): { index: number; what: string }[];
      since(at: number, own: string[]): { place: string; what: string }[];
    };
  }
}

/** Installed before any script of the page: every DOM change and every input/change event, with its time. */
async function watchChanges(page: Page) {
  await page.addInitScript(() => {
    // Every load as the first on this device: what a tap remembered (a language) is forgotten.
    localStorage.clear();
    sessionStorage.clear();
    const changes: { at: number; node: Node; kind: string }[] = [];
    const events: number[] = [];
    const observer = new MutationObserver((list) => {
      const at = performance.now();
      for (const m of list) changes.push({ at, node: m.target, kind: m.type });
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // A form the browser refuses (a required field left empty) shows its own bubble: `invalid`, not a DOM change.
    for (const type of ['input', 'change', 'toggle', 'invalid'])
      document.addEventListener(type, () => events.push(performance.now()), true);
    /** An element's place in the page (tag:nth-child from <body>), the same on every load of the same page. */
    const placeOf = (node: Node) => {
      let el: Element | null = node instanceof Element ? node : node.parentElement;
      const parts: string[] = [];
      while (el && el !== document.body && el.parentElement) {
        parts.unshift(`${el.tagName.toLowerCase()}:${Array.prototype.indexOf.call(el.parentElement.children, el)}`);
        el = el.parentElement;
      }
      return parts.join('>');
    };
    const describe = (el: Element) => {
      const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
      const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const href = el.getAttribute('href');
      return `${role} "${name}"${href ? ` (${href.replace(/tok=[^&]+/, 'tok=…')})` : ''}`;
    };
    window.__sweep = {
      /** Numbers every control a borrower can tap now (data-lv-sweep); the numbering itself is not a change. */
      mark(selector) {
        // An open modal dialog covers the rest: only its own controls can be tapped.
        const modal = document.querySelector('dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]');
        const found = Array.from((modal ?? document).querySelectorAll(selector)).filter((el) => {
          const box = el.getBoundingClientRect();
          const href = el.tagName === 'A' ? (el.getAttribute('href') ?? '') : null;
          const off =
            (href !== null && href !== '' && href !== '#' && !href.startsWith('javascript:')) ||
            el.closest('[inert], [aria-hidden="true"]') ||
            (el as HTMLButtonElement).disabled ||
            el.getAttribute('aria-disabled') === 'true' ||
            // Tapping what is already chosen changes nothing, on purpose: the current page, the selected tab, the
            // pressed one of a pair of toggles, the chosen star.
            el.getAttribute('aria-current') === 'page' ||
            el.getAttribute('aria-selected') === 'true' ||
            el.getAttribute('aria-pressed') === 'true' ||
            ((el.getAttribute('role') === 'radio' || (el as HTMLInputElement).type === 'radio') &&
              (el.getAttribute('aria-checked') === 'true' || (el as HTMLInputElement).checked));
          return !off && box.width >= 8 && box.height >= 8 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
        });
        found.forEach((el, index) => el.setAttribute('data-lv-sweep', String(index)));
        observer.takeRecords();
        return found.map((el, index) => ({ index, what: describe(el) }));
      },
      /** What changed after `at` (kind@place), leaving out the changes in `own`. */
      since(at, own) {
        for (const m of observer.takeRecords()) changes.push({ at: performance.now(), node: m.target, kind: m.type });
        // The same kind of change at the same place as one the page made by itself is the page's again (a
        // countdown's text, a poll's attribute); anything else is new.
        const seen = changes
          .filter((c) => c.at >= at)
          .map((c) => ({ place: `${c.kind}@${placeOf(c.node)}`, what: c.node instanceof Element ? c.node.tagName.toLowerCase() : '#text' }))
          .filter((c) => !own.includes(c.place));
        return [...seen, ...events.filter((e) => e >= at).map(() => ({ place: '', what: 'an input, change or invalid event' }))];
      },
    };
  });
}

/**
 * The page as a borrower first sees it: live, its controls numbered once they stopped changing (a page that reads
 * its data in the browser shows them late); from now on no request leaves the page.
 */
/** The page's requests in flight and when one last started or ended (telemetry left out: keepalive never ends). */
interface Network {
  open: Set<Request>;
  last: number;
}

function watchNetwork(page: Page): Network {
  const net: Network = { open: new Set(), last: Date.now() };
  page.on('request', (r) => {
    if (TELEMETRY.has(new URL(r.url()).pathname)) return;
    net.open.add(r);
    net.last = Date.now();
  });
  const done = (r: Request) => {
    net.open.delete(r);
    net.last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return net;
}

async function open(page: Page, url: string, requests: string[], operator: boolean, net: Network): Promise<Control[]> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto(url);
  // The console checks the operator's session before it shows anything of its own.
  if (operator) await expect(page.getByRole('button', { name: /^(Sign out|Keluar)$/ })).toBeVisible();
  let controls: Control[] | undefined;
  await expect
    .poll(
      async () => {
        // A page that came client-rendered (over the server's time budget) reads its data first: settled once no
        // request has been open for 300 ms and two reads found the same controls.
        const was = controls?.map((c) => c.what).join('|');
        controls = await page.evaluate((s) => window.__sweep.mark(s), CONTROLS);
        return net.open.size === 0 && Date.now() - net.last >= 300 && controls.map((c) => c.what).join('|') === was;
      },
      { message: `${url}: the controls settled`, timeout: 15_000, intervals: [250] },
    )
    .toBe(true)
    .catch(() => undefined);
  requests.length = 0;
  await page.route('**/*', (route) => {
    const r = route.request();
    const path = new URL(r.url()).pathname;
    if (!TELEMETRY.has(path)) requests.push(`${r.method()} ${path}`);
    return ['document', 'fetch', 'xhr', 'ping', 'other'].includes(r.resourceType()) ? route.abort() : route.continue();
  });
  return controls ?? [];
}

/** What happened from `at` (performance.now() in the page) on, for up to ANSWER_MS: empty when nothing did. */
async function answer(page: Page, at: number, own: Own, before: { url: string; requests: string[]; popups: number[] }) {
  const what = async () => {
    // A navigation away leaves no page to ask: the new URL is the answer.
    if (page.url() !== before.url) return [`went to ${new URL(page.url()).pathname}`];
    const changes = await page
      .evaluate(([t, places]) => window.__sweep.since(t, places).map((c) => `${c.what} changed (${c.place})`), [at, own.places] as const)
      .catch(() => ['the page was replaced']);
    const requests = before.requests.filter((r) => !own.requests.has(r)).map((r) => `request ${r}`);
    return [...changes, ...requests, ...before.popups.map(() => 'a new window')];
  };
  const until = Date.now() + ANSWER_MS;
  let seen = await what();
  while (seen.length === 0 && Date.now() < until) {
    await page.waitForTimeout(100);
    seen = await what();
  }
  return seen;
}

/**
 * Taps each control of the page at `route` on a fresh load, and gives the ones that did nothing (or could not be
 * tapped), each with why. `extra` runs before every load (the sweep's own check plants a dead button with it).
 */
async function sweep(page: Page, context: BrowserContext, route: string, link: Link, extra?: () => void) {
  const url = `${route}?${new URLSearchParams(link.query).toString()}`;
  await watchChanges(page);
  if (extra) await page.addInitScript(extra);
  // After watchChanges' clean slate: the operator's session in the tab, as the sign-in form leaves it.
  if (link.operator) await useOperatorSession(page, link.operator);
  const requests: string[] = [];
  const popups: number[] = [];
  const net = watchNetwork(page);
  context.on('page', (p) => {
    popups.push(Date.now());
    void p.close();
  });
  page.on('dialog', (d) => {
    popups.push(Date.now());
    void d.dismiss();
  });

  // The page alone, no tap, for as long as a tap gets: what it does by itself is not a tap's doing.
  const controls = await open(page, url, requests, link.operator !== undefined, net);
  test.info().annotations.push({ type: 'controls', description: controls.map((c) => c.what).join('; ') || 'none' });
  const quiet = await page.evaluate(() => performance.now());
  await page.waitForTimeout(ANSWER_MS);
  const own: Own = {
    places: await page.evaluate((t) => window.__sweep.since(t, []).map((c) => c.place), quiet),
    requests: new Set(requests),
  };
  expect(page.url(), `${route}: the page stays where it is with no tap`).toBe(new URL(url, page.url()).href);

  const inert: string[] = [];
  for (const control of controls) {
    const now = await open(page, url, requests, link.operator !== undefined, net);
    popups.length = 0;
    expect(
      now.map((c) => c.what),
      `${route}: the same controls on every load`,
    ).toEqual(controls.map((c) => c.what));
    const before = { url: page.url(), requests, popups };
    const at = await page.evaluate(() => performance.now());
    const tapped = await page
      .locator(`[data-lv-sweep="${control.index}"]`)
      .click({ timeout: 5_000 })
      .then(
        () => true,
        (e: unknown) => `cannot be tapped (${String(e).split('\n')[0]})`,
      );
    if (tapped !== true) inert.push(`${control.what}: ${tapped}`);
    else if ((await answer(page, at, own, before)).length === 0) inert.push(`${control.what}: nothing happens`);
  }
  return inert;
}

test('the sweep itself: a button that does nothing is found, the working controls are not', async ({ page, context }) => {
  const dead = () =>
    document.addEventListener('DOMContentLoaded', () => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Dead end';
      document.body.append(button);
    });
  expect(await sweep(page, context, '/Contact', { query: { isNeedPop: '1' } }, dead)).toEqual(['button "Dead end": nothing happens']);
});

const rows = [...declaredRoutes().map((d) => d.route), ...SHELL_ROUTES, UNDECLARED];

for (const route of rows) {
  test(`${route} in a plain browser: every control does something when tapped`, async ({ page, request, context }) => {
    const inert = await sweep(page, context, route, await linkOf(route, request));
    expect(inert, `${route}: controls that do nothing when tapped in a plain browser`).toEqual([]);
  });
}
