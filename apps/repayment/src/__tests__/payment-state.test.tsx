import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PAYMENT_POLL_MS } from '../api/payment-state.ts';
import { delayDetail, instalment, instalmentPlan, paymentState, pendingCode, receipt, vaDetail } from '../test/fixtures.ts';
import { fail, ok, renderApp, stubApi, toastText } from '../test/render.tsx';

// Issue 11 items 3-6: live payment state (polled), receipts, the open instalment code, early repayment refusal,
// the extension's comparison and late-charge cap.

const STATE = '/v3/loan-details/payment-state';
const VCODE = '/v3/loan-details/generate-vcode';
const PLAN = '/v3/installment/loan-play-detail';
const DELAY = '/v3/loan-details/delay-detail';
const THAT = '/that?productId=1&orderId=DEMO-170&amount=262500000';

/** The rows of the receipt card: [label, value]. */
const receiptRows = () =>
  Array.from(screen.getByTestId('receipt').querySelectorAll('dl > div')).map((row) => [
    row.querySelector('dt')?.textContent ?? '',
    row.querySelector('dd')?.textContent ?? '',
  ]);
const footer = () => document.querySelector('.lv-page__footer');

describe('/that: live payment state', () => {
  it('asks payment-state first, polls while the code is pending, turns "paid" by itself with the receipt, then stops', async () => {
    // The poll interval passes on a fake clock moved on by the test, installed before the page mounts so every poll
    // timer is a fake one; real time still flows for loading and rendering.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let paid = false;
    const api = stubApi({
      [VCODE]: ok(vaDetail()),
      [STATE]: () =>
        paid
          ? ok(paymentState({ orderStatus: 200, settled: true, receipts: [receipt()], lastPaidAt: receipt().paidAt }))
          : ok(paymentState({ pending: pendingCode() })),
    });
    await renderApp(THAT);
    await screen.findByTestId('vcode');
    expect(api.calls.map((c) => c.path).slice(0, 2)).toEqual([STATE, VCODE]);
    expect(api.to(STATE)[0]?.body).toEqual({ productId: '1', orderId: 'DEMO-170' });
    expect(screen.queryByTestId('paid')).toBeNull();

    // The provider's callback lands: the next poll (≤ 2.5 s) shows it, without a reload.
    paid = true;
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
    const paidPanel = await screen.findByTestId('paid');
    expect(within(paidPanel).getByRole('heading', { level: 2 }).textContent).toBe('Payment received');
    expect(paidPanel.textContent).toContain('Your loan is fully repaid. Thank you!');
    expect(screen.queryByTestId('vcode')).toBeNull();
    expect(screen.queryByText('Your payment code could not be created.')).toBeNull();
    expect(
      within(footer() as HTMLElement)
        .getByRole('link', { name: 'Back to loan details' })
        .getAttribute('href'),
    ).toBe('/loanDetails?productId=1&orderId=DEMO-170');
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
    expect(api.to(VCODE)).toHaveLength(1);

    // Settled: no more polling, however long the page stays open.
    const asked = api.to(STATE).length;
    await vi.advanceTimersByTimeAsync(3 * PAYMENT_POLL_MS);
    expect(api.to(STATE)).toHaveLength(asked);
  });

  it('a settled order opened again shows "paid" and what paid it, and asks for no code (no "nothing to repay")', async () => {
    const api = stubApi({
      [VCODE]: fail('This order has nothing to repay.', 'PAYMENT_REFUSED'),
      [STATE]: ok(paymentState({ orderStatus: 200, settled: true, receipts: [receipt()] })),
    });
    await renderApp(THAT);
    expect((await screen.findByTestId('paid')).textContent).toContain('Your loan is fully repaid. Thank you!');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('₹2,625,000');
    expect(api.to(VCODE)).toHaveLength(0);
    expect(screen.queryByText('This order has nothing to repay.')).toBeNull();
  });

  it('a payment-state failure (older server) does not stop the payment: the code is shown', async () => {
    const api = stubApi({ [VCODE]: ok(vaDetail()), [STATE]: fail('Not found') });
    await renderApp(THAT);
    await screen.findByTestId('vcode');
    expect(api.to(VCODE)).toHaveLength(1);
  });
});

