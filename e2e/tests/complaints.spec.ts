import { makePng } from './images.ts';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import {
  type Envelope,
  type OrderFixture,
  bridgeCalls,
  clientRendered,
  expect,
  expectAccessible,
  flushPageTasks,
  jsonOf,
  newOrder,
  test,
} from './fixtures.ts';
import { operatorSession } from './ops-login.ts';

// The complaint-chatbot remote against the real API and its demo data (spec 2.4, 4.1, 4.2, 5, 7.2):
// file a complaint with two photos, find it in My complaints, the operator answers it, the borrower sees the
// answer and rates it; the complaint entry (collection rules), the problem grid and the chatbot.
// The first two tests run in order (serial): the operator test answers the complaint filed by the first. Tests that
// file, rate or talk to the chatbot do it on an order of their own (newOrder); the others only read DEMO-170.
//
// Endpoints each test needs (packages/contracts/src/complaint.ts):
//   filing:   POST /user-problem/problem-init, /user-problem/upload-problem-img, /user-problem/problem-save,
//             /user-problem/problem-list, /user-problem/problem-detail
//   operator: POST /ops/api/login and /ops/api/complaints/answer (docs/complaints.md),
//             then /user-problem/problem-detail and /user-problem/save-score
//   entry:    POST /user-problem/problem-init
//   chatbot:  POST /h5-api/v3/user-problem/problem-init, GET /h5-api/v3/user-problem/get-qa-list,
//             POST /h5-api/v3/user-problem/qa-record (+ the marketing remote's /customerService page)

const BORROWER = 'demo-borrower';
const OTHER_BORROWER = 'demo-borrower-2';
const EN = 'isNeedPop=1';
const ID = 'isNeedPop=0';

const at = (path: string, lang = EN, tok = BORROWER) => `${path}${path.includes('?') ? '&' : '?'}tok=${tok}&${lang}`;
const toast = (page: Page) => page.locator('.lv-toast__text');

/** Form body of a request as an object. */
function form(req: Request): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(req.postData() ?? ''));
}

