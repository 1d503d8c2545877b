import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Envelope, expect, test } from './fixtures.ts';

// The support console (/ops, apps/ops-console; issue 13's proof): an agent signs in, finds an overdue complaint,
// assigns it to themself, answers it with a photo; the borrower sees the answer in the app and rates it; the
// score shows in the console. A message sent from the marketing site's contact form appears in the queue as its
// own kind. Every console screen is axe-clean at 390 px and 1280 px.

const WIDTHS = [390, 1280] as const;
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

/** A support operator's session in this tab (INTERIM: password only, until e2e/tests/ops-login.ts lands). */
async function signIn(page: Page, request: APIRequestContext) {
  const res = await request.post('/ops/api/login', { form: { username: 'ops-support', password: 'support-demo-pass' } });
  const body = (await res.json()) as Envelope<{ token: string; username: string; role: string }>;
  expect(body.code, 'operator login').toBe('00');
  const session = JSON.stringify({ token: body.data.token, username: body.data.username, role: body.data.role });
  await page.addInitScript((s) => sessionStorage.setItem('lv.ops.session', s), session);
}

/** A small real PNG (1 × 1, red). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

test('an agent answers an overdue complaint with a photo; the borrower rates it; the score shows in the console', async ({
  page,
  context,
  request,
  pageErrors,
}) => {
  await signIn(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ops?isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
  await axeAtBothWidths(page);

  // Overdue only: every row is marked, and overdue rows are what the queue lists first.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('checkbox', { name: 'Overdue only' }).check();
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Complaints' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/ops\?kind=complaint&overdueOnly=1$/);
  const rows = page.locator('.oc-row');
  await expect(rows.first(), 'an overdue complaint in the queue (demo data)').toBeVisible();
  await expect(rows.first().locator('.oc-badge--overdue')).toHaveText('Overdue');
  const link = rows.first().getByRole('link');
  const title = (await link.textContent())!;
  const problemId = Number(/#(\d+)$/.exec(title)![1]);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/ops/item\\?kind=complaint&id=${problemId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Complaint #${problemId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Order' })).toBeVisible();
  await axeAtBothWidths(page);

  // Assign to me.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByTestId('assignee')).toHaveText('Assigned to ops-support');
  await expect(page.getByTestId('audit')).toContainText('Assigned to ops-support');

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

  // The borrower sees the answer and rates it 4 (the dialog opens 3 s after the page loads).
  const borrower = await context.newPage();
  const tok = await borrowerTokenOf(request, problemId);
  await borrower.clock.install();
  await borrower.goto(`/complainDetails?problemId=${problemId}&tok=${tok}&isNeedPop=1`);
  await expect(borrower.getByText(reply)).toBeVisible();
  await borrower.clock.runFor(3000);
  const rate = borrower.getByRole('dialog');
  await expect(rate).toBeVisible();
  await rate.getByRole('radio', { name: '4 stars' }).click();
  const saved = borrower.waitForResponse((r) => r.url().includes('/user-problem/save-score'));
  await rate.getByRole('button', { name: 'Send' }).click();
  expect(((await (await saved).json()) as Envelope<unknown>).code).toBe('00');

  // The console shows the score.
  await page.reload();
  await expect(page.getByTestId('csat')).toContainText('4 of 5');
  await expect(page.getByRole('img', { name: 'Borrower rating: 4 stars' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

/**
 * The borrower session of a complaint's owner. INTERIM: the demo's overdue complaint belongs to a demo borrower
 * whose token is known; see the note in the report (a dev fixture for an aged complaint would replace this).
 */
async function borrowerTokenOf(request: APIRequestContext, problemId: number): Promise<string> {
  for (const tok of ['demo-borrower', 'demo-borrower-2']) {
    const res = await request.post(`/user-problem/problem-detail?tok=${tok}`, { form: { problemId: String(problemId) } });
    if (((await res.json()) as Envelope<unknown>).code === '00') return tok;
  }
  throw new Error(`no demo borrower owns complaint ${problemId}`);
}

test('a message from the contact form appears in the queue as its own kind; closing it', async ({ page, context, request, pageErrors }) => {
  const name = `E2E Visitor ${Date.now() % 100000}`;
  const visitor = await context.newPage();
  await visitor.goto('/Contact?isNeedPop=1');
  await visitor.getByRole('textbox', { name: 'Name' }).fill(name);
  await visitor.getByRole('textbox', { name: 'Phone number' }).fill('081299887766');
  await visitor.getByRole('textbox', { name: 'Message' }).fill('Please call me about a second loan.');
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(visitor)).toHaveText('Submit successfully！');

  await signIn(page, request);
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
  await expect(page.getByText(/^Closed by ops-support on /)).toBeVisible();
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