describe('receipt', () => {
  it('amount, date, method, what it was for, and what it paid (rows of 0 left out)', async () => {
    stubApi({
      [STATE]: ok(
        paymentState({
          settled: true,
          receipts: [
            receipt({
              amount: 235_317_500,
              applied: { principal: 150_000_000, interest: 7_825_000, lateCharges: 78_492_500, extensionFee: 0 },
            }),
          ],
        }),
      ),
    });
    await renderApp(THAT);
    await screen.findByTestId('receipt');
    const rows = receiptRows();
    expect(rows[0]).toEqual(['Amount paid', '₹2,353,175']);
    expect(rows[1]?.[0]).toBe('Paid on');
    expect(rows[1]?.[1]).toMatch(/^2025-03-0[12] \d{2}:\d{2}:00$/);
    expect(rows.slice(2)).toEqual([
      ['Payment method', 'ALFAMART payment code'],
      ['Payment for', 'Full repayment'],
      ['Principal', '₹1,500,000'],
      ['Interest', '₹78,250'],
      ['Late charges', '₹784,925'],
    ]);
    expect(screen.getByRole('heading', { name: 'What it paid' })).toBeTruthy();
    expect(screen.queryByText('Extension fee')).toBeNull();
    expect(screen.queryByText('Not applied yet')).toBeNull();
  });

  it('instalments, an extension fee and money held back, in Indonesian', async () => {
    stubApi({
      [STATE]: ok(
        paymentState({
          settled: true,
          receipts: [
            receipt({
              amount: 220_000_000,
              method: 'Virtual account BCA',
              repayType: 'installment',
              periods: [1, 2],
              applied: { principal: 200_000_000, interest: 12_000_000, lateCharges: 0, extensionFee: 0 },
              unapplied: 8_000_000,
            }),
          ],
        }),
      ),
    });
    await renderApp(THAT, { lang: 'id' });
    await screen.findByTestId('receipt');
    expect(receiptRows()).toEqual([
      ['Jumlah dibayar', 'Rp 2.200.000'],
      ['Dibayar pada', expect.stringMatching(/^2025-03-0[12] /)],
      ['Metode pembayaran', 'Virtual account BCA'],
      ['Pembayaran untuk', 'Cicilan ke-1, 2'],
      ['Pokok', 'Rp 2.000.000'],
      ['Bunga', 'Rp 120.000'],
      ['Belum dialokasikan', 'Rp 80.000'],
    ]);
    expect(screen.getByText(/Layanan pelanggan akan mengalokasikan atau mengembalikannya/)).toBeTruthy();
  });

  it('an extension receipt names the fee and the late charges it settled', async () => {
    stubApi({
      [STATE]: ok(
        paymentState({
          settled: true,
          receipts: [
            receipt({
              amount: 138_000_000,
              repayType: 'delay',
              applied: { principal: 0, interest: 0, lateCharges: 120_000_000, extensionFee: 18_000_000 },
            }),
          ],
        }),
      ),
    });
    await renderApp(THAT);
    await screen.findByTestId('receipt');
    expect(receiptRows().slice(3)).toEqual([
      ['Payment for', 'Extension'],
      ['Late charges', '₹1,200,000'],
      ['Extension fee', '₹180,000'],
    ]);
  });
});

