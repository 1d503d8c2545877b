import { type Envelope, expect, expectAccessible, jsonOf, newOrder, openWithAnswer, test } from './fixtures.ts';

// The key facts statement before confirmation (issue 18 item 1, docs/compliance.md): Confirm is disabled until the
// borrower opens it; the statement's figures are the server's, and the confirmed loan owes exactly its total.

/** The fields of the statement (packages/contracts keyFacts) this spec reads. */
interface KeyFacts {
  sha256: string;
  apr: string;
  aprBp: number;
  amount: number;
  processingFee: number;
  totalRepayable: number;
  schedule: unknown[];
}

const EN = 'isNeedPop=1';
const ID = 'isNeedPop=0';

test('confirm is disabled until the key facts are opened; the loan then owes exactly the stated total', async ({ page, request }) => {
  const mine = await newOrder(request, 'settled', { rated: true });
  const facts = await openWithAnswer<KeyFacts>(page, `/confirm?productId=1&orderId=&position=0&tok=${mine.tok}&${EN}`, {
    name: 'loanKeyFacts',
    path: '/v3/loan-confirm/key-facts',
  });
  await page.getByRole('dialog').getByRole('button', { name: 'Agree' }).click();
  const kfs = facts.data;

  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(page.getByTestId('kfs-card')).toContainText(kfs.apr);
  await expect(confirm).toBeDisabled();
  await expect(page.getByText('Read the key facts statement above before you confirm.')).toBeVisible();

  await page.getByRole('button', { name: 'Read the key facts statement' }).click();
  const sheet = page.getByRole('dialog', { name: 'Key facts statement' });
  await expect(sheet.getByTestId('kfs-apr')).toHaveText(kfs.apr);
  // Product 1: Rp 3.000.000 for 91 days at 0.05 %/day with a 1 % processing fee → APR 33.16 % (test/kfs.test.ts).
  expect(kfs).toMatchObject({ amount: 300_000_000, processingFee: 3_000_000, totalRepayable: 313_650_000, aprBp: 3316 });
  for (const title of ['Loan and its cost', 'If you pay late', 'Cooling-off period', 'Grievance officer']) {
    await expect(sheet.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  await expect(sheet.getByRole('term').filter({ hasText: /^Total amount to repay$/ })).toBeVisible();
  await expect(sheet.getByRole('definition').filter({ hasText: /^₹3,136,500$/ })).toBeVisible();
  await expect(sheet.getByRole('row')).toHaveCount(1 + kfs.schedule.length);
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await sheet.getByRole('button', { name: 'I have read it' }).click();
  await expect(page.getByText('You have opened the key facts statement.')).toBeVisible();

  const push = page.waitForRequest((r) => r.url().includes('/v3/loan-confirm/loan-detail-push'));
  const answer = page.waitForResponse((r) => r.url().includes('/v3/loan-confirm/loan-detail-push'));
  await confirm.click();
  expect(new URLSearchParams((await push).postData() ?? '').get('keyFacts')).toBe(kfs.sha256);
  const orderId = (await jsonOf<Envelope<{ orderId: string }>>(await answer)).data.orderId;
  await expect(page).toHaveURL(new RegExp(`/loanDetails\\?productId=1&orderId=${orderId}&from=confirm$`));
  // The loan details owe what the statement said: ₹3,136,500.
  await expect(page.getByText('₹3,136,500').first()).toBeVisible();

  // The loan's own statement is the one confirmed.
  const own = await request.post(`/v3/loan-details/key-facts?tok=${mine.tok}&${EN}`, { form: { orderId, productId: '1' } });
  expect((await jsonOf<Envelope<KeyFacts>>(own)).data.sha256).toBe(kfs.sha256);
});

test('the key facts in Indonesian', async ({ page }) => {
  await page.goto(`/confirm?productId=1&orderId=&position=0&tok=demo-borrower-2&${ID}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Setuju' }).click();
  await expect(page.getByTestId('kfs-card')).toContainText('33,16%');
  await expect(page.getByRole('button', { name: 'Konfirmasi' })).toBeDisabled();
  await page.getByRole('button', { name: 'Baca ringkasan informasi pinjaman' }).click();
  const sheet = page.getByRole('dialog', { name: 'Ringkasan informasi pinjaman' });
  await expect(sheet.getByRole('heading', { level: 3, name: 'Petugas pengaduan' })).toBeVisible();
  await expect(sheet.getByText('Rp 3.136.500').first()).toBeVisible();
  await expectAccessible(page);
});
