import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PERIOD_CONFIRMING } from '../lib/instalment-selection.ts';
import { instalment, instalmentPlan, vaDetail } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderApp, stubApi, where } from '../test/render.tsx';

const PLAN = '/v3/installment/loan-play-detail';
const VCODE = '/v3/loan-details/generate-vcode';
const PAGE = '/installment?productId=1&orderId=DEMO-INST';

// Amounts: instalment n is 43_750_000 + n × 100 minor units (Rp 437.501, 437.502, ...).
function setup(answer: Handler = ok(instalmentPlan())) {
  return stubApi({ [PLAN]: answer, [VCODE]: ok(vaDetail()) });
}

const boxes = () => within(screen.getByRole('region', { name: 'To pay' })).getAllByRole<HTMLInputElement>('checkbox');
const ticked = () => boxes().map((b) => b.checked);
const selectAll = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all' });
const total = () => screen.getByTestId('instalment-total').textContent;
const payNow = () => screen.getByRole('button', { name: 'Pay now' });
const box = (n: number) => screen.getByRole<HTMLInputElement>('checkbox', { name: new RegExp(`^Instalment ${n} `) });

describe('/installment: what it shows', () => {
  it("asks for the plan and shows 'Detail Tagihan', the instalments to pay and those paid", async () => {
    const api = setup(
      ok(
        instalmentPlan(
          [2, 3, 4].map((n) => instalment(n, { canClick: n === 2 ? 1 : 0 })),
          [instalment(1, { periodStatus: 2, canClick: 0 })],
        ),
      ),
    );
    await renderApp(PAGE);
    await screen.findByRole('region', { name: 'To pay' });
    expect(api.to(PLAN)[0]?.body).toEqual({ productId: '1', orderId: 'DEMO-INST' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Detail Tagihan']);
    expect(screen.getByText('Instalment details')).toBeTruthy();
    expect(screen.getByText('LendView Cepat')).toBeTruthy();
    expect(screen.getByText('3 instalments left to pay')).toBeTruthy();
    expect(boxes()).toHaveLength(3);
    expect(box(2).closest('label')?.textContent).toContain('Due 2025-04-01');
    expect(box(2).closest('label')?.textContent).toContain('₹437,502');
    const paid = screen.getByRole('region', { name: 'Paid' });
    expect(within(paid).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(paid).getByText('Instalment 1')).toBeTruthy();
  });

  it('in Indonesian, the title stays and amounts use dots', async () => {
    setup();
    await renderApp(PAGE, { lang: 'id' });
    await screen.findByRole('region', { name: 'Belum dibayar' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Detail Tagihan');
    expect(screen.getByTestId('instalment-total').textContent).toBe('Rp 437.501');
    expect(screen.getByRole('button', { name: 'Bayar sekarang' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Pilih semua' })).toBeTruthy();
  });

  it('says when everything is paid, with no pay bar', async () => {
    setup(ok(instalmentPlan([], [instalment(1, { periodStatus: 2 })])));
    await renderApp(PAGE);
    expect(await screen.findByText('All instalments are paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });
});

describe('/installment: selection (spec 4.7)', () => {
  it('starts with the first ticked, and its amount as the total', async () => {
    setup();
    await renderApp(PAGE);
    await screen.findByRole('region', { name: 'To pay' });
    expect(ticked()).toEqual([true, false, false, false]);
    expect(total()).toBe('₹437,501');
    expect(selectAll().checked).toBe(false);
  });

  it('ticking the third ticks the second; unticking the second (middle) unticks the third; the first cannot be unticked', async () => {
    setup();
    await renderApp(PAGE);
    await screen.findByRole('region', { name: 'To pay' });
    const user = userEvent.setup();
    await user.click(box(3));
    expect(ticked()).toEqual([true, true, true, false]);
    expect(total()).toBe('₹1,312,506');
    await user.click(box(2));
    expect(ticked()).toEqual([true, false, false, false]);
    await user.click(box(1));
    expect(ticked()).toEqual([true, false, false, false]);
    expect(total()).toBe('₹437,501');
  });

  it('all-select ticks all (the sum of all), then goes back to the first only', async () => {
    setup();
    await renderApp(PAGE);
    await screen.findByRole('region', { name: 'To pay' });
    const user = userEvent.setup();
    await user.click(selectAll());
    expect(ticked()).toEqual([true, true, true, true]);
    expect(selectAll().checked).toBe(true);
    expect(total()).toBe('₹1,750,010');
    await user.click(selectAll());
    expect(ticked()).toEqual([true, false, false, false]);
    expect(selectAll().checked).toBe(false);
    expect(total()).toBe('₹437,501');
  });

  it('canClick 0 on the first: nothing is selectable, the total is zero and pay now does nothing', async () => {
    const api = setup(ok(instalmentPlan([1, 2, 3].map((n) => instalment(n, { canClick: 0 })))));
    await renderApp(PAGE);
    await screen.findByRole('region', { name: 'To pay' });
    expect(ticked()).toEqual([false, false, false]);
    expect(boxes().every((b) => b.disabled)).toBe(true);
    expect(selectAll().disabled).toBe(true);
    expect(total()).toBe('₹0');
    expect(screen.getByText('These instalments cannot be paid here right now.')).toBeTruthy();
    await userEvent.setup().click(payNow());
    expect(where().path).toBe(PAGE);
    expect(api.to(VCODE)).toHaveLength(0);
  });

  // Issue 11 item 4: a code opened and not paid never locks the instalments (the server keeps canClick 1).
  it('periodStatus 500 (a code is open): "Payment code open", still selectable, the total and pay now work', async () => {
    setup(
      ok(
        instalmentPlan([
          instalment(1, { periodStatus: PERIOD_CONFIRMING, canClick: 1, repayDes: 'Payment being confirmed' }),
          instalment(2),
          instalment(3),
        ]),
      ),
    );
    await renderApp(PAGE);
    await screen.findByRole('region', { name: 'To pay' });
    expect(box(1).closest('label')?.textContent).toContain('Payment code open');
    expect(box(1).closest('label')?.textContent).not.toContain('Payment being confirmed');
    expect(box(1).disabled).toBe(false);
    expect(ticked()).toEqual([true, false, false]);
    expect(total()).toBe('₹437,501');
    const user = userEvent.setup();
    await user.click(box(2));
    expect(ticked()).toEqual([true, true, false]);
    expect(total()).toBe('₹875,003');
    await user.click(payNow());
    await waitFor(() => expect(where().path).toBe('/that?productId=1&orderId=DEMO-INST&amount=87500300&repayType=installment&periods=2'));
  });

  it('a later instalment in 500 is selectable like the others; all-select takes them all', async () => {
    setup(ok(instalmentPlan([instalment(1), instalment(2), instalment(3, { periodStatus: PERIOD_CONFIRMING })])));
    await renderApp(PAGE);
    await screen.findByRole('region', { name: 'To pay' });
    expect(box(3).disabled).toBe(false);
    await userEvent.setup().click(selectAll());
    expect(ticked()).toEqual([true, true, true]);
  });
});

describe('/installment: pay now', () => {
  it('goes to /that with the selected total as digits, repayType installment and the number of periods', async () => {
    setup();
    await renderApp(PAGE);
    await screen.findByRole('region', { name: 'To pay' });
    const user = userEvent.setup();
    await user.click(box(2));
    await user.click(payNow());
    await waitFor(() => expect(where().path).toBe('/that?productId=1&orderId=DEMO-INST&amount=87500300&repayType=installment&periods=2'));
  });
});

describe('/installment: failures', () => {
  it('a server failure shows its message and the way back', async () => {
    setup(fail('This loan is not paid in instalments.', 'BAD_REQUEST'));
    await renderApp(PAGE);
    expect(await screen.findByRole('link', { name: 'Back to loan details' })).toBeTruthy();
    expect(document.querySelector('.lv-error-panel')?.textContent).toContain('This loan is not paid in instalments.');
  });

  it('a network failure offers a retry', async () => {
    setup('network-error');
    await renderApp(PAGE);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    setup();
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('region', { name: 'To pay' })).toBeTruthy();
  });
});
