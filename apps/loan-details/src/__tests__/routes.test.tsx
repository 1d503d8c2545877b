import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { ROUTES } from '../App.tsx';
import { renderApp, stubApi } from '../test/render.tsx';

describe('routes', () => {
  it('renders every route that package.json (and so /remotes.json) gives it', () => {
    expect(ROUTES).toEqual(pkg.lendview.routes);
  });

  it.each([
    ['/loanDetails?productId=1&orderId=X', 'Loan details', 'Detail pinjaman'],
    ['/confirm?productId=1', 'Confirm loan', 'Konfirmasi pinjaman'],
    ['/relevant?scene=x', 'Recommended products', 'Produk rekomendasi'],
    ['/error?reason=x', 'Login failed', 'Gagal masuk'],
  ])('%s has one h1 in each language', async (path, en, id) => {
    stubApi({});
    const { unmount } = await renderApp(path);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([en]);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    unmount();
    await renderApp(path, { lang: 'id' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([id]);
  });
});
