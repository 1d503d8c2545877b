import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bridge, browserFallback } from '@lendview/bridge';
import { CONTACT, OFFICER, renderApp, stubFetch } from '../test/render.tsx';

describe('/customerService', () => {
  it('shows the telephone and email from the API, with call and mail actions', async () => {
    await renderApp('/customerService');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Customer service');
    expect(await screen.findByText(CONTACT.smWa)).toBeTruthy();
    expect(screen.getByText(CONTACT.email).getAttribute('href')).toBe(`mailto:${CONTACT.email}`);
    expect(screen.getByRole('link', { name: 'Send an email' }).getAttribute('href')).toBe(`mailto:${CONTACT.email}`);

    // A link, so that a plain browser calls too (issue 40 item 6): the bridge only inside the app.
    expect(screen.getByRole('link', { name: `Call ${CONTACT.smWa}` }).getAttribute('href')).toBe('tel:+918045671234');
  });

  it('inside the app Call goes through the bridge and the link does not navigate', async () => {
    const posted: unknown[] = [];
    (window as unknown as { webkit?: unknown }).webkit = { messageHandlers: { lendview: { postMessage: (m: unknown) => posted.push(m) } } };
    const navigate = vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    try {
      await renderApp('/customerService');
      const link = await screen.findByRole('link', { name: `Call ${CONTACT.smWa}` });
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      link.dispatchEvent(click);
      expect(posted).toEqual([{ action: 'callPhone', phone: CONTACT.smWa }]);
      expect(click.defaultPrevented).toBe(true);
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      delete (window as unknown as { webkit?: unknown }).webkit;
    }
  });

  it('shows a localized error with a retry that loads the details', async () => {
    const failing = stubFetch({ fail: true });
    await renderApp('/customerService', { lang: 'id', fetchMock: failing });
    expect(await screen.findByText('Informasi kontak tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.')).toBeTruthy();
    const working = stubFetch();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText(CONTACT.smWa)).toBeTruthy();
    expect(working).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: `Telepon ${CONTACT.smWa}` })).toBeTruthy();
  });

  it('shows a localized loading state first', async () => {
    const pending = stubFetch({ pending: true });
    await renderApp('/customerService', { fetchMock: pending });
    expect(screen.getByText('Loading contact details…')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Call / })).toBeNull();
  });

  it('shows the grievance officer of the same answer: name, tel: and mailto: links, address (issue 18)', async () => {
    const call = vi.spyOn(bridge, 'callPhone');
    await renderApp('/customerService');
    const card = within(await screen.findByTestId('grievance-officer'));
    expect(card.getByRole('heading', { level: 2 }).textContent).toBe('Grievance officer');
    expect(card.getByText(OFFICER.name)).toBeTruthy();
    expect(card.getByRole('link', { name: OFFICER.phone }).getAttribute('href')).toBe('tel:+912260007000');
    expect(card.getByRole('link', { name: OFFICER.email }).getAttribute('href')).toBe(`mailto:${OFFICER.email}`);
    expect(card.getByText(OFFICER.address)).toBeTruthy();
    // The page's one Call action is still the service phone's.
    expect(screen.getAllByRole('link', { name: /^Call / }).map((b) => b.textContent)).toEqual([`Call ${CONTACT.smWa}`]);
    expect(call).not.toHaveBeenCalled();
  });

  it('in Indonesian: Petugas pengaduan; inside the app the officer is called through the bridge', async () => {
    const posted: unknown[] = [];
    (window as unknown as { webkit?: unknown }).webkit = { messageHandlers: { lendview: { postMessage: (m: unknown) => posted.push(m) } } };
    try {
      await renderApp('/customerService', { lang: 'id' });
      const card = within(await screen.findByTestId('grievance-officer'));
      expect(card.getByRole('heading', { level: 2 }).textContent).toBe('Petugas pengaduan');
      expect(card.getByText('Alamat')).toBeTruthy();
      await userEvent.setup().click(card.getByRole('link', { name: OFFICER.phone }));
      expect(posted).toEqual([{ action: 'callPhone', phone: OFFICER.phone }]);
    } finally {
      delete (window as unknown as { webkit?: unknown }).webkit;
    }
  });

  it('no officer card while the details load or after a failure', async () => {
    const loading = await renderApp('/customerService', { fetchMock: stubFetch({ pending: true }) });
    expect(screen.getByText('Loading contact details…')).toBeTruthy();
    expect(screen.queryByTestId('grievance-officer')).toBeNull();
    loading.unmount();
    await renderApp('/customerService', { fetchMock: stubFetch({ fail: true }) });
    await screen.findByText('We could not load the contact details. Please check your connection and try again.');
    expect(screen.queryByTestId('grievance-officer')).toBeNull();
  });
});
