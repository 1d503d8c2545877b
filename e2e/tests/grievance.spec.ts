import type { APIRequestContext, Page } from '@playwright/test';
import { type Envelope, bridgeCalls, expect, expectAccessible, jsonOf, newOrder, test } from './fixtures.ts';
import { operatorSession, useOperatorSession } from './ops-login.ts';

// Issue 18 item 3, grievance redressal and escalation: the grievance officer on /customerService and the complaint
// screens; a complaint past its due time shows the borrower how to escalate (RBI Integrated Ombudsman in English,
// OJK in Indonesian; the regulator's portal opens outside the app with nothing of the session in it); the support
// console shows it Escalated next to Overdue.

interface Officer {
  name: string;
  phone: string;
  email: string;
  address: string;
}

interface Aged {
  problemId: number;
  tok: string;
  orderNo: string;
  text: string;
}

const RBI_TEXT =
  'If you do not receive a satisfactory answer within 30 days of your complaint, you may complain to the RBI Integrated Ombudsman ' +
  'online at cms.rbi.org.in or on the toll-free number 14448.';
const OJK_TEXT =
  'Jika pengaduan Anda tidak diselesaikan dengan memuaskan, Anda dapat mengadu ke Otoritas Jasa Keuangan (OJK) melalui Kontak OJK 157 ' +
  'di kontak157.ojk.go.id atau telepon 157.';

async function officerOf(request: APIRequestContext): Promise<Officer> {
  const res = await jsonOf<Envelope<{ grievanceOfficer: Officer }>>(
    await request.post('/v3/personal-center/contact-kf-info', { form: { overall: '30' } }),
  );
  expect(res.code).toBe('00');
  return res.data.grievanceOfficer;
}

/** A complaint filed `ageDays` ago by a fresh borrower (POST /dev/fixtures/complaint, demo mode). */
async function agedComplaint(request: APIRequestContext, ageDays: number): Promise<Aged> {
  const body = await jsonOf<Envelope<Aged>>(await request.post('/dev/fixtures/complaint', { form: { ageDays: String(ageDays) } }));
  expect(body.code, `POST /dev/fixtures/complaint: ${body.message}`).toBe('00');
  return body.data;
}

/** The officer's card on the page: heading, name, tel: and mailto: links, address. */
async function expectOfficerCard(page: Page, officer: Officer, heading: string) {
  const card = page.getByTestId('grievance-officer');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(heading);
  await expect(card.getByText(officer.name, { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: officer.phone })).toHaveAttribute('href', `tel:${officer.phone.replace(/[^\d+]/g, '')}`);
  await expect(card.getByRole('link', { name: officer.email })).toHaveAttribute('href', `mailto:${officer.email}`);
  await expect(card.getByText(officer.address)).toBeVisible();
}

