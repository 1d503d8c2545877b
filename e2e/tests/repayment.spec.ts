import type { APIRequestContext, Page, Request, Response } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

// The repayment remote against the real API and its demo data: virtual account and method choice (spec 2.5,
// 4.6), instalments (4.7), extension, and the payment confirmed through the sandbox provider's simulate call
// (a signed callback, as a real provider sends it).
// The tests that pay change their order for the rest of the run (DEMO-170 settles, DEMO-174 is extended: status 170
// with a later due date), so each order is paid by one test only; DEMO-INST and DEMO-180 are left with a pending
// (unpaid) code. loan-details.spec.ts reads DEMO-170 and DEMO-174 as 170 / 174: it must not run after this file.

const BORROWER = 'demo-borrower';
const EN = 'isNeedPop=1';
const ID = 'isNeedPop=0';
const VCODE = '/v3/loan-details/generate-vcode';
const DETAIL = '/v3/loan-details/detail';

interface Envelope<T> {
  code: string;
  data: T | null;
  message: string;
}
interface Va {
  amount: number;
  vcode: string;
  payType: number;
  payCode: string;
  repayType: string;
  state: string;
}
interface Instalment {
  periodNo: number;
  totalAmount: number;
  canClick: number;
  periodStatus: number;
}

/** Form body of a request as an object. */
const form = (req: Request): Record<string, string> => Object.fromEntries(new URLSearchParams(req.postData() ?? ''));
const isCall = (path: string) => (r: Request | Response) => new URL(r.url()).pathname === path;
const toast = (page: Page) => page.locator('.lv-toast__text');

/** Waits for the next generate-vcode exchange started by `action`. */
async function vcodeAfter(page: Page, action: () => Promise<unknown>) {
  const [res] = await Promise.all([page.waitForResponse(isCall(VCODE)), action()]);
  const body = (await res.json()) as Envelope<Va>;
  return { request: form(res.request()), body };
}

async function openDetails(page: Page, orderId: string, lang = EN) {
  const [res] = await Promise.all([
    page.waitForResponse(isCall(DETAIL)),
    page.goto(`/loanDetails?productId=1&orderId=${orderId}&tok=${BORROWER}&${lang}`),
  ]);
  return (await res.json()) as Envelope<{ amount: number; orderStatus: number; userOrderDetail: { detail: { text: string; value: string }[] } }>;
}

/** The sandbox pays the code (demo mode only), through the provider's signed callback. */
async function simulatePayment(request: APIRequestContext, vcode: string) {
  const res = await request.post(`/dev/payments/simulate?tok=${BORROWER}`, { form: { vcode } });
  const body = (await res.json()) as Envelope<{ applied: boolean; orderStatus: number }>;
  expect(body.code, body.message).toBe('00');
  expect(body.data?.applied).toBe(true);
  return body.data!;
}

