import { type Envelope, bridgeCalls, expect, jsonOf, newOrder, test } from './fixtures.ts';

// The key bridge flows once more inside the Android app (issue 18 item 4; docs/bridge.md): the same calls as on
// iOS (the other specs run with the fake iOS handler), arriving at the LendviewAndroid JavascriptInterface as JSON.

test.use({ bridgeHost: 'android' });

const BORROWER = 'demo-borrower';

test('android: customer service calls through the bridge', async ({ page }) => {
  await page.goto('/customerService?isNeedPop=1');
  const contact = await jsonOf<Envelope<{ smWa: string }>>(
    await page.request.post('/v3/personal-center/contact-kf-info', { form: { overall: '30' } }),
  );
  await expect(page.getByText(contact.data.smWa).first()).toBeVisible();
  await page.getByRole('link', { name: /^call /i }).click();
  const calls = await bridgeCalls(page);
  expect(calls).toContainEqual({ handler: 'LendviewAndroid', message: { action: 'callPhone', phone: contact.data.smWa } });
  // Nothing went to a browser fallback: the page did not navigate to a tel: link.
  expect(page.url()).toContain('/customerService');
});

test('android: Cancel on the confirm popup closes the web view', async ({ page }) => {
  await page.goto(`/confirm?productId=1&tok=${BORROWER}&isNeedPop=0`);
  await page.getByRole('dialog').getByRole('button', { name: 'Batal' }).click();
  expect(await bridgeCalls(page)).toEqual([{ handler: 'LendviewAndroid', message: { action: 'closeWebView' } }]);
});

test('android: product, home and borrow again go through the bridge', async ({ page, request }) => {
  const mine = await newOrder(request, 'legacySettled', { rated: true });
  await page.goto(`/loanDetails?productId=1&orderId=${mine.orderNo}&tok=${mine.tok}&isNeedPop=1`);
  await page.getByRole('button', { name: /^LendView Cepat/ }).click();
  await page.getByRole('button', { name: 'More products' }).click();
  await page.getByRole('button', { name: 'Borrow again' }).click();
  expect((await bridgeCalls(page)).map((c) => [c.handler, c.message])).toEqual([
    ['LendviewAndroid', { action: 'openPageWithParam', page: 'productDetail', param: 1 }],
    ['LendviewAndroid', { action: 'goHome' }],
    ['LendviewAndroid', { action: 'openPageWithParam', page: 'productDetail', param: 1 }],
  ]);
});

test('android: an unknown session posts backToLogin once and shows the screen', async ({ page }) => {
  await page.goto('/loanDetails?productId=1&orderId=DEMO-170&tok=no-such-session&isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeVisible();
  await expect.poll(async () => (await bridgeCalls(page)).map((c) => c.message)).toContainEqual({ action: 'backToLogin' });
  expect((await bridgeCalls(page)).filter((c) => c.message.action === 'backToLogin')).toEqual([
    { handler: 'LendviewAndroid', message: { action: 'backToLogin' } },
  ]);
});
