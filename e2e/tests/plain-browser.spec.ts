import { expect, jsonOf, newOrder, test } from './fixtures.ts';

// Issue 40 item 6: in a plain browser (no native app around the page) every control works or is not there. The
// controls that called the app and did nothing there: Borrow again and the product row (the app's product page),
// 4 or 5 stars (the app store's rating sheet). "Log in again" is trust.spec.ts's.
test.use({ bridgeHost: 'browser' });

const EN = 'isNeedPop=1';

test('Borrow again and the product row open the loan confirmation of the product, as its Apply does', async ({ page, request }) => {
  const mine = await newOrder(request, 'legacySettled', { rated: true });
  await page.goto(`/loanDetails?productId=1&orderId=${mine.orderNo}&tok=${mine.tok}&${EN}`);
  // Its answer's body cannot be read once the page has gone where it said: the request and the landing tell it.
  const applied = page.waitForRequest((r) => r.url().includes('/market/v3/product/apply'));
  await page.getByRole('button', { name: 'Borrow again' }).click();
  expect(Object.fromEntries(new URLSearchParams((await applied).postData() ?? ''))).toEqual({
    product_id: '1',
    module_id: '30',
    scene: '',
  });
  await page.waitForURL((u) => u.pathname === '/confirm' && u.searchParams.get('productId') === '1');
  await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toBeVisible();

  await page.goto(`/loanDetails?productId=1&orderId=${mine.orderNo}&tok=${mine.tok}&${EN}`);
  await page.getByRole('button', { name: /^LendView Cepat/ }).click();
  await page.waitForURL((u) => u.pathname === '/confirm' && u.searchParams.get('productId') === '1');
});

test('5 stars in a plain browser: the rating is saved and the thanks shown (there is no store sheet to go to)', async ({
  page,
  request,
}) => {
  const mine = await newOrder(request, 'settled');
  await page.goto(`/loanDetails?productId=1&orderId=${mine.orderNo}&tok=${mine.tok}&${EN}`);
  const dialog = page.getByRole('dialog', { name: 'Rate our app' });
  await dialog.getByRole('radio', { name: '5 stars' }).click();
  const saved = page.waitForResponse((r) => r.url().includes('/v3/loan-details/google-score'));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  expect((await jsonOf(await saved)).code).toBe('00');
  await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();
});
