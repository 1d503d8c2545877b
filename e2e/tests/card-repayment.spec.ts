import type { APIRequestContext, Page, Request } from '@playwright/test';
import {
  type Envelope,
  type OrderFixture,
  type Outbox,
  expect,
  expectAccessible,
  jsonOf,
  newOrder,
  openWithAnswer,
  test,
} from './fixtures.ts';

// The legacy bank-card repayment (/repay, /bindCard; spec 4.3, 5, 7.3, 8, 9) against the real API and its demo
// data: demo-borrower has a BCA card whose charge needs an SMS code (…2222) and a BNI card charged at once (…4444);
// a new card is usable only once the SMS code sent when it is bound is confirmed (read from /dev/sms-outbox).
// The first two tests only look at DEMO-180 and DEMO-174 of the demo borrower. Every test that repays, binds a card or
// starts a redirect payment does it as a borrower of its own with an order of its own (newOrder: like the demo
// borrower, with the same two cards), so tests run on any worker in any order and the demo data stays as seeded.

const BORROWER = 'demo-borrower';
const EN = 'isNeedPop=1';
const ID = 'isNeedPop=0';
const LEGACY = '/api/v1/lendview/service/loan';

const repayUrl = (orderId: string, lang = EN, tok = BORROWER) => `/repay?orderId=${orderId}&productId=1&tok=${tok}&${lang}`;
const bindUrl = (orderId: string, lang = EN, tok = BORROWER) => `/bindCard?orderId=${orderId}&productId=1&tok=${tok}&${lang}`;

/** Opens /repay and gives its repayment-way answer (the browser's, or the server's: openWithAnswer). */
async function openRepay(page: Page, orderId: string, lang = EN, tok = BORROWER) {
  const body = await openWithAnswer<{ amount: number; cards: { id: number; cardNo: string }[] }>(page, repayUrl(orderId, lang, tok), {
    name: 'repaymentWay',
    path: `${LEGACY}/repayment-way`,
  });
  expect(body.code, `repayment-way ${orderId}`).toBe('00');
  await expect(page.getByTestId('amount-due')).toBeVisible();
  return body.data;
}

