import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { type Envelope, expect, newOrder, test } from './fixtures.ts';
import { DEMO_OPERATORS, type OperatorSession, operatorSession, signInOnPage, useOperatorSession } from './ops-login.ts';

// The support console (/ops, apps/ops-console; issue 13's proof): an agent signs in, finds an overdue complaint,
// assigns it to themself, answers it with a photo; the borrower sees the answer in the app and rates it; the
// score shows in the console. A message sent from the marketing site's contact form appears in the queue as its
// own kind. Every console screen is axe-clean at 390 px and 1280 px.

const WIDTHS = [390, 1280] as const;
// Each test walks several console screens and checks each with axe at two widths: 15-50 s on a quiet machine, over
// a minute on a busy 2-core one (CI saw the funds-and-holidays walk cut at 60 s). Not a sign-in wait: none waits now.
test.describe.configure({ timeout: 120_000 });
const toast = (page: Page) => page.locator('.lv-toast__text');

/** No axe violation of any impact on the page as it is now, once animations have settled. */
async function expectNoAxeViolations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const result = await new AxeBuilder({ page }).analyze();
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe violations on ${page.url()} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** The same screen at each width, checked by axe. */
async function axeAtBothWidths(page: Page) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
}

/** The sign-in screens (password, then the code), each axe-clean at both widths; Back leaves without a code. */
async function checkSignInScreens(page: Page) {
  await page.goto('/ops?isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to the support console');
  await axeAtBothWidths(page);
  await page.getByLabel('Username').fill(DEMO_OPERATORS.support.username);
  await page.getByLabel('Password').fill(DEMO_OPERATORS.support.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your authenticator code');
  await axeAtBothWidths(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to the support console');
}

/** A support session of the test's own through the API (password + code); the tab gets it in sessionStorage. */
async function signIn(page: Page, request: APIRequestContext): Promise<OperatorSession> {
  const session = await operatorSession(request, 'support');
  await useOperatorSession(page, session);
  return session;
}

/** A small real PNG (1 × 1, red). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

interface Filed {
  problemId: number;
  tok: string;
  text: string;
}

/** A borrower of this test's own files a complaint about their order through the app's API. */
async function fileComplaint(request: APIRequestContext): Promise<Filed> {
  const mine = await newOrder(request, 'early');
  const text = `E2E console ${Date.now()}: a collector called my mother five times today.`;
  const res = await request.post(`/user-problem/problem-save?tok=${mine.tok}`, {
    form: { problemType: '1', problemSonType: '1', problemDetail: text, problemImage: '', orderNo: mine.orderNo },
    headers: { 'idempotency-key': `e2e-console-${Date.now()}` },
  });
  const body = (await res.json()) as Envelope<{ problemId: number }>;
  expect(body.code, `problem-save: ${body.message}`).toBe('00');
  return { problemId: body.data.problemId, tok: mine.tok, text };
}

/**
 * A complaint filed `ageDays` ago (past its 3 working days) by a fresh borrower about its overdue order: the demo
 * server's fixture POST /dev/fixtures/complaint (apps/api/src/routes/dev/fixtures.ts).
 */
async function agedComplaint(request: APIRequestContext, ageDays: number): Promise<Filed> {
  const res = await request.post('/dev/fixtures/complaint', { form: { ageDays: String(ageDays) } });
  const body = (await res.json()) as Envelope<Filed>;
  expect(body.code, `POST /dev/fixtures/complaint: ${body.message}`).toBe('00');
  return body.data;
}

/**
 * The agent's part on an open complaint page: assign to me, answer with a photo; then the borrower sees the
 * answer and rates it 4; the console shows the score.
 */
async function assignAnswerAndRate(page: Page, context: BrowserContext, filed: Filed, agent: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Complaint #${filed.problemId}`);
  await expect(page.getByTestId('complaint-text')).toHaveText(filed.text);
  await expect(page.getByRole('heading', { level: 2, name: 'Order' })).toBeVisible();
  await axeAtBothWidths(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByTestId('assignee')).toHaveText(`Assigned to ${agent}`);
  await expect(page.getByTestId('audit')).toContainText(`Assigned to ${agent}`);

  // Answer with a photo, after the confirmation.
  const reply = `We stopped the calls and warned the agency (${Date.now()}).`;
  await page.getByRole('textbox', { name: 'Answer' }).fill(reply);
  await page.getByTestId('answer-photo-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: 'Remove photo 1: proof.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Send answer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this answer?' });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page)).toHaveText('Answer sent.');
  await expect(page.getByTestId('answer-text')).toHaveText(reply);
  await expect(page.getByTestId('csat')).toHaveText('Not rated yet.');
  await expect(page.getByTestId('audit')).toContainText('Answered the complaint');
  // The answer's photo loads with the operator's session (a blob: URL, no link that expires).
  const answerPhoto = page.getByRole('list', { name: 'Photos' }).last().getByRole('img');
  await expect(answerPhoto).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => answerPhoto.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await axeAtBothWidths(page);

  // The borrower sees the answer and rates it 4 (the dialog opens 3 s after the page loads).
  const borrower = await context.newPage();
  await borrower.clock.install();
  await borrower.goto(`/complainDetails?problemId=${filed.problemId}&tok=${filed.tok}&isNeedPop=1`);
  await expect(borrower.getByText(reply)).toBeVisible();
  await borrower.clock.runFor(3000);
  const rate = borrower.getByRole('dialog');
  await expect(rate).toBeVisible();
  await rate.getByRole('radio', { name: '4 stars' }).click();
  const saved = borrower.waitForResponse((r) => r.url().includes('/user-problem/save-score'));
  await rate.getByRole('button', { name: 'Send' }).click();
  expect(((await (await saved).json()) as Envelope<unknown>).code).toBe('00');
  await borrower.close();

  // The console shows the score.
  await page.reload();
  await expect(page.getByTestId('csat')).toContainText('4 of 5');
  await expect(page.getByRole('img', { name: 'Borrower rating: 4 stars' })).toBeVisible();
}

test('an agent finds a new complaint, assigns it, answers with a photo; the borrower rates it; the score shows', async ({
  page,
  context,
  request,
  pageErrors,
}) => {
  const filed = await fileComplaint(request);
  // The agent signs in on the console's own screens: password, then the authenticator code (TOTP).
  await checkSignInScreens(page);
  const agent = await signInOnPage(page, 'support', () => page.getByRole('heading', { level: 1, name: 'Queue' }));
  await expect(page.getByText(`Signed in as ${agent.username}`)).toBeVisible();
  await axeAtBothWidths(page);

  // Found by searching its text; it is due in 3 working days and not overdue yet.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('searchbox', { name: 'Search' }).fill(filed.text.slice(0, 30));
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.locator('.oc-row', { hasText: filed.text });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link')).toHaveText(`Complaint #${filed.problemId}`);
  await expect(row.getByText('Collection · Harassing calls or messages')).toBeVisible();
  await expect(row.getByText(/^Due \d{4}-\d{2}-\d{2} 23:59:59$/)).toBeVisible();
  await expect(row.locator('.oc-badge--overdue')).toHaveCount(0);
  await expect(row.getByText('Unassigned')).toBeVisible();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/ops/item\\?kind=complaint&id=${filed.problemId}$`));
  await assignAnswerAndRate(page, context, filed, agent.username);

  // Back in the queue (answered ones): assigned to me, answered, rated.
  await page.goto(`/ops?state=processed&q=${encodeURIComponent(filed.text.slice(0, 30))}`);
  const done = page.locator('.oc-row', { hasText: filed.text });
  await expect(done.getByText('Answered')).toBeVisible();
  await expect(done.getByText(`Assigned to ${agent.username}`)).toBeVisible();
  await expect(done.getByText('Rated 4 of 5')).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('an overdue complaint is listed first and marked; the agent assigns and answers it; the borrower rates it', async ({
  page,
  context,
  request,
  pageErrors,
}) => {
  const filed = await agedComplaint(request, 7);
  const agent = await signIn(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ops?kind=complaint&isNeedPop=1');
  // Overdue ones come first: the first row is overdue, and with "Overdue only" ours is among them.
  await expect(page.locator('.oc-row').first().locator('.oc-badge--overdue')).toHaveText('Overdue');
  await page.getByRole('checkbox', { name: 'Overdue only' }).check();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/ops\?kind=complaint&overdueOnly=1$/);
  const row = page.locator('.oc-row', { hasText: filed.text });
  await expect(row.locator('.oc-badge--overdue')).toHaveText('Overdue');
  await expect(row.locator('.oc-row__due')).toHaveClass(/is-overdue/);
  await row.getByRole('link').click();
  await assignAnswerAndRate(page, context, filed, agent.username);
  expect(pageErrors).toEqual([]);
});

test('a message from the contact form appears in the queue as its own kind; closing it', async ({ page, context, request, pageErrors }) => {
  const name = `E2E Visitor ${Date.now() % 100000}`;
  const visitor = await context.newPage();
  await visitor.goto('/Contact?isNeedPop=1');
  await visitor.getByRole('textbox', { name: 'Name' }).fill(name);
  await visitor.getByRole('textbox', { name: 'Phone number' }).fill('081299887766');
  await visitor.getByRole('textbox', { name: 'Message' }).fill('Please call me about a second loan.');
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(visitor)).toHaveText('Submit successfully！');

  const agent = await signIn(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/ops?q=${encodeURIComponent(name)}&isNeedPop=1`);
  const row = page.locator('.oc-row', { hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link')).toHaveText(/^Contact message #\d+$/);
  await expect(row.getByText('Contact message', { exact: true })).toBeVisible();
  await expect(row.getByText('Open')).toBeVisible();
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Contact message #\d+$/);
  await expect(page.getByTestId('contact-text')).toHaveText('Please call me about a second loan.');
  await expect(page.getByText('081299887766')).toBeVisible();
  await expect(page.getByText('Contact page form')).toBeVisible();
  await axeAtBothWidths(page);

  await page.getByRole('textbox', { name: 'What was done' }).fill('Called back, explained the second loan.');
  await page.getByRole('button', { name: 'Close message' }).click();
  await expect(toast(page)).toHaveText('Message closed.');
  await expect(page.getByText(new RegExp(`^Closed by ${agent.username} on `))).toBeVisible();
  await expect(page.getByTestId('audit')).toContainText('Closed the message');
  expect(pageErrors).toEqual([]);
});

test('unapplied funds and holidays: read, add and remove a holiday; axe-clean at both widths; Indonesian remembered', async ({
  page,
  request,
  pageErrors,
}) => {
  await signIn(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ops/funds?isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unapplied funds');
  await expect(page.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.oc-loading')).toHaveCount(0);
  await axeAtBothWidths(page);

  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Holidays' }).click();
  await expect(page).toHaveURL(/\/ops\/holidays$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public holidays');
  await page.getByRole('button', { name: 'Next year' }).click();
  // A date far from today: no item's due time moves while the other tests run.
  const year = new Date().getFullYear() + 1;
  await expect(page.getByRole('heading', { level: 2, name: `Year ${year}` })).toBeVisible();
  const name = `E2E day ${Date.now() % 100000}`;
  await page.getByLabel('Date').fill(`${year}-12-24`);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Add holiday' }).click();
  await expect(toast(page)).toHaveText('Holiday added.');
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByTestId('audit')).toContainText(`Added holiday ${year}-12-24 (${name})`);
  await axeAtBothWidths(page);

  await page.getByRole('button', { name: `Remove ${name} (${year}-12-24)` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page)).toHaveText('Holiday removed.');
  await expect(page.getByText(name, { exact: true })).toHaveCount(0);

  // Bahasa Indonesia, remembered for the next visit (without ?isNeedPop).
  await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hari libur nasional');
  await page.goto('/ops');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Antrean');
  await axeAtBothWidths(page);
  expect(pageErrors).toEqual([]);
});
