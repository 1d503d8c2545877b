import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setSharedParams } from '@lendview/api-client';
import { OFFICER, PATHS, contactInfo, escalation, problemDetail, problemInit, problemList } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderApp, stubApi, toastText } from '../test/render.tsx';

// Issue 18 item 3: the grievance officer's card on the complaint screens, and how to escalate a complaint that was
// not answered in time (the API's `escalation`, rendered as given).

const withContact = (routes: Record<string, Handler>) => stubApi({ [PATHS.contact]: ok(contactInfo()), ...routes });

/** The officer's card: its heading, name, tel: and mailto: links and the address. */
async function expectOfficerCard(heading = 'Grievance officer') {
  const card = await screen.findByTestId('grievance-officer');
  const c = within(card);
  expect(c.getByRole('heading', { level: 2 }).textContent).toBe(heading);
  expect(c.getByText(OFFICER.name)).toBeTruthy();
  expect(c.getByRole('link', { name: OFFICER.phone }).getAttribute('href')).toBe('tel:+912260007000');
  expect(c.getByRole('link', { name: OFFICER.email }).getAttribute('href')).toBe(`mailto:${OFFICER.email}`);
  expect(c.getByText(OFFICER.address)).toBeTruthy();
  return card;
}

afterEach(() => {
  setSharedParams({ tok: undefined });
  delete (window as unknown as { webkit?: unknown }).webkit;
});

describe('the grievance officer on the complaint screens', () => {
  it('entry, form, list and detail each show the card from contact-kf-info (overall=30)', async () => {
    const api = withContact({
      [PATHS.init]: ok(problemInit()),
      [PATHS.list]: ok(problemList()),
      [PATHS.detail]: ok(problemDetail({ isScore: 0 })),
    });
    for (const path of [
      '/complaint',
      '/complainPageNext?problemType=2&orderNo=DEMO-170',
      '/complaintList',
      '/complainDetails?problemId=7',
    ]) {
      const view = await renderApp(path);
      await expectOfficerCard();
      view.unmount();
    }
    expect(api.to(PATHS.contact)[0]!.body).toEqual({ overall: '30' });
  });

  it('in Indonesian: Petugas pengaduan, with the same details', async () => {
    withContact({ [PATHS.detail]: ok(problemDetail({ isScore: 0 })) });
    await renderApp('/complainDetails?problemId=7', { lang: 'id' });
    const card = await expectOfficerCard('Petugas pengaduan');
    expect(within(card).getByText('Telepon')).toBeTruthy();
    expect(within(card).getByText('Alamat')).toBeTruthy();
  });

  it('a failed contact call leaves the card out, without a toast over the screen', async () => {
    stubApi({ [PATHS.contact]: fail('Server error'), [PATHS.list]: ok(problemList()) });
    await renderApp('/complaintList');
    await screen.findByText('I paid yesterday but the loan still shows unpaid. Please check my payment.', { exact: false });
    await waitFor(() => expect(screen.queryByTestId('grievance-officer')).toBeNull());
    expect(toastText()).toBe('');
  });

  it('inside the app the phone is called through the bridge', async () => {
    const posted: unknown[] = [];
    (window as unknown as { webkit: unknown }).webkit = { messageHandlers: { lendview: { postMessage: (m: unknown) => posted.push(m) } } };
    withContact({ [PATHS.detail]: ok(problemDetail({ isScore: 0 })) });
    await renderApp('/complainDetails?problemId=7');
    const card = await expectOfficerCard();
    await userEvent.setup().click(within(card).getByRole('link', { name: OFFICER.phone }));
    expect(posted).toEqual([{ action: 'callPhone', phone: OFFICER.phone }]);
  });
});