/** Records the requests to `path` made by the page. */
function recordRequests(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

// ------------------------------------------------------------------------------------ test photos

/** Width and height of a JPEG (its SOF marker), or null when the bytes are not a JPEG. */
function jpegSize(buf: Buffer): { width: number; height: number } | null {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

// ---------------------------------------------------------------------------------- operator API

/**
 * Answers a complaint as the support operator (docs/complaints.md "Operator API"): a session (password, then the
 * authenticator code: ops-login.ts); POST /ops/api/complaints/answer {problemId, disposeDetail} with
 * `Authorization: Bearer <token>`.
 */
async function answerAsOperator(request: APIRequestContext, problemId: number, answer: { text: string }): Promise<void> {
  const { token } = await operatorSession(request, 'support');
  const answered = await request.post('/ops/api/complaints/answer', {
    form: { problemId: String(problemId), disposeDetail: answer.text },
    headers: { authorization: `Bearer ${token}` },
  });
  const result = await jsonOf(answered);
  expect(result.code, 'operator answer').toBe('00');
  expect(result.data).toEqual({ problemId, state: 'processed' });
}

// ------------------------------------------------------------------------------------------ tests

/** The complaint filed by the first test (the operator test answers it), on that test's own order. */
let filed: { problemId: number; text: string; mine: OrderFixture } | undefined;

test.describe('a complaint from filing to rating', () => {
  test.describe.configure({ mode: 'serial' });

  test('file a complaint with two photos, shrunk in the browser, and find it in My complaints', async ({ page, request, pageErrors }) => {
    const mine = await newOrder(request, 'early');
    const order = mine.orderNo;
    const saves = recordRequests(page, '/user-problem/problem-save');
    // Each upload: the file name in its multipart body and the URL the server gave it.
    const uploads: { file: string; body: Buffer; url?: string }[] = [];
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname !== '/user-problem/upload-problem-img') return;
      const body = r.request().postDataBuffer() ?? Buffer.alloc(0);
      const file = /filename="([^"]*)"/.exec(body.toString('latin1'))?.[1] ?? '';
      uploads.push({ file, body, url: (await jsonOf<Envelope<{ url?: string } | null>>(r)).data?.url });
    });
    const urlOf = (name: string) => uploads.find((u) => u.file.startsWith(name))?.url;
    // Chromium's network events leave out a request body built from a Blob (the photo); an intercepted
    // request carries it. Passing the upload through a route changes nothing else.
    await page.route('**/user-problem/upload-problem-img**', (route) => route.continue());

    await page.goto(at(`/complaint?orderNo=${order}`, EN, mine.tok));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complaints and help');
    await expect(page.getByTestId('order-card')).toContainText(`Order no. ${order}`);
    await expectAccessible(page);

    // Repayment (type 2) goes straight to the form.
    await page.getByRole('button', { name: 'Repayment', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/complainPageNext\\?problemType=2&problemSonType=0&orderNo=${order}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submit a complaint');
    await expect(page.getByTestId('complaint-type')).toHaveText('Repayment');

    // Empty submit: the spec's message, nothing sent.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page)).toHaveText('Please fill in your comments and suggestions');
    expect(saves).toHaveLength(0);

    const text = `E2E ${Date.now()}: I paid at the mini market yesterday but the loan still shows unpaid.`;
    const box = page.getByRole('textbox', { name: 'Your comments and suggestions' });
    await box.fill(text);
    await expect(page.getByTestId('counter')).toContainText(`${text.length}/200`);
    await expectAccessible(page);

    // Two photos: a 12 MP-sized one (4000 × 3000) and a small one.
    await page.getByTestId('photo-input').setInputFiles([
      { name: 'receipt.png', mimeType: 'image/png', buffer: makePng(4000, 3000, 1) },
      { name: 'screen.png', mimeType: 'image/png', buffer: makePng(600, 800, 2) },
    ]);
    await expect(page.locator('.cc-photo.is-done')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByText('2/9')).toBeVisible();
    await expect.poll(() => uploads.filter((u) => u.url).length).toBe(2);
    // What went up (field problemImage) is what the browser made: the 4000 × 3000 PNG as a 1600 × 1200 JPEG.
    // The two uploads run side by side, so they may finish in either order.
    expect(uploads.every((u) => u.body.includes('name="problemImage"'))).toBe(true);
    const sizes = [];
    for (const upload of uploads) {
      const url = upload.url!;
      const image = await request.get(`${url}${url.includes('?') ? '&' : '?'}tok=${mine.tok}`);
      expect(image.ok(), url).toBe(true);
      sizes.push(jpegSize(await image.body()));
    }
    expect(sizes).toContainEqual({ width: 1600, height: 1200 });
    expect(uploads.find((u) => u.file.startsWith('receipt'))?.file).toBe('receipt.jpg');
    await expectAccessible(page);

    // Submit: saved with the two URLs, the success modal, then back to the complaint entry.
    const saved = page.waitForResponse((r) => r.url().includes('/user-problem/problem-save'));
    await page.getByRole('button', { name: 'Submit' }).click();
    const answer = await jsonOf<Envelope<{ problemId: number }>>(await saved);
    expect(answer.code).toBe('00');
    expect(saves.map(form)).toEqual([
      // In the order the photos were added, whichever finished uploading first.
      {
        problemType: '2',
        problemSonType: '0',
        problemDetail: text,
        problemImage: `${urlOf('receipt')},${urlOf('screen')}`,
        orderNo: order,
      },
    ]);
    await expect(page.getByRole('dialog', { name: 'Complaint submitted' })).toBeVisible();
    await expectAccessible(page);
    await expect(page).toHaveURL(new RegExp(`/complaint\\?orderNo=${order}`), { timeout: 5000 });
    // The draft went with it.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('lv.complaint.draft')))).toEqual([]);
    filed = { problemId: answer.data.problemId, text, mine };

    // My complaints: it is there; it opens its detail.
    await page.getByRole('link', { name: 'My complaints' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My complaints');
    const item = page.locator('.cc-complaint', { hasText: text.slice(0, 40) }).first();
    await expect(item).toBeVisible();
    await expect(item.locator('.cc-complaint__type')).toHaveText('Repayment');
    await expectAccessible(page);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/complainDetails\\?problemId=${filed.problemId}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complaint details');
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByTestId('detail-counter')).toHaveText(`${text.length}/200`);
    await expect(page.getByText('Your complaint is being processed.')).toBeVisible();
    await expect(page.getByText('We will reply within 3 working days')).toBeVisible();
    // Both photos show (they load with the borrower's session).
    const thumbs = page.getByRole('list', { name: 'Your photos' }).locator('img');
    await expect(thumbs).toHaveCount(2);
    await expect.poll(() => thumbs.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0))).toEqual([true, true]);
    await expectAccessible(page);
    // Not answered: no rating, even 3.5 s after it loaded. The page's clock is moved on instead of waiting: the
    // 3 s rating timer (which the next test sees firing on an answered complaint) would fire within runFor.
    await page.clock.install();
    await page.goto(at(`/complainDetails?problemId=${filed.problemId}`, EN, mine.tok));
    await expect(page.getByText(text)).toBeVisible();
    await page.clock.runFor(3500);
    await flushPageTasks(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Another borrower cannot see it.
    await page.goto(at(`/complainDetails?problemId=${filed.problemId}`, EN, OTHER_BORROWER));
    await expect(page.getByText('This complaint could not be found.')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('the operator answers; the borrower sees the result and rates it (3 s, "Silakan pilih", Send)', async ({
    page,
    request,
    pageErrors,
  }) => {
    expect(filed, 'the first test filed a complaint').toBeTruthy();
    const { problemId, mine } = filed!;
    const reply = `We checked your payment (${Date.now()}). It is confirmed now.`;
    await answerAsOperator(request, problemId, { text: reply });

    const scores = recordRequests(page, '/user-problem/save-score');
    // The page's clock, moved on by the test: the 3 s before the rating dialog pass without waiting for them.
    await page.clock.install();
    await page.goto(at(`/complainDetails?problemId=${problemId}`, ID, mine.tok));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Detail pengaduan');
    await expect(page.getByText(reply)).toBeVisible();
    await expect(page.getByText(/^Dijawab oleh /)).toBeVisible();
    await expectAccessible(page);

    // 3 s after load the rating dialog appears (isScore non-zero while answered and not rated).
    const dialog = page.getByRole('dialog', { name: 'Beri nilai balasan kami' });
    await page.clock.runFor(3000);
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Kirim' }).click();
    await expect(toast(page)).toHaveText('Silakan pilih');
    expect(scores).toHaveLength(0);
    await dialog.getByRole('radio', { name: '4 bintang' }).click();
    const saved = page.waitForResponse((r) => r.url().includes('/user-problem/save-score'));
    await dialog.getByRole('button', { name: 'Kirim' }).click();
    expect((await jsonOf(await saved)).code).toBe('00');
    expect(scores.map(form)).toEqual([{ score: '4', problemId: String(problemId) }]);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Rated: the dialog does not come back, however long the page stays open.
    await page.reload();
    await expect(page.getByText(reply)).toBeVisible();
    await page.clock.runFor(3500);
    await flushPageTasks(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });
});

test('complaint entry: collection shows its sub-types, or the isShow message; the order picker; Indonesian', async ({
  page,
  pageErrors,
}) => {
  // The page's own call is what this test reads (its form body), so the page comes client-rendered.
  await clientRendered(page, (u) => u.pathname === '/complaint');
  const inits = recordRequests(page, '/user-problem/problem-init');
  const first = page.waitForResponse((r) => r.url().includes('/user-problem/problem-init'));
  await page.goto(at('/complaint?orderNo=DEMO-170'));
  const init = (await (await first).json()) as {
    code: string;
    data: { orderDetail: { isShow: number }; orderList: { orderNo: string; isShow: number }[] };
  };
  expect(init.code).toBe('00');
  expect(form(inits[0]!)).toEqual({ orderId: 'DEMO-170' });

  const collection = page.getByRole('button', { name: 'Collection', exact: true });
  if (init.data.orderDetail.isShow === 1) {
    await collection.click();
    await expect(collection).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Harassing calls or messages' }).click();
    await expect(page).toHaveURL(/\/complainPageNext\?problemType=1&problemSonType=1&orderNo=DEMO-170/);
    await expect(page.getByTestId('complaint-type')).toHaveText('Collection · Harassing calls or messages');
    await page.goBack();
  }

  // The picker: every order of the borrower; picking one reloads with it.
  await page.getByRole('button', { name: 'All, choose another order' }).click();
  const sheet = page.getByRole('dialog', { name: 'Choose an order' });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('.cc-picker__item')).toHaveCount(init.data.orderList.length);
  await expectAccessible(page);

  // An order that does not allow collection complaints: the demo's own if it has one; otherwise the real
  // answer with isShow set to 0 for that order (only that field changes).
  let refused = init.data.orderList.find((o) => o.isShow !== 1)?.orderNo;
  if (!refused) {
    refused = init.data.orderList.find((o) => o.orderNo !== 'DEMO-170')!.orderNo;
    await page.route('**/user-problem/problem-init**', async (route) => {
      const res = await route.fetch();
      const body = await jsonOf<Envelope<{ orderDetail?: { orderNo: string; isShow: number } } | null>>(res);
      const detail = body.data?.orderDetail;
      if (detail && detail.orderNo === refused) detail.isShow = 0;
      await route.fulfill({ response: res, json: body });
    });
  }
  await sheet.locator('.cc-picker__item', { hasText: refused }).click();
  await expect(page).toHaveURL(new RegExp(`orderNo=${refused}`));
  await expect(page.getByTestId('order-card')).toContainText(refused);
  await page.getByRole('button', { name: 'Collection', exact: true }).click();
  await expect(toast(page)).toHaveText('The selected order does not support sending collection types');
  await expect(page).toHaveURL(/\/complaint\?/);

  // Indonesian.
  await page.goto(at(`/complaint?orderNo=${refused}`, ID));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pengaduan dan bantuan');
  await page.getByRole('button', { name: 'Penagihan', exact: true }).click();
  await expect(toast(page)).toHaveText('Pesanan yang dipilih tidak mendukung pengaduan jenis penagihan');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  expect(pageErrors).toEqual([]);
});

test('problem grid → chatbot: a category, a question, Resolved with 5 stars, then on to the complaint form', async ({
  page,
  request,
  pageErrors,
}) => {
  // The chatbot records answers and stars against the order: an order of this test's own.
  const mine = await newOrder(request, 'early');
  const order = mine.orderNo;
  const records = recordRequests(page, '/h5-api/v3/user-problem/qa-record');
  const lists = recordRequests(page, '/h5-api/v3/user-problem/get-qa-list');
  await page.goto(at(`/complainNewPage?orderNo=${order}`, EN, mine.tok));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How can we help?');
  await expect(page.getByTestId('order-card')).toContainText(order);
  await expectAccessible(page);

  // The demo QA tree: Loan application, Repayment, Account and security. Repayment is the second.
  await page.getByRole('region', { name: 'Choose a topic' }).getByRole('button', { name: 'Repayment' }).click();
  await expect(page).toHaveURL(new RegExp(`/intelligentCustomerService\\?selectedIndex=1&orderNo=${order}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer service assistant');
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByRole('button', { name: 'How do I repay?' })).toBeVisible();
  expect(lists.map((r) => new URL(r.url()).searchParams.get('pid'))).toEqual(['0', '2']);
  await expectAccessible(page);

  await log.getByRole('button', { name: 'How do I repay?' }).click();
  await expect(log.getByText(/^Open your loan and tap Repay/)).toBeVisible();
  await log.getByRole('button', { name: 'Resolved', exact: true }).click();
  const stars = page.getByRole('dialog', { name: 'How would you rate this answer?' });
  await expect(stars).toBeVisible();
  await expectAccessible(page);
  await stars.getByRole('radio', { name: '5 stars' }).click();
  await expect(stars).toBeHidden();
  await expect.poll(async () => (await bridgeCalls(page)).map((c) => c.message.action)).toContain('goRating');
  await expect
    .poll(() => records.map(form))
    .toEqual([
      { orderNo: order, type: '2', value: '1', qaId: '21' },
      { orderNo: order, type: '3', value: '5', qaId: '21' },
    ]);

  // "I have paid but my loan is still unpaid" goes to the complaint form (action_type 4): record type 1.
  await log.getByRole('button', { name: 'I have paid but my loan is still unpaid' }).last().click();
  await expect(page).toHaveURL(new RegExp(`/complainPageNext\\?orderNo=${order}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submit a complaint');
  await expect(page.getByRole('combobox', { name: 'Complaint type' })).toBeVisible();
  expect(records.map(form)[2]).toEqual({ orderNo: order, type: '1', value: '', qaId: '23' });
  await expectAccessible(page);
  expect(pageErrors).toEqual([]);
});

test('chatbot: Not resolved, 3 stars with the server message, free text with Contact CS, empty send; Indonesian', async ({
  page,
  request,
  pageErrors,
}) => {
  // The chatbot records answers and stars against the order: an order of this test's own.
  const mine = await newOrder(request, 'early');
  const order = mine.orderNo;
  const records = recordRequests(page, '/h5-api/v3/user-problem/qa-record');
  await page.goto(at(`/intelligentCustomerService?selectedIndex=0&orderNo=${order}`, ID, mine.tok));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Asisten layanan pelanggan');
  const log = page.getByRole('log', { name: 'Percakapan' });

  await log.getByRole('button', { name: 'Berapa lama proses persetujuan?' }).click();
  await log.getByRole('button', { name: 'Belum teratasi' }).click();
  await expect.poll(() => records.map(form)).toEqual([{ orderNo: order, type: '2', value: '2', qaId: '11' }]);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Under 4 stars: the server's message in the chat, no native rating.
  await log.getByRole('button', { name: 'Siapa yang bisa mengajukan?' }).click();
  await log.getByRole('button', { name: 'Teratasi', exact: true }).click();
  const starAnswer = page.waitForResponse((r) => r.url().includes('/qa-record') && form(r.request()).type === '3');
  await page.getByRole('dialog').getByRole('radio', { name: '3 bintang' }).click();
  const reply = (await jsonOf<Envelope<{ reply: string }>>(await starAnswer)).data.reply;
  expect(reply.trim()).not.toBe('');
  await expect(log.getByText(reply)).toBeVisible();
  expect((await bridgeCalls(page)).map((c) => c.message.action)).not.toContain('goRating');

  // An empty send does nothing (spec): Send is disabled while the box is empty or blank (issue 40: not a live
  // button that does nothing), and Enter sends nothing.
  const input = page.getByRole('textbox', { name: 'Pertanyaan Anda' });
  const before = records.length;
  await expect(page.getByRole('button', { name: 'Kirim' })).toBeDisabled();
  await input.fill('   ');
  await expect(page.getByRole('button', { name: 'Kirim' })).toBeDisabled();
  await input.press('Enter');
  // What a send would start (its request) has started by the time the page's queued tasks have run: no fixed wait.
  await flushPageTasks(page);
  expect(records).toHaveLength(before);

  // Free text: record type 4 and the server's reply with Contact CS.
  const textAnswer = page.waitForResponse((r) => r.url().includes('/qa-record') && form(r.request()).type === '4');
  await input.fill('Bagaimana cara membayar pinjaman saya?');
  await input.press('Enter');
  const answer = (await jsonOf<Envelope<{ reply: string }>>(await textAnswer)).data;
  expect(form(records.at(-1)!)).toEqual({ orderNo: order, type: '4', value: 'Bagaimana cara membayar pinjaman saya?', qaId: '0' });
  await expect(log.getByText(answer.reply)).toBeVisible();
  await expect(input).toHaveValue('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await log.getByRole('link', { name: 'Hubungi CS' }).last().click();
  await expect(page).toHaveURL(/\/customerService/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('every screen at 375 px in English and Indonesian: one h1, no sideways scroll, axe-clean', async ({ page }) => {
  // Twelve pages, each with a whole axe analysis (3-5 s a page beside the deep-link matrix on the other worker): the
  // suite's 60 s is a budget for one flow, not for twelve (it timed out in CI at 1.0 m with every check passing).
  test.setTimeout(180_000);
  // Each screen with what shows that its data has arrived.
  const screens: [path: string, ready: string][] = [
    ['/complaint?orderNo=DEMO-170', '[data-testid="order-card"]'],
    ['/complainNewPage?orderNo=DEMO-170', '.cc-tile'],
    ['/intelligentCustomerService?selectedIndex=2&orderNo=DEMO-170', '.cc-option >> nth=3'],
    ['/complainPageNext?problemType=2&problemSonType=0&orderNo=DEMO-170', '[data-testid="complaint-type"]:not(:empty)'],
    ['/complainPageNext?orderNo=DEMO-170', 'select'],
    ['/complaintList', '[role="tab"]'],
  ];
  for (const lang of [EN, ID]) {
    for (const [path, ready] of screens) {
      await page.goto(at(path, lang));
      await expect(page.locator(ready).first(), path).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      await expectAccessible(page);
    }
  }
});
