import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paymentContext, vaUrl } from '../lib/links.ts';
import { BANKS, MARKETS, marketVa, paymentState, receipt } from '../test/fixtures.ts';
import { ok, renderApp, stubApi } from '../test/render.tsx';

// Issue 18 item 2: the repayment flow for repayType cooling_off (the "Exit this loan" of /loanDetails).

const VCODE = '/v3/loan-details/generate-vcode';
const STATE = '/v3/loan-details/payment-state';
const INIT = '/v3/loan-details/init-pay-type';
const THAT = '/that?productId=1&orderId=DEMO-COOL&amount=200100000&repayType=cooling_off';

const exitCode = (over: Parameters<typeof marketVa>[0] = {}) =>
  marketVa({
    amount: 200_100_000,
    repayType: 'cooling_off',
    coolingOff: { principal: 200_000_000, interest: 100_000, daysUsed: 1, paid: 0 },
    ...over,
  });

/** The rows of the code's facts: [label, value]. */
const facts = () =>
  Array.from(document.querySelectorAll('.rp-va .rp-facts__row')).map((r) => [
    r.querySelector('dt')?.textContent,
    r.querySelector('dd')?.textContent,
  ]);

describe('/that with repayType cooling_off', () => {
  it('keeps the type in links, asks for an exit code and shows its title, total and figures (English, ₹)', async () => {
    expect(paymentContext(new URLSearchParams(THAT.split('?')[1])).repayType).toBe('cooling_off');
    expect(vaUrl(paymentContext(new URLSearchParams(THAT.split('?')[1])))).toBe(THAT);
    const api = stubApi({ [VCODE]: ok(exitCode()), [STATE]: ok(paymentState()) });
    await renderApp(THAT);
    await screen.findByTestId('vcode');
    expect(api.to(VCODE)[0]?.body).toMatchObject({ orderId: 'DEMO-COOL', amount: '200100000', repayType: 'cooling_off' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Exit this loan');
    expect(facts().slice(0, 4)).toEqual([
      ['Total payment', '₹2,001,000'],
      ['Principal', '₹2,000,000'],
      ['Interest for 1 day', '₹1,000'],
      ['Payment for', 'Cancelling the loan (cooling-off period)'],
    ]);
    expect(screen.getByTestId('cooling-off-note').textContent).toBe(
      'No penalty is charged. Once this payment is received, the loan is closed and nothing more is owed.',
    );
    // Changing the method keeps the exit.
    expect(
      within(document.querySelector('.rp-va') as HTMLElement)
        .getByRole('link', { name: 'Change payment method' })
        .getAttribute('href'),
    ).toBe('/individual?productId=1&orderId=DEMO-COOL&amount=200100000&repayType=cooling_off');
  });

  it('in Indonesian with rupiah, several days and what was already repaid', async () => {
    stubApi({
      [VCODE]: ok(
        exitCode({ amount: 294_400_000, coolingOff: { principal: 400_000_000, interest: 400_000, daysUsed: 2, paid: 106_000_000 } }),
      ),
      [STATE]: ok(paymentState()),
    });
    await renderApp('/that?productId=1&orderId=DEMO-COOL&amount=294400000&repayType=cooling_off', { lang: 'id' });
    await screen.findByTestId('vcode');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Batalkan pinjaman ini');
    expect(facts().slice(0, 5)).toEqual([
      ['Total pembayaran', 'Rp 2.944.000'],
      ['Pokok pinjaman', 'Rp 4.000.000'],
      ['Bunga 2 hari', 'Rp 4.000'],
      ['Sudah dibayar', '− Rp 1.060.000'],
      ['Pembayaran untuk', 'Pembatalan pinjaman (masa pembatalan)'],
    ]);
  });

  it('the method choice names the amount as the cost of cancelling and goes back to /that with the exit', async () => {
    stubApi({
      [INIT]: (body) => ok(body.pay_type === '1' ? { banks: BANKS, markets: [] } : { banks: [], markets: MARKETS }),
      [VCODE]: ok(exitCode()),
      [STATE]: ok(paymentState()),
    });
    await renderApp('/individual?productId=1&orderId=DEMO-COOL&amount=200100000&repayType=cooling_off');
    expect(await screen.findByText('Amount to cancel the loan')).toBeTruthy();
    expect(screen.getByTestId('method-amount').textContent).toBe('₹2,001,000');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Mini Market/ }));
    await user.click(await screen.findByRole('radio', { name: 'ALFAMART' }));
    await user.click(screen.getByRole('button', { name: 'I want to pay' }));
    await screen.findByTestId('vcode');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Exit this loan');
  });

  it('once paid: the loan is cancelled, with the receipt of principal and interest', async () => {
    const paid = receipt({
      amount: 200_100_000,
      repayType: 'cooling_off',
      applied: { principal: 200_000_000, interest: 100_000, lateCharges: 0, extensionFee: 0 },
    });
    stubApi({ [STATE]: ok(paymentState({ orderStatus: 210, settled: true, receipts: [paid], lastPaidAt: paid.paidAt })) });
    await renderApp(THAT);
    const panel = await screen.findByTestId('paid');
    expect(panel.textContent).toContain('Your loan is cancelled. Nothing more is owed.');
    const card = screen.getByTestId('receipt');
    expect(within(card).getByText('Cancelling the loan (cooling-off period)')).toBeTruthy();
    expect(
      Array.from(within(card).getByTestId('receipt-parts').querySelectorAll('div')).map((r) => [
        r.querySelector('dt')?.textContent,
        r.querySelector('dd')?.textContent,
      ]),
    ).toEqual([
      ['Principal', '₹2,000,000'],
      ['Interest', '₹1,000'],
    ]);
  });
});
