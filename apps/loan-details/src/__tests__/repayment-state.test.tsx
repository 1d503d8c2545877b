import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { type InstalmentPlan, instalmentPlanQuery } from '../api/loan-play-detail.ts';
import type { PaymentState } from '../api/payment-state.ts';
import { PAYMENT_POLL_MS } from '../api/payment-state.ts';
import { loanDetails, receipt } from '../test/fixtures.ts';
import { fail, ok, renderApp, stubApi, toastText } from '../test/render.tsx';

// Issue 11 on /loanDetails: Repay of an instalment loan, the early-repayment message before the tap, the
// payments of the order, a payment arriving while the page is open, the late-charge cap in the late notice.

const DETAIL = '/v3/loan-details/detail';
const PLAN = '/v3/installment/loan-play-detail';
const STATE = '/v3/loan-details/payment-state';

const EARLY =
  'Early repayment is possible from 2026-04-16: half of the loan term must have passed and at least 7 days since the loan was disbursed.';

function plan(canClick: 0 | 1): InstalmentPlan {
  const item = (n: number) => ({
    periodNo: n,
    totalAmount: 106_000_000,
    canClick: n === 1 ? canClick : 0,
    periodStatus: 0,
    repayDes: '',
    dueTime: `2026-0${n + 2}-27`,
  });
  return {
    productName: 'LendView Cepat',
    repayWaitCount: 4,
    note: '',
    repayPlanDetail: { repayWaitDetail: [1, 2, 3, 4].map(item), repayYetDetail: [] },
  };
}

function state(over: Partial<PaymentState> = {}): PaymentState {
  return { orderStatus: 170, settled: false, pending: null, receipts: [], lastPaidAt: null, ...over };
}

const open = (orderId: string, lang: 'en' | 'id' = 'en') => renderApp(`/loanDetails?productId=1&orderId=${orderId}`, { lang });
const loaded = (headline = 'Repaying') => screen.findByRole('heading', { level: 2, name: headline });
const repayButton = (name = 'Repay') => screen.getByRole('button', { name });

describe('/loanDetails: where Repay goes', () => {
  it('an instalment loan whose first instalment can be paid: Repay opens /installment (not the whole loan)', async () => {
    const api = stubApi({ [DETAIL]: ok(loanDetails({ orderId: 'DEMO-INST', amount: 424_000_000 })), [PLAN]: ok(plan(1)) });
    await open('DEMO-INST');
    await loaded();
    await waitFor(() => expect(api.to(PLAN)).toHaveLength(1));
    expect(api.to(PLAN)[0]?.body).toEqual({ productId: '1', orderId: 'DEMO-INST' });
    await userEvent.setup().click(repayButton());
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/installment?productId=1&orderId=DEMO-INST'));
  });

  it('Repay tapped before the plan has answered waits for it, then opens /installment', async () => {
    let answer: (v: unknown) => void = () => {};
    const gate = new Promise((r) => (answer = r));
    stubApi({ [DETAIL]: ok(loanDetails({ orderId: 'DEMO-INST' })), [PLAN]: async () => (await gate, ok(plan(1))) });
    await open('DEMO-INST');
    await loaded();
    await userEvent.setup().click(repayButton());
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    answer(null);
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/installment?productId=1&orderId=DEMO-INST'));
  });

  it('an instalment loan that is late (no instalment payable): Repay takes the whole amount to /that', async () => {
    stubApi({ [DETAIL]: ok(loanDetails({ orderId: 'DEMO-INST', amount: 424_000_000 })), [PLAN]: ok(plan(0)) });
    await open('DEMO-INST');
    await loaded();
    await userEvent.setup().click(repayButton());
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/that?productId=1&orderId=DEMO-INST&amount=424000000'));
  });

  it('a single-payment loan (the plan is refused, silently): Repay goes to /that, no message', async () => {
    const api = stubApi({ [DETAIL]: ok(loanDetails()), [PLAN]: fail('This order is not an instalment loan.', 'PAYMENT_REFUSED') });
    await open('DEMO-170');
    await loaded();
    await waitFor(() => expect(api.to(PLAN)).toHaveLength(1));
    await userEvent.setup().click(repayButton());
    // The plan's refusal may still be on its way: Repay then waits for it before it navigates (LoanActions).
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/that?productId=1&orderId=DEMO-170&amount=262500000'));
    expect(toastText()).toBe('');
  });
});

