import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { ROUTES } from '../routes.ts';
import { repaymentWay } from '../card-repayment/test/fixtures.ts';
import { BANKS, delayDetail, instalmentPlan, vaDetail } from '../test/fixtures.ts';
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

const LEGACY = '/api/v1/lendview/service/loan';

// Every route this remote owns, keyed by route, the legacy screens included (the App loads them like the others):
// the test below fails for a route of package.json missing here.
const SCREENS: Record<string, Screen> = {
  '/that': {
    url: '/that?productId=1&orderId=DEMO-170&amount=262500000',
    api: { '/v3/loan-details/generate-vcode': ok(vaDetail()) },
    h1: ['Repayment', 'Pembayaran'],
    loaded: () => screen.findByTestId('vcode'),
  },
  '/individual': {
    url: '/individual?productId=1&orderId=DEMO-170&amount=262500000',
    api: { '/v3/loan-details/init-pay-type': ok({ banks: BANKS, markets: [] }) },
    h1: ['Payment method', 'Metode pembayaran'],
    loaded: () => waitFor(() => expect(screen.getAllByRole('radio').length).toBeGreaterThanOrEqual(BANKS.length)),
  },
  '/installment': {
    url: '/installment?productId=1&orderId=DEMO-INST',
    api: { '/v3/installment/loan-play-detail': ok(instalmentPlan()) },
    h1: ['Detail Tagihan', 'Detail Tagihan'],
    loaded: () => waitFor(() => expect(screen.getAllByRole('checkbox', { name: /^(?!Select all|Pilih semua)/ })).toHaveLength(4)),
  },
  '/repayDelay': {
    url: '/repayDelay?productId=1&orderId=DEMO-174',
    api: { '/v3/loan-details/delay-detail': ok(delayDetail()) },
    h1: ['Detail Tagihan', 'Detail Tagihan'],
    loaded: () => screen.findByTestId('delay-fee'),
  },
  '/repay': {
    url: '/repay?orderId=DEMO-174&productId=1',
    api: { [`${LEGACY}/repayment-way`]: ok(repaymentWay()) },
    h1: ['Repay with bank card', 'Bayar dengan kartu bank'],
    loaded: () => screen.findByTestId('amount-due'),
  },
  '/bindCard': {
    url: '/bindCard?orderId=DEMO-180&productId=1',
    api: {},
    h1: ['Add a bank card', 'Tambah kartu bank'],
    loaded: () => screen.findByRole('combobox', { name: 'Bank' }),
  },
};

describe('repayment remote routes', () => {
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
