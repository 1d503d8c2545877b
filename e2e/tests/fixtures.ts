import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export interface BridgeCall {
  handler: string;
  message: { action: string; [k: string]: unknown };
}

/**
 * Every page gets a fake iOS message handler that records the bridge calls (spec 7.7), and a list of the
 * uncaught page errors, which a test may check is empty.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await use(errors);
  },
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __bridge: unknown[]; webkit: unknown };
      w.__bridge = [];
      w.webkit = {
        messageHandlers: new Proxy(
          {},
          { get: (_, handler) => ({ postMessage: (message: unknown) => w.__bridge.push({ handler: String(handler), message }) }) },
        ),
      };
    });
    await use(page);
  },
});

export { expect };

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
  expect((await sent.json()).code).toBe('00');
  const outbox = await (await request.get(`/dev/sms-outbox?phone=${phone}`)).json();
  const text: string = outbox.data.messages[0].body;
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, `a 6-digit code in "${text}"`).toBeTruthy();
  const login = await request.post('/v3/login/sms-login', { form: { phone, smsCode: code! } });
  const body = await login.json();
  expect(body.code).toBe('00');
  return body.data.tok as string;
}