test('the customer-service page and the complaint screens show the grievance officer, in English and Indonesian', async ({
  page,
  request,
  pageErrors,
}) => {
  const officer = await officerOf(request);
  await page.goto('/customerService?isNeedPop=1');
  await expectOfficerCard(page, officer, 'Grievance officer');
  await expectAccessible(page);
  await page.goto('/customerService?isNeedPop=0');
  await expectOfficerCard(page, officer, 'Petugas pengaduan');
  await expectAccessible(page);

  const mine = await newOrder(request, 'early');
  await page.goto(`/complaint?isNeedPop=1&tok=${mine.tok}&orderNo=${mine.orderNo}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complaints and help');
  await expectOfficerCard(page, officer, 'Grievance officer');
  await expectAccessible(page);
  await page.goto(`/complainPageNext?isNeedPop=0&tok=${mine.tok}&problemType=2&orderNo=${mine.orderNo}`);
  await expectOfficerCard(page, officer, 'Petugas pengaduan');
  // In the app the officer's phone is called through the bridge.
  await page.getByTestId('grievance-officer').getByRole('link', { name: officer.phone }).click();
  expect((await bridgeCalls(page)).map((c) => c.message)).toContainEqual({ action: 'callPhone', phone: officer.phone });
  expect(pageErrors).toEqual([]);
});

test('a complaint past its due time shows how to escalate: RBI Integrated Ombudsman in English, OJK in Indonesian', async ({
  page,
  request,
  pageErrors,
}) => {
  const officer = await officerOf(request);
  const late = await agedComplaint(request, 10);
  const fresh = await agedComplaint(request, 0);

  // The list: the notice under the late complaint's card.
  await page.goto(`/complaintList?isNeedPop=1&tok=${late.tok}`);
  const notice = page.getByTestId('escalation');
  await expect(notice).toHaveCount(1);
  await expect(notice.getByRole('heading', { level: 3 })).toHaveText('Not answered in time: how to escalate');
  await expect(notice.getByText(RBI_TEXT, { exact: true })).toBeVisible();
  await expectOfficerCard(page, officer, 'Grievance officer');
  await expectAccessible(page);

  // The detail (a tap on the complaint): the officer first, then the regulator, exactly as the API words them.
  await page.getByRole('link', { name: new RegExp(late.orderNo) }).click();
  await expect(page).toHaveURL(new RegExp(`/complainDetails\\?.*problemId=${late.problemId}`));
  const detail = page.getByTestId('escalation');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText('Not answered in time: how to escalate');
  await expect(
    detail.getByText(`Please write first to our grievance officer, ${officer.name} (contact details on this page).`),
  ).toBeVisible();
  await expect(detail.getByText(RBI_TEXT, { exact: true })).toBeVisible();
  const portal = detail.getByRole('link', { name: 'cms.rbi.org.in: RBI Integrated Ombudsman, opens outside the app' });
  // Exactly the regulator's address: no tok or any other parameter of the page rides along.
  await expect(portal).toHaveAttribute('href', 'https://cms.rbi.org.in/');
  await expect(portal).toHaveAttribute('target', '_blank');
  await expect(portal).toHaveAttribute('rel', /noreferrer/);
  await expect(detail.getByRole('link', { name: 'Call 14448, RBI Integrated Ombudsman' })).toHaveAttribute('href', 'tel:14448');
  await expectOfficerCard(page, officer, 'Grievance officer');
  await expectAccessible(page);
  // In the app (the fake iOS host) the portal opens in a native page with just its address; this page stays.
  const here = page.url();
  await portal.click();
  expect((await bridgeCalls(page)).map((c) => c.message)).toContainEqual({ action: 'openPage', url: 'https://cms.rbi.org.in/' });
  expect(page.url()).toBe(here);

  // Indonesian: OJK.
  await page.goto(`/complainDetails?isNeedPop=0&tok=${late.tok}&problemId=${late.problemId}`);
  const id = page.getByTestId('escalation');
  await expect(id.getByRole('heading', { level: 2 })).toHaveText('Belum dijawab tepat waktu: cara meneruskan pengaduan');
  await expect(id.getByText(OJK_TEXT, { exact: true })).toBeVisible();
  await expect(id.getByRole('link', { name: 'kontak157.ojk.go.id: Kontak OJK 157, dibuka di luar aplikasi' })).toHaveAttribute(
    'href',
    'https://kontak157.ojk.go.id/',
  );
  await expect(id.getByRole('link', { name: 'Telepon 157, Kontak OJK 157' })).toHaveAttribute('href', 'tel:157');
  await expectOfficerCard(page, officer, 'Petugas pengaduan');
  await expectAccessible(page);
  await page.goto(`/complaintList?isNeedPop=0&tok=${late.tok}`);
  await expect(page.getByTestId('escalation').getByText(OJK_TEXT, { exact: true })).toBeVisible();

  // A complaint within its time: no escalation, the officer still there.
  await page.goto(`/complainDetails?isNeedPop=1&tok=${fresh.tok}&problemId=${fresh.problemId}`);
  await expectOfficerCard(page, officer, 'Grievance officer');
  await expect(page.getByText(fresh.text)).toBeVisible();
  await expect(page.getByTestId('escalation')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('the support console shows the late complaint Escalated next to Overdue, in the queue and on its page', async ({
  page,
  request,
  pageErrors,
}) => {
  const late = await agedComplaint(request, 10);
  const fresh = await agedComplaint(request, 0);
  await useOperatorSession(page, await operatorSession(request, 'support'));

  await page.goto(`/ops?isNeedPop=1&state=all&q=${encodeURIComponent(late.orderNo)}`);
  const row = page.locator('.oc-row', { hasText: late.text });
  await expect(row.getByRole('link')).toHaveText(`Complaint #${late.problemId}`);
  await expect(row.locator('.oc-badge')).toHaveText(['Overdue', 'Escalated', 'Waiting for an answer']);
  await expectAccessible(page);
  await page.goto(`/ops?isNeedPop=1&state=all&q=${encodeURIComponent(fresh.orderNo)}`);
  const freshRow = page.locator('.oc-row', { hasText: fresh.text });
  await expect(freshRow.locator('.oc-badge')).toHaveText(['Waiting for an answer']);

  await page.goto(`/ops/item?kind=complaint&id=${late.problemId}&isNeedPop=1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Complaint #${late.problemId}`);
  const main = page.locator('.lv-card', { has: page.getByRole('heading', { level: 2, name: 'Complaint' }) });
  await expect(main.locator('.oc-badges').first().locator('.oc-badge')).toHaveText(['Overdue', 'Escalated', 'Waiting for an answer']);
  await expect(page.getByTestId('escalated-note')).toHaveText(
    'Not answered in time: the borrower is now shown how to escalate, to our grievance officer first and then to the regulator ' +
      '(the RBI Integrated Ombudsman in English, OJK in Indonesian). Answer it now.',
  );
  await expectAccessible(page);
  expect(pageErrors).toEqual([]);
});
