import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CoolingOffInfo } from '@lendview/contracts';
import type { LoanDetails } from '../api/loan-details.ts';
import { loanDetails, receipt } from '../test/fixtures.ts';
import { ok, renderApp, stubApi } from '../test/render.tsx';

// Issue 18 item 2: the cooling-off card of /loanDetails (components/CoolingOffCard.tsx) and the closed loan (210).

const DETAIL = '/v3/loan-details/detail';

/** DEMO-COOL on its disbursement day: Rp 2.000.000 + 1 day of interest (Rp 1.000); a Rp 20.000 processing fee. */
function exit(over: Partial<CoolingOffInfo> = {}): CoolingOffInfo {
  return {
    lastDay: '2026-03-05',
    daysUsed: 1,
    principal: 200_000_000,
    interest: 100_000,
    paid: 0,
    amount: 200_100_000,
    processingFee: 2_000_000,
    message: 'You can cancel this loan until 2026-03-05 by repaying ₹2,001,000 …',
    ...over,
  };
}

async function open(over: Partial<LoanDetails>, lang: 'en' | 'id' = 'en') {
  stubApi({ [DETAIL]: ok(loanDetails({ orderId: 'DEMO-COOL', amount: 209_100_000, ...over })) });
  await renderApp('/loanDetails?productId=1&orderId=DEMO-COOL', { lang });
}

const card = () => screen.findByTestId('cooling-off');
const rowsOf = (el: HTMLElement) =>
  Array.from(el.querySelectorAll('.lv-rows__row')).map((r) => [r.querySelector('dt')?.textContent, r.querySelector('dd')?.textContent]);

describe('/loanDetails cooling-off card', () => {
  it('states until when and for how much the loan can be cancelled, the fee not refunded (English, ₹)', async () => {
    await open({ coolingOff: exit() });
    const c = await card();
    expect(within(c).getByRole('heading', { level: 2, name: 'Cooling-off period' })).toBeTruthy();
    expect(c.querySelector('.ld-cool__lead')?.textContent).toBe(
      'You can still cancel this loan, with no penalty, until 2026-03-05. To cancel, repay ₹2,001,000:',
    );
    expect(rowsOf(c)).toEqual([
      ['Principal', '₹2,000,000'],
      ['Interest for 1 day', '₹1,000'],
      ['Total to cancel', '₹2,001,000'],
    ]);
    expect(within(c).getByTestId('cooling-off-amount').textContent).toBe('₹2,001,000');
    expect(within(c).getByText('The processing fee of ₹20,000 taken when the loan was paid out is not refunded.')).toBeTruthy();
    expect(within(c).getByText('After 2026-03-05 the loan continues as agreed.')).toBeTruthy();
    // Repay (the whole loan) is still there, in the footer; the card has its own way out.
    expect(screen.getByRole('button', { name: 'Repay' })).toBeTruthy();
  });

  it('Exit this loan opens the repayment flow with repayType cooling_off and the exit amount', async () => {
    await open({ coolingOff: exit() });
    const link = within(await card()).getByRole('link', { name: 'Exit this loan' });
    expect(link.getAttribute('href')).toBe('/that?productId=1&orderId=DEMO-COOL&amount=200100000&repayType=cooling_off');
    await userEvent.setup().click(link);
    expect(screen.getByTestId('elsewhere').textContent).toBe('/that?productId=1&orderId=DEMO-COOL&amount=200100000&repayType=cooling_off');
  });

  it('in Indonesian with rupiah; several days; what was already repaid; no fee sentence without a fee', async () => {
    await open(
      {
        coolingOff: exit({
          daysUsed: 2,
          principal: 400_000_000,
          interest: 400_000,
          paid: 106_000_000,
          amount: 294_400_000,
          processingFee: 0,
        }),
      },
      'id',
    );
    const c = await card();
    expect(within(c).getByRole('heading', { level: 2, name: 'Masa pembatalan' })).toBeTruthy();
    expect(c.querySelector('.ld-cool__lead')?.textContent).toBe(
      'Anda masih dapat membatalkan pinjaman ini tanpa denda sampai 2026-03-05. Untuk membatalkan, bayar Rp 2.944.000:',
    );
    expect(rowsOf(c)).toEqual([
      ['Pokok pinjaman', 'Rp 4.000.000'],
      ['Bunga 2 hari', 'Rp 4.000'],
      ['Sudah dibayar', '− Rp 1.060.000'],
      ['Total pembatalan', 'Rp 2.944.000'],
    ]);
    expect(c.textContent).not.toContain('Biaya administrasi');
    expect(within(c).getByRole('link', { name: 'Batalkan pinjaman ini' }).getAttribute('href')).toBe(
      '/that?productId=1&orderId=DEMO-COOL&amount=294400000&repayType=cooling_off',
    );
  });

  it('English plural: 3 days', async () => {
    await open({ coolingOff: exit({ daysUsed: 3, interest: 300_000, amount: 200_300_000 }) });
    expect(rowsOf(await card())[1]).toEqual(['Interest for 3 days', '₹3,000']);
  });

  it('no card when the server gives none, or when the order is not repaying', async () => {
    await open({ coolingOff: null });
    await screen.findByRole('button', { name: 'Repay' });
    expect(screen.queryByTestId('cooling-off')).toBeNull();
  });

  it('a loan closed in the cooling-off period: the notice, Borrow again, and the receipt of the exit', async () => {
    await open({
      orderStatus: 210,
      noticeStatusText: 'Closed in the cooling-off period',
      noticeDesText: 'You cancelled this loan within its cooling-off period …',
      amount: 0,
      coolingOff: exit(),
      payments: [
        receipt({
          amount: 200_100_000,
          repayType: 'cooling_off',
          applied: { principal: 200_000_000, interest: 100_000, lateCharges: 0, extensionFee: 0 },
        }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Closed in the cooling-off period' })).toBeTruthy();
    // Not repaying any more: no card even if a stale answer carried one; Borrow again.
    expect(screen.queryByTestId('cooling-off')).toBeNull();
    expect(screen.getByRole('button', { name: 'Borrow again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Repay' })).toBeNull();
    const paid = screen.getByTestId('payment');
    expect(rowsOf(paid)).toEqual([
      ['Payment method', 'ALFAMART payment code'],
      ['Payment for', 'Cancelling the loan (cooling-off period)'],
      ['Principal', '₹2,000,000'],
      ['Interest', '₹1,000'],
    ]);
    expect(paid.querySelector('.ld-receipt__amount')?.textContent).toBe('₹2,001,000');
  });
});
