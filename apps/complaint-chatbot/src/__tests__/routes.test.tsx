import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { ROUTES } from '../App.tsx';
import { renderApp, stubApi } from '../test/render.tsx';

describe('routes', () => {
  it('renders every route that package.json (and so /remotes.json) gives it', () => {
    expect(ROUTES).toEqual(pkg.lendview.routes);
  });

  it.each([
    ['/complaint?orderNo=X', 'Complaints and help', 'Pengaduan dan bantuan'],
    ['/complainNewPage?orderNo=X', 'How can we help?', 'Ada yang bisa kami bantu?'],
    ['/intelligentCustomerService?selectedIndex=0&orderNo=X', 'Customer service assistant', 'Asisten layanan pelanggan'],
    ['/complainPageNext?problemType=2&problemSonType=0&orderNo=X', 'Submit a complaint', 'Ajukan pengaduan'],
    ['/complaintList', 'My complaints', 'Pengaduan saya'],
    ['/complainDetails?problemId=1', 'Complaint details', 'Detail pengaduan'],
  ])('%s has one h1 and one main in each language, and sets the title', async (path, en, id) => {
    stubApi({});
    const { unmount } = await renderApp(path);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([en]);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    // Page sets the title in an effect: under load the h1 can be there a moment before it.
    await waitFor(() => expect(document.title).toBe(en));
    unmount();
    await renderApp(path, { lang: 'id' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([id]);
  });
});