describe('the instalment plan query', () => {
  // A server-rendered page sends only the queries that succeeded: the single-payment answer must be one, or the
  // browser draws Repay enabled until its own call is refused (docs/performance.md "Repay").
  it("a single-payment order's refusal (PAYMENT_REFUSED) is the answer null; any other failure stays an error", async () => {
    stubApi({ [PLAN]: fail('This order is not an instalment loan.', 'PAYMENT_REFUSED') });
    await expect(new QueryClient().fetchQuery(instalmentPlanQuery('1', 'DEMO-170', 'en'))).resolves.toBeNull();
    stubApi({ [PLAN]: fail('Order not found.', 'NOT_FOUND') });
    await expect(new QueryClient().fetchQuery(instalmentPlanQuery('1', 'DEMO-404', 'en'))).rejects.toMatchObject({
      name: 'ApiError',
      code: 'NOT_FOUND',
    });
    stubApi({ [PLAN]: ok(plan(1)) });
    await expect(new QueryClient().fetchQuery(instalmentPlanQuery('1', 'DEMO-INST', 'en'))).resolves.toEqual(plan(1));
  });
});

describe('/loanDetails: early repayment (spec 9) said before the tap', () => {
  it('not allowed: the server message shows on the page, Repay is marked disabled and described by it, a tap only repeats it', async () => {
    stubApi({
      [DETAIL]: ok(loanDetails({ earlyRepay: { allowed: false, from: '2026-04-16', message: EARLY } })),
      [PLAN]: fail('x', 'PAYMENT_REFUSED'),
    });
    await open('DEMO-170');
    await loaded();
    expect(screen.getByTestId('early-repay').textContent).toBe(EARLY);
    await waitFor(() => expect(repayButton().getAttribute('aria-disabled')).toBe('true'));
    expect(repayButton().getAttribute('aria-describedby')).toBe(screen.getByTestId('early-repay').id);
    await userEvent.setup().click(repayButton());
    await waitFor(() => expect(toastText()).toBe(EARLY));
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('allowed: no message and Repay works', async () => {
    stubApi({ [DETAIL]: ok(loanDetails({ earlyRepay: { allowed: true, from: '2025-01-15', message: null } })) });
    await open('DEMO-170');
    await loaded();
    expect(screen.queryByTestId('early-repay')).toBeNull();
    expect(repayButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('an instalment loan keeps Repay (to its instalments) and still says when the whole loan can be repaid', async () => {
    stubApi({
      [DETAIL]: ok(loanDetails({ orderId: 'DEMO-INST', earlyRepay: { allowed: false, from: '2026-04-16', message: EARLY } })),
      [PLAN]: ok(plan(1)),
    });
    await open('DEMO-INST');
    await loaded();
    expect(screen.getByTestId('early-repay').textContent).toBe(EARLY);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Repay' })?.getAttribute('aria-disabled') ?? null).toBeNull());
    await userEvent.setup().click(repayButton());
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/installment?productId=1&orderId=DEMO-INST'));
  });
});

describe('/loanDetails: payments', () => {
  it('a settled loan lists what was paid: amount, date, method, purpose and how it was applied', async () => {
    stubApi({
      [DETAIL]: ok(loanDetails({ orderId: 'DEMO-5', orderStatus: 4, noticeStatusText: 'Repaid', payments: [receipt()] })),
    });
    await open('DEMO-5');
    await loaded('Repaid');
    const section = screen.getByRole('region', { name: 'Payments' });
    const items = within(section).getAllByTestId('payment');
    expect(items).toHaveLength(1);
    const item = items[0] as HTMLElement;
    // Paid at 03:05 UTC: shown in India's time for English (docs/performance.md "Dates"), whatever the machine's zone.
    expect(within(item).getByRole('heading', { level: 3 }).textContent).toBe('₹2,353,1752025-03-02 08:35:00');
    expect(Array.from(item.querySelectorAll('.lv-rows__row')).map((r) => r.textContent)).toEqual([
      'Payment methodALFAMART payment code',
      'Payment forFull repayment',
      'Principal₹1,500,000',
      'Interest₹78,250',
      'Late charges₹784,925',
    ]);
  });

  it('several payments, newest first, in Indonesian; an instalment payment names its instalments; held money says so', async () => {
    stubApi({
      [DETAIL]: ok(
        loanDetails({
          orderId: 'DEMO-INST',
          payments: [
            receipt({
              id: 'b',
              amount: 106_000_000,
              repayType: 'installment',
              periods: [2],
              applied: { principal: 100_000_000, interest: 6_000_000, lateCharges: 0, extensionFee: 0 },
              unapplied: 0,
            }),
            receipt({
              id: 'a',
              amount: 110_000_000,
              repayType: 'installment',
              periods: [1],
              applied: { principal: 100_000_000, interest: 6_000_000, lateCharges: 0, extensionFee: 0 },
              unapplied: 4_000_000,
            }),
          ],
        }),
      ),
    });
    await open('DEMO-INST', 'id');
    await loaded();
    const items = within(screen.getByRole('region', { name: 'Pembayaran' })).getAllByTestId('payment');
    expect(items.map((i) => i.querySelector('.ld-receipt__amount')?.textContent)).toEqual(['Rp 1.060.000', 'Rp 1.100.000']);
    expect(items[0]?.textContent).toContain('Cicilan ke-2');
    expect(items[1]?.textContent).toContain('Belum dialokasikanRp 40.000');
    expect(items[1]?.textContent).toContain('Layanan pelanggan akan mengalokasikan atau mengembalikannya kepada Anda.');
  });

  it('no payments: no section', async () => {
    stubApi({ [DETAIL]: ok(loanDetails()) });
    await open('DEMO-170');
    await loaded();
    expect(screen.queryByRole('region', { name: 'Payments' })).toBeNull();
  });
});

describe('/loanDetails: a payment arriving while the page is open', () => {
  // The poll interval passes on a fake clock, moved on by the test (no waiting for it); real time still flows, so
  // the page loads and renders as usual. Installed before the page mounts: the poll's timers are all fake ones.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls payment-state while a code is pending; the payment shows by itself (details asked again), then polling stops', async () => {
    let paid = false;
    const paidReceipt = receipt({
      amount: 262_500_000,
      applied: { principal: 250_000_000, interest: 12_500_000, lateCharges: 0, extensionFee: 0 },
    });
    const api = stubApi({
      [DETAIL]: () => ok(paid ? loanDetails({ orderStatus: 200, noticeStatusText: 'Repaid', payments: [paidReceipt] }) : loanDetails()),
      [PLAN]: fail('x', 'PAYMENT_REFUSED'),
      [STATE]: () =>
        ok(
          paid
            ? state({ orderStatus: 200, settled: true, receipts: [paidReceipt], lastPaidAt: paidReceipt.paidAt })
            : state({
                pending: {
                  amount: 262_500_000,
                  vcode: '88905031805081',
                  cardNo: 'LVP1',
                  payType: 2,
                  payCode: 'ALFAMART',
                  payStep: [],
                  specificNum: '',
                  telephone: '',
                  expiresAt: '2025-03-03T03:00:00.000Z',
                  repayType: 'full',
                  state: 'pending',
                  periods: [],
                },
              }),
        ),
    });
    await open('DEMO-170');
    await loaded();
    await waitFor(() => expect(api.to(STATE)).toHaveLength(1));
    expect(api.to(STATE)[0]?.body).toEqual({ productId: '1', orderId: 'DEMO-170' });

    paid = true;
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
    const note = await screen.findByTestId('paid');
    expect(note.textContent).toBe('Payment received₹2,625,000 received on 2025-03-02 08:35:00. Thank you!');
    await loaded('Repaid');
    expect(within(screen.getByRole('region', { name: 'Payments' })).getAllByTestId('payment')).toHaveLength(1);
    expect(api.to(DETAIL).length).toBe(2);

    // Settled: no more polling, however long the page stays open.
    const asked = api.to(STATE).length;
    await vi.advanceTimersByTimeAsync(3 * PAYMENT_POLL_MS);
    expect(api.to(STATE)).toHaveLength(asked);
  });

  it('nothing pending: asks once and does not poll', async () => {
    const api = stubApi({ [DETAIL]: ok(loanDetails()), [STATE]: ok(state()) });
    await open('DEMO-170');
    await loaded();
    await waitFor(() => expect(api.to(STATE)).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(3 * PAYMENT_POLL_MS);
    expect(api.to(STATE)).toHaveLength(1);
  });
});

describe('/loanDetails: the late notice leads to the loan terms (late-charge cap)', () => {
  it('an overdue loan: the server notice (which states the cap) and a link to the loan terms', async () => {
    const notice =
      'Your loan is 40 days overdue. Late charges have reached their limit: please repay ₹2,454,600 now. Late charges never exceed 100% of the principal.';
    stubApi({ [DETAIL]: ok(loanDetails({ orderId: 'DEMO-180', orderStatus: 180, noticeStatusText: 'Overdue', noticeDesText: notice })) });
    await open('DEMO-180');
    await loaded('Overdue');
    expect(screen.getByText(notice)).toBeTruthy();
    const link = within(screen.getByTestId('late-cap')).getByRole('link', {
      name: 'How late charges and their limit work: see the loan terms',
    });
    await userEvent.setup().click(link);
    expect(screen.getByTestId('elsewhere').textContent).toBe('/loanTerms');
  });

  it('in Indonesian; a loan that is not late has no such link', async () => {
    stubApi({ [DETAIL]: ok(loanDetails({ orderId: 'DEMO-5', orderStatus: 5, noticeStatusText: 'Terlambat' })) });
    const first = await open('DEMO-5', 'id');
    await loaded('Terlambat');
    expect(screen.getByTestId('late-cap').textContent).toBe('Cara kerja biaya keterlambatan dan batasnya: lihat syarat pinjaman');
    first.unmount();
    stubApi({ [DETAIL]: ok(loanDetails()) });
    await open('DEMO-170');
    await loaded();
    expect(screen.queryByTestId('late-cap')).toBeNull();
  });
});
