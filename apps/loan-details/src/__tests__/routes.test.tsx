import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { ROUTES } from '../routes.ts';
import { loanConfirm, loanDetails, product, standTargeted } from '../test/fixtures.ts';
import { type Handler, ok, renderApp, stubApi } from '../test/render.tsx';

interface Screen {
  /** A URL of the route. */
  url: string;
  /** The API it reads, answered with the fixtures. */
  api: Record<string, Handler>;
  /** Its h1 in English and Indonesian. */
  h1: [en: string, id: string];
  /** Waits for what the screen shows from its data (so the route reached the right page, and it rendered). */
  loaded: () => Promise<unknown>;
}

// Every route this remote owns, keyed by route: the test below fails for a route of package.json missing here.
const SCREENS: Record<string, Screen> = {
  '/loanDetails': {
    url: '/loanDetails?productId=1&orderId=DEMO-170',
    api: { '/v3/loan-details/detail': ok(loanDetails()) },
    h1: ['Loan details', 'Detail pinjaman'],
    loaded: () => screen.findByRole('heading', { level: 2, name: 'Repaying' }),
  },
  '/confirm': {
    url: '/confirm?productId=1&orderId=&position=0',
    api: {
      '/v3/loan-confirm/loan-detail-confirm': ok(loanConfirm()),
      '/v3/contract/contract': ok([{ id: 11, title: 'Loan agreement' }]),
    },
    h1: ['Confirm loan', 'Konfirmasi pinjaman'],
    loaded: () => waitFor(() => expect(screen.getByTestId('confirm-amount').textContent).toMatch(/2[.,]000[.,]000/)),
  },
  '/relevant': {
    url: '/relevant?scene=banner_jingzhun',
    api: { '/market/v3/product/recommend-product-list': ok([product(2), product(3), product(4)]) },
    h1: ['Recommended products', 'Produk rekomendasi'],
    loaded: () => waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(3)),
  },
  '/error': {
    url: '/error?reason=timeout',
    api: { '/market/stand/targeted': ok(standTargeted()) },
    h1: ['Login failed', 'Gagal masuk'],
    loaded: () => screen.findByRole('heading', { level: 2, name: 'We could not sign you in to the partner.' }),
  },
};

describe('routes', () => {
  it('the routes of package.json (and so /remotes.json) are the routes App serves, each with a screen below', () => {
    expect(ROUTES).toEqual(pkg.lendview.routes);
    expect(Object.keys(SCREENS)).toEqual(pkg.lendview.routes);
  });

  it.each(pkg.lendview.routes)('renders %s: its screen with its data, one h1 and one main in each language', async (route) => {
    const { url, api, h1, loaded } = SCREENS[route]!;
    expect(url.split('?')[0]).toBe(route);
    stubApi(api);
    const { unmount } = await renderApp(url);
    await loaded();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([h1[0]]);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    unmount();
    stubApi(api);
    await renderApp(url, { lang: 'id' });
    await loaded();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([h1[1]]);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