/** formatMoney in English: ₹ with comma thousands, decimals only when there is a fraction. */
function rupees(minor: number): string {
  const cents = minor % 100;
  return `₹${Math.floor(minor / 100).toLocaleString('en-US')}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('full repayment: Repay → bank code → change to ALFAMART → pay → the order is settled', async ({ page, request, pageErrors }) => {
  const details = await openDetails(page, 'DEMO-170');
  expect(details.data?.orderStatus).toBe(170);
  const owed = details.data!.amount;
  expect(owed).toBeGreaterThan(0);

  // A new repayment: no method kept for this order yet, so is_default 1.
  const first = await vcodeAfter(page, () => page.getByRole('button', { name: 'Repay' }).click());
  await expect(page).toHaveURL(new RegExp(`/that\\?productId=1&orderId=DEMO-170&amount=${owed}$`));
  expect(first.request).toMatchObject({ productId: '1', orderId: 'DEMO-170', amount: String(owed), is_default: '1', repayType: 'full' });
  expect(first.body.code, first.body.message).toBe('00');
  const bankVa = first.body.data!;
  expect(bankVa.amount).toBe(owed);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Repayment');
  await expect(page.getByTestId('vcode')).toHaveAttribute('data-vcode', bankVa.vcode);
  await expect(page.getByTestId('va-total')).toHaveText(rupees(owed));
  await expect(page.getByRole('button', { name: 'Copy virtual account number' })).toBeVisible();
  // Steps grouped by bank name, collapsible.
  const firstGroup = page.locator('.rp-steps__toggle').first();
  await expect(firstGroup).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute('href', '/complaint?orderNo=DEMO-170');
  await expectNoSideScroll(page);
  await expectAccessible(page);

  // Change method → /individual with the amount.
  await page.getByRole('link', { name: 'Change payment method' }).click();
  await expect(page).toHaveURL(new RegExp(`/individual\\?productId=1&orderId=DEMO-170&amount=${owed}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment method');
  await expect(page.getByRole('group', { name: 'Choose a bank' }).getByRole('radio').first()).toBeAttached();
  await expectNoSideScroll(page);
  await expectAccessible(page);

  // Mini Market, ALFAMART chosen by default → I want to pay.
  await page.getByRole('group', { name: 'Pay with' }).getByText('Mini Market').click();
  const markets = page.getByRole('group', { name: 'Choose a mini market' });
  await expect(markets.getByRole('radio', { name: 'ALFAMART' })).toBeChecked();
  await expectAccessible(page);
  const second = await vcodeAfter(page, () => page.getByRole('button', { name: 'I want to pay' }).click());
  await expect(page).toHaveURL(new RegExp(`/that\\?productId=1&orderId=DEMO-170&amount=${owed}$`));
  expect(second.request).toMatchObject({ pay_type: '2', payCode: 'ALFAMART', is_default: '0', amount: String(owed) });
  expect(second.body.code, second.body.message).toBe('00');
  const marketVa = second.body.data!;
  expect(marketVa).toMatchObject({ payType: 2, payCode: 'ALFAMART', amount: owed, state: 'pending' });
  await expect(page.getByTestId('pay-code')).toHaveText('Pay at ALFAMART');
  await expect(page.getByText('Payment code', { exact: true })).toBeVisible();
  await expect(page.getByTestId('vcode')).toHaveAttribute('data-vcode', marketVa.vcode);
  await expectAccessible(page);

  // The sandbox confirms the payment (signed callback).
  const paid = await simulatePayment(request, marketVa.vcode);
  expect(paid.orderStatus).toBe(200);

  // 'I have paid' → tips → Yes → loan details, now settled with 'loan more'.
  await page.getByRole('button', { name: 'I have paid' }).click();
  const tips = page.getByRole('dialog', { name: 'Tips' });
  await expect(tips).toContainText('We will confirm your repayment as soon as possible.');
  await expectAccessible(page);
  const [detailRes] = await Promise.all([page.waitForResponse(isCall(DETAIL)), tips.getByRole('button', { name: 'Yes' }).click()]);
  await expect(page).toHaveURL(/\/loanDetails\?productId=1&orderId=DEMO-170$/);
  expect(((await detailRes.json()) as Envelope<{ orderStatus: number }>).data?.orderStatus).toBe(200);
  await expect(page.getByTestId('status-image-200')).toBeVisible();
  await expect(page.locator('.lv-page__footer').getByRole('button')).toHaveText(['Borrow again']);
  expect(pageErrors).toEqual([]);
});