/** Records the requests to `path` made by the page. */
function recordRequests(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

const form = (req: Request) => Object.fromEntries(new URLSearchParams(req.postData() ?? ''));
const toast = (page: Page) => page.locator('.lv-toast__text');
const card = (page: Page, last4: string) => page.getByRole('radio', { name: new RegExp(`${last4}$`) });
const repayButton = (page: Page) => page.locator('.lv-page__footer').getByRole('button');
const codeField = (page: Page) => page.getByRole('textbox', { name: 'Verification code' });

/** Nothing wider than the 375 px screen. */
async function expectNoHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The newest card-binding code the demo SMS outbox holds for the borrower's phone (purpose 'card'). */
async function latestCardCode(request: APIRequestContext, phone: string): Promise<{ code: string; body: string }> {
  const outbox = await jsonOf<Outbox>(await request.get(`/dev/sms-outbox?phone=${phone}`));
  const message = outbox.data.messages.find((m) => m.purpose === 'card');
  const code = message && /\b(\d{6})\b/.exec(message.body)?.[1];
  expect(code, `a 6-digit card code in ${JSON.stringify(message)}`).toBeTruthy();
  return { code: code!, body: message!.body };
}

/** The newest repayment code the demo SMS outbox holds for the borrower's phone. */
async function latestRepayCode(request: APIRequestContext, phone: string): Promise<string> {
  const outbox = await jsonOf<Outbox>(await request.get(`/dev/sms-outbox?phone=${phone}`));
  const messages = outbox.data.messages;
  const message = messages.find((m) => m.purpose === 'repay') ?? messages[0]!;
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  expect(code, `a 6-digit code in "${message.body}"`).toBeTruthy();
  return code!;
}

test('/repay in English: amount, cards as a labelled radio group, no card → 请先选择银行卡 and nothing sent', async ({
  page,
  pageErrors,
}) => {
  const commits = recordRequests(page, `${LEGACY}/repayment-commit`);
  const data = await openRepay(page, 'DEMO-180');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Repay with bank card');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(data.amount).toBeGreaterThan(0);
  const group = page.getByRole('group', { name: 'Choose a bank card' });
  await expect(group.getByRole('radio')).toHaveCount(data.cards.length);
  await expect(card(page, '2222')).not.toBeChecked();
  await expect(card(page, '4444')).not.toBeChecked();
  await expect(repayButton(page)).toHaveText(/^Repay ₹[\d,]+$/);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await repayButton(page).click();
  await expect(toast(page)).toHaveText('请先选择银行卡');
  expect(commits).toHaveLength(0);
  expect(pageErrors).toEqual([]);
});

test('/repay in Indonesian: Rp, the same Chinese message, accessible, 375 px', async ({ page }) => {
  const commits = recordRequests(page, `${LEGACY}/repayment-commit`);
  await openRepay(page, 'DEMO-174', ID);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bayar dengan kartu bank');
  await expect(page.getByTestId('amount-due')).toHaveText(/^Rp [\d.]+$/);
  await expect(page.getByRole('group', { name: 'Pilih kartu bank' })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await repayButton(page).click();
  await expect(toast(page)).toHaveText('请先选择银行卡');
  expect(commits).toHaveLength(0);
});

test('SMS code card (a DEMO-5 twin): countdown, short code, wrong code, a second commit refused, right code settles', async ({
  page,
  context,
  request,
  pageErrors,
}) => {
  const mine = await newOrder(request, 'legacyOverdue');
  const order = mine.orderNo;
  const confirms = recordRequests(page, `${LEGACY}/repayment-confirm`);
  // A second tab on the same order, loaded before anything is paid (a borrower with two tabs, or a stale page).
  const other = await context.newPage();
  await openRepay(other, order, EN, mine.tok);

  await openRepay(page, order, EN, mine.tok);
  await card(page, '2222').check();
  const committed = page.waitForResponse((r) => r.url().includes(`${LEGACY}/repayment-commit`));
  await repayButton(page).click();
  const commit = await jsonOf<Envelope<{ needValid: number; repayRecordId: number }>>(await committed);
  expect(commit.code).toBe('00');
  expect(commit.data.needValid).toBe(1);

  // The code step: focus on the field, the 60 s countdown running and the resend button blocked.
  await expect(codeField(page)).toBeFocused();
  const resend = page.getByTestId('code-resend');
  await expect(resend).toHaveText(/^Resend code in (60|59|58)s$/);
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  const first = Number(/(\d+)s$/.exec((await resend.textContent()) ?? '')?.[1]);
  await expect.poll(async () => Number(/(\d+)s$/.exec((await resend.textContent()) ?? '')?.[1]), { timeout: 4000 }).toBeLessThan(first);
  await expect(card(page, '2222')).toBeChecked();
  await expect(card(page, '4444')).toBeDisabled();
  await expectAccessible(page);

  // A code shorter than 6: nothing sent.
  await codeField(page).fill('12345');
  await repayButton(page).click();
  await expect(page.getByText('Please enter the correct code')).toBeVisible();
  expect(confirms).toHaveLength(0);

  // The right code is in the demo SMS outbox; a wrong one first.
  const code = await latestRepayCode(request, mine.phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await codeField(page).fill(wrong);
  await repayButton(page).click();
  await expect(page.getByText('Verification code wrong')).toBeVisible();
  await expect(codeField(page)).toHaveValue(wrong);
  expect(confirms.map(form)).toEqual([{ orderId: order, verifyCode: wrong, repaymentRecordId: String(commit.data.repayRecordId) }]);

  // Committing the same repayment again from the other tab while this one waits for its code: 800005.
  await card(other, '4444').check();
  const again = other.waitForResponse((r) => r.url().includes(`${LEGACY}/repayment-commit`));
  await repayButton(other).click();
  expect((await jsonOf(await again)).code).toBe(800005);
  await expect(toast(other)).toHaveText('Do not submit the repayment request twice');

  // The right code: paid, to the loan details, which show the order settled (legacy settled: 'Borrow again').
  await codeField(page).fill(code);
  await repayButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/loanDetails\\?productId=1&orderId=${order}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loan details');
  await expect(page.locator('.lv-page__footer').getByRole('button')).toHaveText(['Borrow again']);
  await expect(page.getByTestId('status-image-200')).toBeVisible();

  // And once it is paid, the stale tab's commit is refused the same way.
  const afterPaid = other.waitForResponse((r) => r.url().includes(`${LEGACY}/repayment-commit`));
  await repayButton(other).click();
  expect((await jsonOf(await afterPaid)).code).toBe(800005);
  await expect(toast(other)).toHaveText('Do not submit the repayment request twice');
  expect(pageErrors).toEqual([]);
});

test('a card charged at once (a DEMO-3 twin): needValid 0 goes straight to the settled loan details', async ({ page, request }) => {
  const mine = await newOrder(request, 'legacy');
  await openRepay(page, mine.orderNo, EN, mine.tok);
  await card(page, '4444').check();
  const committed = page.waitForResponse((r) => r.url().includes(`${LEGACY}/repayment-commit`));
  await repayButton(page).click();
  const commit = await jsonOf<Envelope<{ needValid: number }>>(await committed);
  expect(commit.code).toBe('00');
  expect(commit.data.needValid).toBe(0);
  await expect(page).toHaveURL(new RegExp(`/loanDetails\\?productId=1&orderId=${mine.orderNo}$`));
  await expect(page.locator('.lv-page__footer').getByRole('button')).toHaveText(['Borrow again']);
});

test('bind a card: validation in place, digits grouped in fours, the SMS code (countdown, wrong code), then listed and chosen on /repay', async ({
  page,
  request,
  pageErrors,
}) => {
  const mine = await newOrder(request, 'overdue');
  const order = mine.orderNo;
  const binds = recordRequests(page, `${LEGACY}/bind-card`);
  const verifies = recordRequests(page, `${LEGACY}/bind-card-verify`);
  await openRepay(page, order, EN, mine.tok);
  await page.getByRole('link', { name: 'Add a new bank card' }).click();
  await expect(page).toHaveURL(new RegExp(`/bindCard\\?orderId=${order}&productId=1$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a bank card');
  await expectAccessible(page);

  const number = page.getByRole('textbox', { name: 'Card number' });
  await number.pressSequentially('8214-ab 5566 7788 9900');
  await expect(number).toHaveValue('8214 5566 7788 9900');

  // Nothing chosen, no name: the messages at their fields, nothing sent, nothing typed lost.
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByText('Please choose your bank')).toBeVisible();
  await expect(page.getByText('Please enter the card holder name')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Bank' })).toBeFocused();
  await expect(number).toHaveValue('8214 5566 7788 9900');
  expect(binds).toHaveLength(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.getByRole('combobox', { name: 'Bank' }).selectOption('PERMATA');
  await page.getByRole('textbox', { name: 'Card holder name' }).fill('Budi Santoso');
  const bound = page.waitForResponse((r) => r.url().includes(`${LEGACY}/bind-card`));
  await page.getByRole('button', { name: 'Add card' }).click();
  const answer = await jsonOf<Envelope<{ cardId: number }>>(await bound);
  expect(answer).toMatchObject({ code: '00', data: { needVerify: true, resendAfter: 60, card: { cardNo: '**** **** **** 9900' } } });
  expect(binds.map(form)).toEqual([{ bankCode: 'PERMATA', cardNo: '8214556677889900', holderName: 'Budi Santoso' }]);

  // The code step: the card is not usable yet; the code went to the borrower's phone (the demo outbox).
  const code = page.getByRole('textbox', { name: 'Verification code' });
  await expect(code).toBeFocused();
  await expect(page.getByText('Enter it to add your Permata card ending in 9900.', { exact: false })).toBeVisible();
  const resend = page.getByTestId('card-code-resend');
  await expect(resend).toHaveText(/^Resend code in (60|59|58)s$/);
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  const sms = await latestCardCode(request, mine.phone);
  expect(sms.body).toBe(
    `Your LendView code to add your Permata card ending in 9900 is ${sms.code}. It expires in 10 minutes. Never share it with anyone.`,
  );
  const before = await jsonOf<Envelope<{ cards: { cardNo: string }[] }>>(
    await request.post(`${LEGACY}/repayment-way?tok=${mine.tok}`, { form: { orderId: order } }),
  );
  expect(before.data.cards.map((c) => c.cardNo)).not.toContain('**** **** **** 9900');

  // A wrong code: the server's message at the field, the code kept.
  const wrong = sms.code === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Confirm card' }).click();
  await expect(page.getByText('Verification code wrong. 4 attempts left.')).toBeVisible();
  await expect(code).toHaveValue(wrong);

  // The right one: back to /repay with the new card chosen.
  await code.fill(sms.code);
  await page.getByRole('button', { name: 'Confirm card' }).click();
  await expect(page).toHaveURL(new RegExp(`/repay\\?orderId=${order}&productId=1&cardId=\\d+$`));
  expect(verifies.map(form)).toEqual([
    { cardId: String(answer.data.cardId), verifyCode: wrong },
    { cardId: String(answer.data.cardId), verifyCode: sms.code },
  ]);
  await expect(card(page, '9900')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Choose a bank card' }).getByRole('radio')).toHaveCount(3);
  expect(pageErrors).toEqual([]);
});

test('/bindCard in Indonesian: labels and messages, accessible, 375 px', async ({ page, request }) => {
  // The code step leaves a card waiting for its code: on a borrower of this test's own.
  const mine = await newOrder(request, 'extendable');
  await page.goto(bindUrl(mine.orderNo, ID, mine.tok));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tambah kartu bank');
  await page.getByRole('textbox', { name: 'Nomor kartu' }).fill('1234');
  await page.getByRole('button', { name: 'Tambah kartu' }).click();
  await expect(page.getByText('Silakan pilih bank Anda')).toBeVisible();
  await expect(page.getByText('Silakan masukkan nomor kartu 10 sampai 19 digit')).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The code step in Indonesian (the card is left waiting: it is never usable without its code).
  await page.getByRole('combobox', { name: 'Bank' }).selectOption('BRI');
  await page.getByRole('textbox', { name: 'Nomor kartu' }).fill('5221 8400 1234 5678');
  await page.getByRole('textbox', { name: 'Nama pemegang kartu' }).fill('Siti Rahma');
  await page.getByRole('button', { name: 'Tambah kartu' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Pastikan ini kartu Anda');
  await expect(page.getByTestId('card-code-resend')).toHaveText(/^Kirim ulang kode dalam (60|59|58) dtk$/);
  await page.getByRole('textbox', { name: 'Kode verifikasi' }).fill('123');
  await page.getByRole('button', { name: 'Konfirmasi kartu' }).click();
  await expect(page.getByText('Silakan masukkan kode yang benar')).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Gunakan kartu lain' }).click();
  await expect(page.getByRole('textbox', { name: 'Nomor kartu' })).toHaveValue('5221 8400 1234 5678');
});

/** Binds and verifies a card through the API, as /bindCard does (bind-card, the SMS code, bind-card-verify). */
async function bindVerifiedCard(
  request: APIRequestContext,
  mine: OrderFixture,
  card: { bankCode: string; cardNo: string; holderName: string },
) {
  const bound = (await (await request.post(`${LEGACY}/bind-card?tok=${mine.tok}`, { form: card })).json()) as Envelope<{ cardId: number }>;
  expect(bound.code, bound.message).toBe('00');
  const { code } = await latestCardCode(request, mine.phone);
  const fields = { cardId: String(bound.data.cardId), verifyCode: code };
  const verified = (await (await request.post(`${LEGACY}/bind-card-verify?tok=${mine.tok}`, { form: fields })).json()) as Envelope<unknown>;
  expect(verified.code, verified.message).toBe('00');
}

test('a card whose bank pays on its own page: the commit answers a url and the browser goes there', async ({ page, request }) => {
  // A PERMATA card (its bank confirms on a hosted page), bound and verified first.
  const mine = await newOrder(request, 'overdue');
  await bindVerifiedCard(request, mine, { bankCode: 'PERMATA', cardNo: '8214556677889900', holderName: 'Budi Santoso' });
  await openRepay(page, mine.orderNo, EN, mine.tok);
  const commits = recordRequests(page, `${LEGACY}/repayment-commit`);
  await card(page, '9900').check();
  await repayButton(page).click();
  // (The answer's body is gone once the page has left: the address it went to says what the url was.)
  await expect(page).toHaveURL(/\/payments\/sandbox\/hosted\?.*ref=/);
  expect(commits.map(form)).toEqual([expect.objectContaining({ orderId: mine.orderNo, sendMsg: '0' })]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment');
});

test('"pay via hosted page": repayment-huichao (userId \'\', orderId, amount) answers its url', async ({ page, request }) => {
  const mine = await newOrder(request, 'extendable');
  const huichao = recordRequests(page, `${LEGACY}/repayment-huichao`);
  const data = await openRepay(page, mine.orderNo, EN, mine.tok);
  await page.getByRole('button', { name: 'Pay via hosted page' }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/hosted\?.*ref=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment');
  expect(huichao.map(form)).toEqual([{ userId: '', orderId: mine.orderNo, amount: String(data.amount) }]);
});
