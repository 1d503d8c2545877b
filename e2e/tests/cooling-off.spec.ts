import type { Page, Request, Response } from '@playwright/test';
import { expect, expectAccessible, jsonOf, newOrder, openWithAnswer, test, type Envelope } from './fixtures.ts';

// Issue 18 item 2, the cooling-off exit (docs/compliance.md "Cooling-off exit"), through the real API, ledger and
// database: on a fresh loan of the test's own (newOrder 'coolingOff': Rp 2.000.000 for 91 days at 0,05 %/day,
// disbursed now, processing fee Rp 20.000), /loanDetails shows the cooling-off card with the amount the server
// states; "Exit this loan" leads to /that with that amount (repayType cooling_off); the sandbox pays the code (a
// signed callback); /that turns "paid" by itself and /loanDetails shows the loan closed (210) with the receipt.

const EN = 'isNeedPop=1';
const ID = 'isNeedPop=0';
const DETAIL = '/v3/loan-details/detail';
const VCODE = '/v3/loan-details/generate-vcode';
const PAID_WITHIN_MS = 5000;

interface CoolingOff {
  lastDay: string;
  daysUsed: number;
  principal: number;
  interest: number;
  paid: number;
  amount: number;
  processingFee: number;
}
interface Details {
  orderStatus: number;
  amount: number;
  coolingOff: CoolingOff | null;
}
interface Va {
  amount: number;
  vcode: string;
  repayType: string;
  coolingOff?: { principal: number; interest: number; daysUsed: number; paid: number };
}

const isCall = (path: string) => (r: Request | Response) => new URL(r.url()).pathname === path;
const form = (req: Request): Record<string, string> => Object.fromEntries(new URLSearchParams(req.postData() ?? ''));

/** Opens the loan details and gives its loan-details answer (the browser's, or the server's: openWithAnswer). */
async function openDetails(page: Page, orderId: string, tok: string, lang = EN): Promise<Details> {
  const body = await openWithAnswer<Details>(page, `/loanDetails?productId=1&orderId=${orderId}&tok=${tok}&${lang}`, {
    name: 'loanDetails',
    path: DETAIL,
  });
  expect(body.code, body.message).toBe('00');
  return body.data;
}

