import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import pkg from '../../package.json';
import { ROUTES } from '../App.tsx';
import { renderApp, stubApi } from '../test/render.tsx';

// The legacy screens belong to their own tests (src/legacy/__tests__); here only that the routes reach them.
vi.mock('../legacy/RepayPage.tsx', () => ({ default: () => <h1>legacy repay</h1> }));
vi.mock('../legacy/BindCardPage.tsx', () => ({ default: () => <h1>legacy bind card</h1> }));

describe('repayment remote routes', () => {
  it('renders every route package.json (and so /remotes.json) gives it', () => {
    expect(ROUTES).toEqual(pkg.lendview.routes);
  });

  it.each([
    ['/that?productId=1&orderId=DEMO-170&amount=100', 'Repayment'],
    ['/individual?productId=1&orderId=DEMO-170&amount=100', 'Payment method'],
    ['/installment?productId=1&orderId=DEMO-INST', 'Detail Tagihan'],
    ['/repayDelay?productId=1&orderId=DEMO-174', 'Detail Tagihan'],
    ['/repay?orderId=DEMO-174', 'legacy repay'],
    ['/bindCard', 'legacy bind card'],
  ])('%s has one h1: %s', async (path, title) => {
    stubApi({});
    await renderApp(path);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([title]);
  });

  it.each([
    ['/that?productId=1&orderId=DEMO-170&amount=100', 'Pembayaran'],
    ['/individual?productId=1&orderId=DEMO-170&amount=100', 'Metode pembayaran'],
  ])('%s in Indonesian: %s', async (path, title) => {
    stubApi({});
    await renderApp(path, { lang: 'id' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });
});
