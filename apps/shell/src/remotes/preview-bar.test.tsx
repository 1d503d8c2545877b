import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '@lendview/i18n';
import '../messages.ts';
import { fetchManifest, parseManifest } from './manifest.ts';
import { PreviewBar } from './PreviewBar.tsx';

// Issue 16 items 3 and 5: the manifest request names the device (a canary's share is chosen by it) and the
// preview bar tells a tester which version this browser sees.

const body = {
  remotes: [
    {
      name: 'marketing',
      app: 'marketing',
      version: '0.2.0',
      entry: '/remotes/marketing/0.2.0/mf-manifest.json',
      routes: ['/About'],
      preview: true,
    },
  ],
  preview: { app: 'marketing', version: '0.2.0' },
};

describe('the manifest request', () => {
  it('sends the device id as X-Lv-Device when the page has one, nothing otherwise', async () => {
    const fetchImpl = vi.fn().mockImplementation(async () => new Response(JSON.stringify(body)));
    await fetchManifest(fetchImpl, 'dev-123456');
    expect(fetchImpl).toHaveBeenLastCalledWith('/remotes.json?by=device', { headers: { 'X-Lv-Device': 'dev-123456' } });
    await fetchManifest(fetchImpl, undefined);
    expect(fetchImpl).toHaveBeenLastCalledWith('/remotes.json');
    // Not a header value: sent without it.
    await fetchManifest(fetchImpl, 'a b\nc');
    expect(fetchImpl).toHaveBeenLastCalledWith('/remotes.json');
  });

  it('keeps the preview the server marks, drops a malformed one', () => {
    expect(parseManifest(body).preview).toEqual({ app: 'marketing', version: '0.2.0' });
    expect(parseManifest({ ...body, preview: { app: 'marketing', version: '0.2.0', problem: 'gone' } }).preview?.problem).toBe('gone');
    expect(parseManifest({ ...body, preview: { app: 1 } }).preview).toBeUndefined();
    expect(parseManifest({ remotes: body.remotes }).preview).toBeUndefined();
  });
});

describe('the preview bar', () => {
  const show = (preview: { app: string; version: string; problem?: string }) =>
    render(
      <I18nextProvider i18n={i18n}>
        <PreviewBar preview={preview} />
      </I18nextProvider>,
    );

  it('names the app and version with Exit to /preview/exit, in English and Indonesian', async () => {
    await setLanguage('en');
    const { unmount } = show({ app: 'marketing', version: '0.2.0' });
    expect(screen.getByRole('status').textContent).toBe('Preview: marketing 0.2.0 · Exit');
    expect(screen.getByRole('link', { name: 'Exit' }).getAttribute('href')).toBe('/preview/exit');
    unmount();
    await setLanguage('id');
    show({ app: 'marketing', version: '0.2.0', problem: 'does not fit' });
    expect(screen.getByRole('status').textContent).toBe('Pratinjau marketing 0.2.0 tidak tersedia: menampilkan versi aktif · Keluar');
    expect(screen.getByRole('link', { name: 'Keluar' }).getAttribute('href')).toBe('/preview/exit');
  });
});