/** The rows of a description list as [label, value]. */
async function rowsOf(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('dl > div')
    .evaluateAll((rows) => rows.map((r) => [r.querySelector('dt')?.textContent ?? '', r.querySelector('dd')?.textContent ?? '']));
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('exit on the disbursement day: the card states the amount, Exit pays it at /that, the loan is closed with its receipt', async ({
  page,
  request,
  pageErrors,
}) => {
  const mine = await newOrder(request, 'coolingOff', { rated: true });
  const details = await openDetails(page, mine.orderNo, mine.tok);
  expect(details.orderStatus).toBe(170);
  // Day 0: principal + one day of interest (Rp 1.000); the whole loan would be Rp 2.091.000.
  expect(details.coolingOff).toMatchObject({
    daysUsed: 1,
    principal: 200_000_000,
    interest: 100_000,
    paid: 0,
    amount: 200_100_000,
    processingFee: 2_000_000,
  });
  expect(details.amount).toBe(209_100_000);

  const card = page.getByTestId('cooling-off');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Cooling-off period');
  await expect(card).toContainText(`until ${details.coolingOff!.lastDay}`);
  expect(await rowsOf(page, 'cooling-off')).toEqual([
    ['Principal', '₹2,000,000'],
    ['Interest for 1 day', '₹1,000'],
    ['Total to cancel', '₹2,001,000'],
  ]);
  await expect(card).toContainText('The processing fee of ₹20,000 taken when the loan was paid out is not refunded.');
  await expectNoSideScroll(page);
  await expectAccessible(page);

  // Exit → /that with the amount the card states and repayType cooling_off.
  const [vcodeRes] = await Promise.all([page.waitForResponse(isCall(VCODE)), card.getByRole('link', { name: 'Exit this loan' }).click()]);
  await expect(page).toHaveURL(new RegExp(`/that\\?productId=1&orderId=${mine.orderNo}&amount=200100000&repayType=cooling_off$`));
  expect(form(vcodeRes.request())).toMatchObject({ orderId: mine.orderNo, amount: '200100000', repayType: 'cooling_off' });
  const va = await jsonOf<Envelope<Va>>(vcodeRes);
  expect(va.code, va.message).toBe('00');
  expect(va.data).toMatchObject({
    amount: 200_100_000,
    repayType: 'cooling_off',
    coolingOff: { principal: 200_000_000, interest: 100_000, daysUsed: 1, paid: 0 },
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exit this loan');
  await expect(page.getByTestId('va-total')).toHaveText('₹2,001,000');
  await expect(page.locator('.rp-va')).toContainText('Cancelling the loan (cooling-off period)');
  await expect(page.getByTestId('cooling-off-note')).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);

  // The sandbox pays it (a signed callback); /that turns "paid" by itself.
  const sim = await request.post(`/dev/payments/simulate?${EN}`, { form: { vcode: va.data.vcode } });
  const simBody = await jsonOf<Envelope<{ applied: boolean; orderStatus: number }>>(sim);
  expect([simBody.code, simBody.data]).toEqual(['00', { applied: true, orderStatus: 210 }]);
  const panel = page.getByTestId('paid');
  await expect(panel).toBeVisible({ timeout: PAID_WITHIN_MS });
  await expect(panel).toContainText('Your loan is cancelled. Nothing more is owed.');
  const receipt = await rowsOf(page, 'receipt');
  expect(receipt[0]).toEqual(['Amount paid', '₹2,001,000']);
  expect(receipt).toContainEqual(['Payment for', 'Cancelling the loan (cooling-off period)']);
  expect(receipt).toContainEqual(['Principal', '₹2,000,000']);
  expect(receipt).toContainEqual(['Interest', '₹1,000']);
  await expectAccessible(page);

  // /loanDetails: closed in the cooling-off period, Borrow again, the receipt of the exit; no card any more.
  const [closedRes] = await Promise.all([
    page.waitForResponse(isCall(DETAIL)),
    page.locator('.lv-page__footer').getByRole('link', { name: 'Back to loan details' }).click(),
  ]);
  const closed = await jsonOf<Envelope<Details>>(closedRes);
  expect(closed.data).toMatchObject({ orderStatus: 210, amount: 0, coolingOff: null });
  await expect(page.getByRole('heading', { level: 2, name: 'Closed in the cooling-off period' })).toBeVisible();
  await expect(page.getByTestId('cooling-off')).toHaveCount(0);
  await expect(page.locator('.lv-page__footer').getByRole('button')).toHaveText(['Borrow again']);
  const payment = page.getByRole('region', { name: 'Payments' }).getByTestId('payment');
  await expect(payment).toHaveCount(1);
  await expect(payment.getByRole('heading', { level: 3 })).toContainText('₹2,001,000');
  await expect(payment).toContainText('Cancelling the loan (cooling-off period)');
  const rows = page.locator('.ld-card .lv-rows__row');
  await expect(rows.filter({ hasText: 'Not charged' })).toContainText('₹90,000');
  await expectNoSideScroll(page);
  await expectAccessible(page);
  expect(pageErrors).toEqual([]);
});

test('Indonesian: the last day (day 3) shows three days of interest in rupiah; the day after there is no card', async ({
  page,
  request,
}) => {
  const last = await newOrder(request, 'coolingOff', { rated: true, disbursedDaysAgo: 3 });
  const details = await openDetails(page, last.orderNo, last.tok, ID);
  expect(details.coolingOff).toMatchObject({ daysUsed: 3, interest: 300_000, amount: 200_300_000 });
  const card = page.getByTestId('cooling-off');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Masa pembatalan');
  expect(await rowsOf(page, 'cooling-off')).toEqual([
    ['Pokok pinjaman', 'Rp 2.000.000'],
    ['Bunga 3 hari', 'Rp 3.000'],
    ['Total pembatalan', 'Rp 2.003.000'],
  ]);
  await expect(card.getByRole('link', { name: 'Batalkan pinjaman ini' })).toHaveAttribute(
    'href',
    `/that?productId=1&orderId=${last.orderNo}&amount=200300000&repayType=cooling_off`,
  );
  await expectAccessible(page);

  const over = await newOrder(request, 'coolingOff', { tok: last.tok, disbursedDaysAgo: 4 });
  const after = await openDetails(page, over.orderNo, last.tok, ID);
  expect(after.coolingOff).toBeNull();
  await expect(page.locator('.lv-page__footer').getByRole('button', { name: 'Bayar' })).toBeVisible();
  await expect(page.getByTestId('cooling-off')).toHaveCount(0);
});
