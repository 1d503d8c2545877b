import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, jsonOf, newOrder, openWithAnswer, test, type Envelope } from './fixtures.ts';
import { signInOnPage } from './ops-login.ts';

// Issue 34 item 1, through the real API, ledger and database: a borrower of a DEMO-180 twin pays an extension
// code with more than it asks; the extension is applied and the rest is held. On /ops/funds the support operator
// sees what the held money can pay today (settling the loan, never a second extension), chooses "Settle the loan",
// reads the effect in the dialog and applies it; the borrower's /loanDetails shows the loan repaid, with the
// payment's receipt saying what was applied and what is still held.

const EN = 'isNeedPop=1';
const DETAIL = '/v3/loan-details/detail';

interface Delay {
  delayShouldPayAmount: number;
  comparison: { extendNow: number; extendLater: number; newDueDate: string };
}

/** formatMoney in English: ₹ with comma thousands (these amounts have no fraction). */
const rupees = (minor: number) => `₹${Math.floor(minor / 100).toLocaleString('en-US')}`;

async function post<T>(request: APIRequestContext, path: string, tok: string, form: Record<string, string>): Promise<Envelope<T>> {
  const body = await jsonOf<Envelope<T>>(await request.post(`${path}?tok=${tok}&${EN}`, { form }));
  expect(body.code, `${path}: ${body.message}`).toBe('00');
  return body;
}

test('an operator applies held money on a DEMO-180 twin as "Settle the loan"; the borrower sees it repaid with the receipt', async ({
  page,
  request,
  pageErrors,
}) => {
  const mine = await newOrder(request, 'overdue');
  const order = { productId: '1', orderId: mine.orderNo };
  const delay = (await post<Delay>(request, '/v3/loan-details/delay-detail', mine.tok, order)).data;
  const code = await post<{ vcode: string }>(request, '/v3/loan-details/generate-vcode', mine.tok, {
    ...order,
    amount: String(delay.delayShouldPayAmount),
    repayType: 'delay',
    is_default: '0',
    pay_type: '1',
    payCode: 'BCA',
  });
  // The extension code paid with what settling after it will ask, and ₹50,000 more.
  const extra = 5_000_000;
  const paid = delay.comparison.extendNow + delay.comparison.extendLater + extra;
  const sim = await jsonOf<Envelope<{ applied: boolean; orderStatus: number }>>(
    await request.post(`/dev/payments/simulate?${EN}`, { form: { vcode: code.data.vcode, amount: String(paid) } }),
  );
  expect([sim.code, sim.data]).toEqual(['00', { applied: true, orderStatus: 170 }]);

  await page.goto(`/ops/funds?${EN}`);
  await signInOnPage(page, 'support', () => page.getByRole('heading', { level: 1, name: 'Unapplied funds' }));
  const card = page.locator('li.oc-fund').filter({ hasText: mine.orderNo });
  await expect(card).toHaveCount(1);
  const held = delay.comparison.extendLater + extra;
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(rupees(held));
  // What it can pay today: the balance after the extension. Never a second extension.
  await expect(card.getByRole('listitem')).toHaveText([`Settle the loan: ${rupees(delay.comparison.extendLater)} · covered`]);

  await card.getByRole('button', { name: 'Apply to order' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply ${rupees(held)} to order ${mine.orderNo}?` });
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await dialog.getByRole('radio', { name: /Settle the loan/ }).check();
  await expect(dialog.getByTestId('fund-effect')).toHaveText(`The order becomes: settled. ${rupees(extra)} stays held.`);
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Borrower asked to settle with the rest');
  await dialog.getByRole('button', { name: 'Apply to order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Applied to the order.' })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The rest stays held as a new fund, which can pay nothing: the order is settled.
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(rupees(extra));
  await expect(card.getByRole('button', { name: 'Apply to order' })).toBeDisabled();

  // The borrower: repaid, and the payment says what it paid and what is still held.
  const details = await openWithAnswer<{ orderStatus: number; amount: number }>(
    page,
    `/loanDetails?productId=1&orderId=${mine.orderNo}&tok=${mine.tok}&${EN}`,
    { name: 'loanDetails', path: DETAIL },
  );
  expect([details.data.orderStatus, details.data.amount]).toEqual([200, 0]);
  const payment = page.getByRole('region', { name: 'Payments' }).getByTestId('payment');
  await expect(payment).toHaveCount(1);
  await expect(payment.getByRole('heading', { level: 3 })).toContainText(rupees(paid));
  await expect(payment.locator('.lv-rows__row').filter({ hasText: 'Not applied yet' })).toContainText(rupees(extra));
  await expect(payment.locator('.lv-rows__row').filter({ hasText: 'Extension fee' })).toBeVisible();
  await expect(payment.locator('.lv-rows__row').filter({ hasText: 'Principal' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});
