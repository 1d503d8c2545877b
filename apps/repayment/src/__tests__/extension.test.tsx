import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { delayDetail, vaDetail } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderApp, stubApi, toastText, where } from '../test/render.tsx';

const DELAY = '/v3/loan-details/delay-detail';
const VCODE = '/v3/loan-details/generate-vcode';
const PAGE = '/repayDelay?productId=1&orderId=DEMO-174';

function setup(answer: Handler = ok(delayDetail())) {
  return stubApi({ [DELAY]: answer, [VCODE]: ok(vaDetail({ repayType: 'delay' })) });
}

describe('/repayDelay', () => {
  it("asks for the extension and shows 'Detail Tagihan': product, fee, new due date, the detail rows", async () => {
    const api = setup();
    await renderApp(PAGE);
    await screen.findByTestId('delay-fee');
    expect(api.to(DELAY)[0]?.body).toEqual({ productId: '1', orderId: 'DEMO-174' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Detail Tagihan']);
    expect(screen.getByText('Extension details')).toBeTruthy();
    expect(screen.getByText('LendView Cepat')).toBeTruthy();
    expect(document.querySelector('img.rp-ext__logo')?.getAttribute('src')).toContain('data:image/svg+xml');
    expect(screen.getByTestId('delay-fee').textContent).toBe('₹180,000');
    expect(screen.getByTestId('delay-expiry').textContent).toBe('2025-04-01+7 days');
    expect(screen.getByText('Pay this today and your due date moves to 2025-04-01. You repay the rest of the loan by then.')).toBeTruthy();
  });

  it('hides the detail rows whose value is empty or 0', async () => {
    setup();
    await renderApp(PAGE);
    await screen.findByTestId('delay-fee');
    const rows = Array.from(document.querySelectorAll('.lv-rows__row')).map((r) => r.textContent);
    expect(rows).toEqual(['Loan amountRp 2.500.000', 'Due date2025-03-01']);
    expect(screen.queryByText('Late fee')).toBeNull();
    expect(screen.queryByText('Coupon')).toBeNull();
  });

  it('no rows at all when every value is empty or 0', async () => {
    setup(
      ok(
        delayDetail({
          orderDetail: {
            detail: [
              { text: 'Late fee', value: '0' },
              { text: 'Coupon', value: ' ' },
            ],
          },
        }),
      ),
    );
    await renderApp(PAGE);
    await screen.findByTestId('delay-fee');
    expect(screen.queryByRole('heading', { name: 'Order details' })).toBeNull();
  });

  it('pay now goes to /that with the fee and repayType delay', async () => {
    setup();
    await renderApp(PAGE);
    await screen.findByTestId('delay-fee');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(where().path).toBe('/that?productId=1&orderId=DEMO-174&amount=18000000&repayType=delay'));
  });

  it('in Indonesian', async () => {
    setup();
    await renderApp(PAGE, { lang: 'id' });
    await screen.findByTestId('delay-fee');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Detail Tagihan');
    expect(screen.getByText('Bayar hari ini untuk perpanjangan')).toBeTruthy();
    expect(screen.getByTestId('delay-fee').textContent).toBe('Rp 180.000');
    expect(screen.getByTestId('delay-expiry').textContent).toBe('2025-04-01+7 hari');
    expect(screen.getByRole('button', { name: 'Bayar sekarang' })).toBeTruthy();
  });

  it('an order without an extension: the server message (toast and in place) and the way back', async () => {
    setup(fail('This order cannot be extended.', 'PAYMENT_REFUSED'));
    await renderApp('/repayDelay?productId=1&orderId=DEMO-170');
    await waitFor(() => expect(toastText()).toBe('This order cannot be extended.'));
    expect(document.querySelector('.lv-error-panel')?.textContent).toContain('This order cannot be extended.');
    expect(screen.getByRole('link', { name: 'Back to loan details' }).getAttribute('href')).toBe(
      '/loanDetails?productId=1&orderId=DEMO-170',
    );
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('holds the place while loading, and a network failure offers a retry', async () => {
    setup('pending');
    const first = await renderApp(PAGE);
    expect(screen.getByTestId('delay-placeholder')).toBeTruthy();
    first.unmount();
    setup('network-error');
    await renderApp(PAGE);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    setup();
    await userEvent.setup().click(retry);
    expect(await screen.findByTestId('delay-fee')).toBeTruthy();
  });
});