test('method choice: Bank without a bank is refused in both languages; channels open only with a bank', async ({ page }) => {
  await page.goto(`/individual?productId=1&orderId=DEMO-180&amount=100000&display=1&tok=${BORROWER}&${EN}`);
  const banks = page.getByRole('group', { name: 'Choose a bank' });
  await expect(banks.getByRole('radio').first()).toBeAttached();
  await expect(page.getByRole('group', { name: 'Payment channel' })).toHaveCount(0);
  await page.getByRole('button', { name: 'I want to pay' }).click();
  await expect(toast(page)).toHaveText('Please complete the information');
  await expect(page).toHaveURL(/\/individual\?/);

  await banks.locator('label').first().click();
  await expect(page.getByRole('group', { name: 'Payment channel' })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/individual?productId=1&orderId=DEMO-180&amount=100000&tok=${BORROWER}&${ID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Metode pembayaran');
  await expect(page.getByRole('group', { name: 'Pilih bank' }).getByRole('radio').first()).toBeAttached();
  await page.getByRole('button', { name: 'Saya ingin membayar' }).click();
  await expect(toast(page)).toHaveText('Silakan lengkapi informasinya');
  await expectNoSideScroll(page);
  await expectAccessible(page);
});

test('instalments: the selection rules of 4.7, then pay now → /that with the selected amount', async ({ page, pageErrors }) => {
  const [res] = await Promise.all([
    page.waitForResponse(isCall('/v3/installment/loan-play-detail')),
    page.goto(`/installment?productId=1&orderId=DEMO-INST&tok=${BORROWER}&${EN}`),
  ]);
  const plan = (await res.json()) as Envelope<{ repayPlanDetail: { repayWaitDetail: Instalment[] } }>;
  expect(plan.code, plan.message).toBe('00');
  const wait = [...plan.data!.repayPlanDetail.repayWaitDetail].sort((a, b) => a.periodNo - b.periodNo);
  expect(wait.length).toBe(4);
  expect(wait[0]?.canClick).toBe(1);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Detail Tagihan');
  const region = page.getByRole('region', { name: 'To pay' });
  const boxes = region.getByRole('checkbox');
  const ticks = () => boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked));
  const row = (i: number) => region.locator('label.rp-inst').nth(i);
  const selectAll = page.getByRole('checkbox', { name: 'Select all' });
  const total = page.getByTestId('instalment-total');
  const money = rupees;
  const sum = (n: number) => wait.slice(0, n).reduce((s, it) => s + it.totalAmount, 0);

  await expect(boxes).toHaveCount(4);
  expect(await ticks()).toEqual([true, false, false, false]);
  await expect(total).toHaveText(money(sum(1)));
  await expectNoSideScroll(page);
  await expectAccessible(page);

  await row(2).click(); // ticks 1-3
  expect(await ticks()).toEqual([true, true, true, false]);
  await expect(total).toHaveText(money(sum(3)));
  await row(1).click(); // unticks 2 and 3
  expect(await ticks()).toEqual([true, false, false, false]);
  await row(0).click(); // the first stays
  expect(await ticks()).toEqual([true, false, false, false]);
  await page.locator('label.rp-paybar__all').click(); // all on
  expect(await ticks()).toEqual([true, true, true, true]);
  await expect(selectAll).toBeChecked();
  await expect(total).toHaveText(money(sum(4)));
  await page.locator('label.rp-paybar__all').click(); // back to the first only
  expect(await ticks()).toEqual([true, false, false, false]);
  await row(1).click();
  await expect(total).toHaveText(money(sum(2)));

  const paid = await vcodeAfter(page, () => page.getByRole('button', { name: 'Pay now' }).click());
  await expect(page).toHaveURL(new RegExp(`/that\\?productId=1&orderId=DEMO-INST&amount=${sum(2)}&repayType=installment&periods=2$`));
  expect(paid.request).toMatchObject({ amount: String(sum(2)), repayType: 'installment', periods: '2', is_default: '1' });
  expect(paid.body.code, paid.body.message).toBe('00');
  expect(paid.body.data).toMatchObject({ amount: sum(2), repayType: 'installment' });
  await expect(page.getByTestId('va-total')).toHaveText(money(sum(2)));
  await expect(page.getByText('2 instalments', { exact: true })).toBeVisible();
  await expectAccessible(page);
  expect(pageErrors).toEqual([]);
});

