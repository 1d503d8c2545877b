import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '@lendview/bridge';
import { CONTACT, renderApp, stubFetch } from '../test/render.tsx';

describe('/customerService', () => {
  it('shows the telephone and email from the API, with call and mail actions', async () => {
    const call = vi.spyOn(bridge, 'callPhone').mockReturnValue(true);
    await renderApp('/customerService');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Customer service');
    expect(await screen.findByText(CONTACT.smWa)).toBeTruthy();
    expect(screen.getByText(CONTACT.email).getAttribute('href')).toBe(`mailto:${CONTACT.email}`);
    expect(screen.getByRole('link', { name: 'Send an email' }).getAttribute('href')).toBe(`mailto:${CONTACT.email}`);

    await userEvent.setup().click(screen.getByRole('button', { name: `Call ${CONTACT.smWa}` }));
    expect(call).toHaveBeenCalledWith(CONTACT.smWa);
  });

  it('shows a localized error with a retry that loads the details', async () => {
    const failing = stubFetch({ fail: true });
    await renderApp('/customerService', { lang: 'id', fetchMock: failing });
    expect(await screen.findByText('Informasi kontak tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.')).toBeTruthy();
    const working = stubFetch();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText(CONTACT.smWa)).toBeTruthy();
    expect(working).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: `Telepon ${CONTACT.smWa}` })).toBeTruthy();
  });

  it('shows a localized loading state first', async () => {
    const pending = stubFetch({ pending: true });
    await renderApp('/customerService', { fetchMock: pending });
    expect(screen.getByText('Loading contact details…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Call / })).toBeNull();
  });
});
