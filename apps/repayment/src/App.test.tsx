import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@lendview/i18n';
import App, { ROUTES } from './App.tsx';
import pkg from '../package.json';


describe('repayment remote', () => {
  beforeAll(async () => {
    await initI18n('id');
  });

  it('renders every route that package.json (and so /remotes.json) gives it', () => {
    expect(ROUTES).toEqual(pkg.lendview.routes);
    for (const path of pkg.lendview.routes) {
      const { unmount } = render(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[path]}>
            <App />
          </MemoryRouter>
        </I18nextProvider>,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Pembayaran' })).toBeTruthy();
      expect(screen.getByText('Segera hadir')).toBeTruthy();
      unmount();
    }
  });
});