test('extension: DEMO-174 → pay the fee → the due date moves and the order is repaying again', async ({ page, request, pageErrors }) => {
  const before = await openDetails(page, 'DEMO-174');
  expect(before.data?.orderStatus).toBe(174);
  const [res] = await Promise.all([
    page.waitForResponse(isCall('/v3/loan-details/delay-detail')),
    page.getByRole('link', { name: 'Delay repayment' }).click(),
  ]);
  await expect(page).toHaveURL(/\/repayDelay\?productId=1&orderId=DEMO-174$/);
  const delay = (await res.json()) as Envelope<{ delayShouldPayAmount: number; delayExpiryTime: string; delayDays: number }>;
  expect(delay.code, delay.message).toBe('00');
  const { delayShouldPayAmount: fee, delayExpiryTime: newDue } = delay.data!;
  expect(fee).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Detail Tagihan');
  await expect(page.getByTestId('delay-expiry')).toContainText(newDue);
  // Rows whose value is empty or 0 are not shown.
  for (const v of await page.locator('.rp-rows dd').allTextContents()) expect(['', '0']).not.toContain(v.trim());
  await expectNoSideScroll(page);
  await expectAccessible(page);

  const paid = await vcodeAfter(page, () => page.getByRole('button', { name: 'Pay now' }).click());
  await expect(page).toHaveURL(new RegExp(`/that\\?productId=1&orderId=DEMO-174&amount=${fee}&repayType=delay$`));
  expect(paid.request).toMatchObject({ amount: String(fee), repayType: 'delay' });
  expect(paid.body.code, paid.body.message).toBe('00');
  expect(paid.body.data).toMatchObject({ amount: fee, repayType: 'delay', state: 'pending' });
  await expect(page.getByText('Extension fee', { exact: true })).toBeVisible();

  const result = await simulatePayment(request, paid.body.data!.vcode);
  expect(result.orderStatus).toBe(170);

  const after = await openDetails(page, 'DEMO-174');
  expect(after.data?.orderStatus).toBe(170);
  expect(after.data?.userOrderDetail.detail.map((r) => r.value)).toContain(newDue);
  await expect(page.locator('.lv-page__footer').getByRole('button')).toHaveText(['Repay']);
  expect(pageErrors).toEqual([]);
});

test('the Indonesian pages of /that and /repayDelay', async ({ page }) => {
  const details = await openDetails(page, 'DEMO-180', ID);
  const owed = details.data!.amount;
  const va = await vcodeAfter(page, () => page.goto(`/that?productId=1&orderId=DEMO-180&amount=${owed}&display=1&tok=${BORROWER}&${ID}`));
  expect(va.request).toMatchObject({ is_display: '1', is_default: '1', amount: String(owed) });
  expect(va.body.code, va.body.message).toBe('00');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pembayaran');
  // is_default 1: the server answers with the borrower's last used method (a mini market after the first test).
  const label = va.body.data!.payType === 1 ? 'Nomor virtual account' : 'Kode pembayaran';
  await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByTestId('vcode')).toHaveAttribute('data-vcode', va.body.data!.vcode);
  await expect(page.getByRole('link', { name: 'Ubah metode pembayaran' })).toHaveAttribute(
    'href',
    `/individual?productId=1&orderId=DEMO-180&amount=${owed}&display=1`,
  );
  await page.getByRole('button', { name: 'Saya sudah bayar' }).click();
  const tips = page.getByRole('dialog', { name: 'Informasi' });
  await expect(tips).toContainText('Kami akan mengonfirmasi pembayaran Anda secepatnya.');
  await tips.getByRole('button', { name: 'Batal' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/that\?/);
  await expectNoSideScroll(page);
  await expectAccessible(page);

  await page.goto(`/repayDelay?productId=1&orderId=DEMO-180&tok=${BORROWER}&${ID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Detail Tagihan');
  await expect(page.locator('.rp-ext__fee-label')).toHaveText('Biaya perpanjangan');
  await expect(page.getByTestId('delay-fee')).toHaveText(/^Rp \d{1,3}(\.\d{3})*(,\d{2})?$/);
  await expect(page.getByRole('button', { name: 'Bayar sekarang' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
});