describe('/that: early repayment refused (spec 9)', () => {
  it("shows the server's message under a clear title, the way back, and no change-method link", async () => {
    const message =
      'Early repayment is possible from 2026-04-16: half of the loan term must have passed and at least 7 days since the loan was disbursed.';
    stubApi({ [STATE]: ok(paymentState()), [VCODE]: fail(message, 'EARLY_REPAYMENT') });
    await renderApp(THAT);
    expect(await screen.findByText('Early repayment is not possible yet')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.lv-error-panel')?.textContent).toContain(message));
    expect(screen.queryByText('Your payment code could not be created.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to loan details' }).getAttribute('href')).toBe(
      '/loanDetails?productId=1&orderId=DEMO-170',
    );
    expect(screen.queryByRole('link', { name: 'Change payment method' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
    // Said once, in place: no toast repeating it over the way back.
    expect(toastText()).toBe('');
  });
});

describe('/installment: an open code and a payment arriving', () => {
  const PAGE = '/installment?productId=1&orderId=DEMO-INST';
  const code = pendingCode({
    amount: 43_750_100,
    repayType: 'installment',
    periods: [1],
    vcode: '3935891970033260',
    payCode: 'BCA',
    payType: 1,
    expiresAt: '2025-03-03T03:00:00.000Z',
  });

  it('shows "pay with this code" (same code: /that with its amount and periods) and a way to change method; the period stays selectable', async () => {
    stubApi({
      [PLAN]: ok(instalmentPlan([instalment(1, { periodStatus: 500 }), instalment(2), instalment(3)])),
      [STATE]: ok(paymentState({ pending: code })),
    });
    await renderApp(PAGE);
    const card = await screen.findByTestId('pending-code');
    expect(within(card).getByRole('heading', { name: 'You have a payment code' })).toBeTruthy();
    expect(card.textContent).toContain('BCA virtual account for 1 instalment: ₹437,501. Pay before 2025-03-03');
    expect(card.textContent).toContain('3935 8919 7003 3260');
    expect(within(card).getByRole('link', { name: 'Pay with this code' }).getAttribute('href')).toBe(
      '/that?productId=1&orderId=DEMO-INST&amount=43750100&repayType=installment&periods=1',
    );
    expect(within(card).getByRole('link', { name: 'Change payment method' }).getAttribute('href')).toBe(
      '/individual?productId=1&orderId=DEMO-INST&amount=43750100&repayType=installment&periods=1',
    );
    // Never "being confirmed / total 0 / pay disabled".
    const first = screen.getByRole<HTMLInputElement>('checkbox', { name: /^Instalment 1 / });
    expect(first.disabled).toBe(false);
    expect(first.checked).toBe(true);
    expect(screen.getByTestId('instalment-total').textContent).toBe('₹437,501');
    expect(screen.getByRole('button', { name: 'Pay now' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('in Indonesian', async () => {
    stubApi({ [PLAN]: ok(instalmentPlan()), [STATE]: ok(paymentState({ pending: code })) });
    await renderApp(PAGE, { lang: 'id' });
    const card = await screen.findByTestId('pending-code');
    expect(card.textContent).toContain('Virtual account BCA untuk 1 cicilan: Rp 437.501. Bayar sebelum 2025-03-03');
    expect(within(card).getByRole('link', { name: 'Bayar dengan kode ini' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Ubah metode pembayaran' })).toBeTruthy();
  });

  it('the instalment paid meanwhile: "paid" with its receipt, the plan asked again, the code no longer offered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let paid = false;
    const api = stubApi({
      [PLAN]: () =>
        ok(
          paid
            ? instalmentPlan(
                [2, 3, 4].map((n) => instalment(n, { canClick: n === 2 ? 1 : 0 })),
                [instalment(1, { periodStatus: 2 })],
              )
            : instalmentPlan(),
        ),
      [STATE]: () =>
        ok(
          paid
            ? paymentState({
                receipts: [
                  receipt({
                    id: 'led_9',
                    amount: 43_750_100,
                    repayType: 'installment',
                    periods: [1],
                    applied: { principal: 40_000_000, interest: 3_750_100, lateCharges: 0, extensionFee: 0 },
                  }),
                ],
              })
            : paymentState({ pending: code }),
        ),
    });
    await renderApp(PAGE);
    await screen.findByTestId('pending-code');
    paid = true;
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
    const panel = await screen.findByTestId('paid');
    expect(panel.textContent).toContain('Instalment 1 is paid. Thank you!');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('₹437,501');
    await waitFor(() => expect(screen.getByText('3 instalments left to pay')).toBeTruthy());
    expect(api.to(PLAN).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('pending-code')).toBeNull();
  });
});

describe('/repayDelay: each amount named once, repay now against extend, the cap', () => {
  const PAGE = '/repayDelay?productId=1&orderId=DEMO-180';
  const detail = delayDetail({
    delayShouldPayAmount: 138_000_000,
    delayExpiryTime: '2026-03-09',
    orderDetail: {
      detail: [
        { text: 'Extension fee', value: '₹180,000' },
        { text: 'Late penalty', value: '₹800' },
        { text: 'Late interest', value: '₹1,199,200' },
      ],
    },
    comparison: { repayNow: 245_460_000, extendNow: 138_000_000, extendLater: 125_460_000, newDueDate: '2026-03-09' },
    lateChargeCapPercent: 100,
  });

  it('the headline is "Pay today to extend" (fee + late charges), the fee row stays "Extension fee"', async () => {
    stubApi({ [DELAY]: ok(detail), [STATE]: ok(paymentState()) });
    await renderApp(PAGE);
    await screen.findByTestId('delay-fee');
    expect(document.querySelector('.rp-ext__fee-label')?.textContent).toBe('Pay today to extend');
    expect(screen.getByTestId('delay-fee').textContent).toBe('₹1,380,000');
    // "Extension fee" labels only the fee itself.
    expect(screen.getAllByText('Extension fee')).toHaveLength(1);
    expect(screen.getByText('Extension fee').nextElementSibling?.textContent).toBe('₹180,000');
    const compare = screen.getByRole('heading', { name: 'Repay now or extend?' }).parentElement as HTMLElement;
    expect(within(compare).getByText('Repay the whole loan now')).toBeTruthy();
    expect(screen.getByTestId('compare-repay').textContent).toBe('₹2,454,600');
    expect(within(compare).getByText('Extend')).toBeTruthy();
    expect(screen.getByTestId('compare-extend').textContent).toBe('₹1,380,000 today+ ₹1,254,600 on 2026-03-09');
    expect(screen.getByTestId('late-cap').textContent).toBe(
      'Late charges (the late penalty and late interest) never exceed 100% of the loan principal, however late the payment.',
    );
  });

  it('in Indonesian, amounts in rupiah', async () => {
    stubApi({ [DELAY]: ok(detail), [STATE]: ok(paymentState()) });
    await renderApp(PAGE, { lang: 'id' });
    await screen.findByTestId('delay-fee');
    expect(document.querySelector('.rp-ext__fee-label')?.textContent).toBe('Bayar hari ini untuk perpanjangan');
    expect(screen.getByRole('heading', { name: 'Lunasi sekarang atau perpanjang?' })).toBeTruthy();
    expect(screen.getByText('Lunasi seluruh pinjaman sekarang')).toBeTruthy();
    expect(screen.getByTestId('compare-repay').textContent).toBe('Rp 2.454.600');
    expect(screen.getByTestId('compare-extend').textContent).toBe('Rp 1.380.000 hari ini+ Rp 1.254.600 pada 2026-03-09');
    expect(screen.getByTestId('late-cap').textContent).toBe(
      'Biaya keterlambatan (denda dan bunga keterlambatan) tidak pernah melebihi 100% dari pokok pinjaman, selama apa pun keterlambatannya.',
    );
  });

  it('a market without a cap (null) states none; another figure is stated as it is', async () => {
    stubApi({ [DELAY]: ok({ ...detail, lateChargeCapPercent: null }), [STATE]: ok(paymentState()) });
    const first = await renderApp(PAGE);
    await screen.findByTestId('delay-fee');
    expect(screen.queryByTestId('late-cap')).toBeNull();
    first.unmount();
    stubApi({ [DELAY]: ok({ ...detail, lateChargeCapPercent: 400 }), [STATE]: ok(paymentState()) });
    await renderApp(PAGE);
    expect((await screen.findByTestId('late-cap')).textContent).toContain('never exceed 400% of the loan principal');
  });
});