describe('escalation of a complaint not answered in time', () => {
  it('detail, English: the officer first, then the RBI Integrated Ombudsman, its portal outside the app and 14448', async () => {
    withContact({
      [PATHS.detail]: ok(problemDetail({ state: 'processing', disposeDetail: '', isScore: 0, escalation: escalation('rbi') })),
    });
    setSharedParams({ tok: 'secret-tok' });
    await renderApp('/complainDetails?problemId=7');
    const notice = within(await screen.findByTestId('escalation'));
    const e = escalation('rbi');
    expect(notice.getByRole('heading', { level: 2 }).textContent).toBe('Not answered in time: how to escalate');
    expect(notice.getByText(e.text)).toBeTruthy();
    expect(notice.getByText(e.regulatorText)).toBeTruthy();
    const portal = notice.getByRole('link', { name: 'cms.rbi.org.in: RBI Integrated Ombudsman, opens outside the app' });
    // Exactly the regulator's address: the session never rides along, and no Referer carries the page's tok.
    expect(portal.getAttribute('href')).toBe('https://cms.rbi.org.in/');
    expect(portal.getAttribute('target')).toBe('_blank');
    expect(portal.getAttribute('rel')).toContain('noreferrer');
    expect(portal.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(notice.getByRole('link', { name: 'Call 14448, RBI Integrated Ombudsman' }).getAttribute('href')).toBe('tel:14448');
    // The officer the text names is on the page.
    await expectOfficerCard();
  });

  it('detail, Indonesian: OJK Kontak 157 at kontak157.ojk.go.id and 157', async () => {
    withContact({
      [PATHS.detail]: ok(problemDetail({ state: 'processing', disposeDetail: '', isScore: 0, escalation: escalation('ojk') })),
    });
    await renderApp('/complainDetails?problemId=7', { lang: 'id' });
    const notice = within(await screen.findByTestId('escalation'));
    expect(notice.getByRole('heading', { level: 2 }).textContent).toBe('Belum dijawab tepat waktu: cara meneruskan pengaduan');
    expect(notice.getByText(escalation('ojk').regulatorText)).toBeTruthy();
    expect(notice.getByRole('link', { name: 'kontak157.ojk.go.id: Kontak OJK 157, dibuka di luar aplikasi' }).getAttribute('href')).toBe(
      'https://kontak157.ojk.go.id/',
    );
    expect(notice.getByRole('link', { name: 'Telepon 157, Kontak OJK 157' }).getAttribute('href')).toBe('tel:157');
  });

  it('the portal goes through the outbound helper: nothing of the session even if the address carried it', async () => {
    const e = { ...escalation('rbi'), url: 'https://cms.rbi.org.in/?tok=secret-tok&lang=en' };
    withContact({ [PATHS.detail]: ok(problemDetail({ state: 'processing', disposeDetail: '', isScore: 0, escalation: e })) });
    setSharedParams({ tok: 'secret-tok' });
    await renderApp('/complainDetails?problemId=7');
    const notice = within(await screen.findByTestId('escalation'));
    expect(notice.getByRole('link', { name: /^cms\.rbi\.org\.in/ }).getAttribute('href')).toBe('https://cms.rbi.org.in/?lang=en');
  });

  it('no escalation from the API, no notice', async () => {
    withContact({ [PATHS.detail]: ok(problemDetail({ state: 'processing', disposeDetail: '', isScore: 0 })) });
    await renderApp('/complainDetails?problemId=7');
    await expectOfficerCard();
    expect(screen.queryByTestId('escalation')).toBeNull();
  });

  it('inside the app the portal opens in a native page with exactly its address', async () => {
    const posted: unknown[] = [];
    (window as unknown as { webkit: unknown }).webkit = { messageHandlers: { lendview: { postMessage: (m: unknown) => posted.push(m) } } };
    withContact({
      [PATHS.detail]: ok(problemDetail({ state: 'processing', disposeDetail: '', isScore: 0, escalation: escalation('rbi') })),
    });
    setSharedParams({ tok: 'secret-tok' });
    await renderApp('/complainDetails?problemId=7');
    const notice = within(await screen.findByTestId('escalation'));
    await userEvent.setup().click(notice.getByRole('link', { name: /^cms\.rbi\.org\.in/ }));
    expect(posted).toEqual([{ action: 'openPage', url: 'https://cms.rbi.org.in/' }]);
  });

  it('list: the notice sits under the overdue complaint only, outside its link, in every tab that holds it', async () => {
    const list = problemList();
    for (const tab of list.tabs) for (const item of tab.items) if (item.id === 7) item.escalation = escalation('rbi');
    withContact({ [PATHS.list]: ok(list) });
    await renderApp('/complaintList');
    const notices = await screen.findAllByTestId('escalation');
    expect(notices).toHaveLength(1);
    const item = notices[0]!.closest('li')!;
    expect(
      within(item)
        .getByRole('link', { name: /I paid yesterday/ })
        .contains(notices[0]!),
    ).toBe(false);
    expect(within(notices[0]!).getByRole('heading', { level: 3 }).textContent).toBe('Not answered in time: how to escalate');
    expect(within(notices[0]!).getByText(escalation('rbi').regulatorText)).toBeTruthy();
    const other = screen.getByRole('link', { name: /A collector called my family/ }).closest('li')!;
    expect(within(other).queryByTestId('escalation')).toBeNull();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Processing' }));
    expect(await screen.findAllByTestId('escalation')).toHaveLength(1);
    await expectOfficerCard();
  });
});
