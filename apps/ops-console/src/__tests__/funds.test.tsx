import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS, fund, fundOption } from '../test/fixtures.ts';
import { currentLocation, fail, ok, renderApp, signIn, stubConsole, toastText } from '../test/render.tsx';

const page = (items: ReturnType<typeof fund>[], total = items.length) => ok({ items, total, page: 1, pageSize: 20 });
const fundCard = (id: number, label = 'Fund') => screen.getByText(`${label} #${id}`).closest('li') as HTMLElement;

beforeEach(() => signIn());

describe('/ops/funds: unapplied funds', () => {
  it('lists open funds with what each can pay today; Apply only when one option is covered and payable today', async () => {
    const api = stubConsole({
      [PATHS.funds]: page([
        fund({ options: [fundOption({ amount: 104550000, covered: false })] }),
        fund({ id: 10, reason: 'code_expired', orderOwes: 40000000, amount: 50000000, options: [fundOption()] }),
        fund({
          id: 11,
          orderNo: 'DEMO-INST',
          amount: 114000000,
          options: [
            fundOption({ amount: 318000000, covered: false, payableFrom: '2026-04-10', keepsHeld: 0 }),
            fundOption({
              repayType: 'installment',
              periodFrom: 2,
              periods: 1,
              amount: 106000000,
              payableFrom: '2026-03-28',
              newStatus: 170,
            }),
          ],
        }),
      ]),
    });
    await renderApp('/ops/funds');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unapplied funds');
    await screen.findByText('Fund #9');
    expect(api.to(PATHS.funds)[0]!.body).toEqual({ state: 'open', page: '1', pageSize: '20' });
    const first = within(fundCard(9));
    expect(first.getByRole('heading', { level: 2 }).textContent).toBe('₹500,000');
    expect(first.getByText('Paid more than asked')).toBeTruthy();
    expect(first.getByText('DEMO-170')).toBeTruthy();
    expect(first.getByText('BILL-1 · 8001234')).toBeTruthy();
    expect(first.getByText('2026-11-20 10:00:00')).toBeTruthy();
    expect(first.getByText('Settle the loan: ₹1,045,500 · ₹545,500 short')).toBeTruthy();
    expect(
      first.getByText('Cannot be applied today: it covers nothing the order can be paid for now. Refund it, or wait for the day shown.'),
    ).toBeTruthy();
    expect(first.getByRole<HTMLButtonElement>('button', { name: 'Apply to order' }).disabled).toBe(true);
    const second = within(fundCard(10));
    expect(second.getByText('Paid on an expired code')).toBeTruthy();
    expect(second.getByText('Settle the loan: ₹400,000 · covered')).toBeTruthy();
    expect(second.getByRole<HTMLButtonElement>('button', { name: 'Apply to order' }).disabled).toBe(false);
    // The issue 34 instalment case: covered, but paying ahead: the day is said and Apply stays off.
    const third = within(fundCard(11));
    expect(third.getByText('Instalment 2: ₹1,060,000 · pays ahead: allowed from 2026-03-28')).toBeTruthy();
    expect(third.getByRole<HTMLButtonElement>('button', { name: 'Apply to order' }).disabled).toBe(true);
  });

  it('apply: the operator chooses what it becomes, the dialog says the effect, the choice is sent; the list refreshes', async () => {
    let resolved = false;
    const api = stubConsole({
      [PATHS.funds]: () =>
        page(
          resolved
            ? []
            : [
                fund({
                  orderOwes: 40000000,
                  options: [
                    fundOption({ repayType: 'delay', amount: 15000000, newStatus: 170, newDueDate: '2026-12-07', keepsHeld: 35000000 }),
                    fundOption(),
                  ],
                }),
              ],
        ),
      [PATHS.resolve]: () => {
        resolved = true;
        return ok(fund({ state: 'applied' }));
      },
    });
    await renderApp('/ops/funds');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply to order' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply ₹500,000 to order DEMO-170?' });
    // Nothing is chosen for the operator.
    expect(within(dialog).queryByTestId('fund-effect')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Apply to order' }));
    expect(within(dialog).getByText('Choose what the payment is applied as.')).toBeTruthy();
    expect(api.to(PATHS.resolve)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: /The borrower's extension: ₹150,000/ }));
    expect(within(dialog).getByTestId('fund-effect').textContent).toBe(
      'The order becomes: repaying. New due date 2026-12-07. ₹350,000 stays held.',
    );
    await user.click(within(dialog).getByRole('radio', { name: /Settle the loan: ₹400,000/ }));
    expect(within(dialog).getByTestId('fund-effect').textContent).toBe('The order becomes: settled. ₹100,000 stays held.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Borrower asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to order' }));
    await screen.findByText('No funds here.');
    expect(api.to(PATHS.resolve)[0]!.body).toEqual({ id: '9', action: 'apply', repayType: 'full', note: 'Borrower asked by phone' });
    expect(toastText()).toBe('Applied to the order.');
  });

  it('apply refused by the server (no longer asked, paying ahead) keeps the dialog and the choice, with the message', async () => {
    stubConsole({
      [PATHS.funds]: page([fund({ options: [fundOption({ repayType: 'installment', periodFrom: 3, periods: 1, newStatus: 170 })] })]),
      [PATHS.resolve]: fail('The order no longer asks for this: reload the list and choose again.', 'CONFLICT'),
    });
    await renderApp('/ops/funds');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply to order' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /Instalment 3/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply to order' }));
    await within(dialog).findByText('The order no longer asks for this: reload the list and choose again.');
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Instalment 3/ }).checked).toBe(true);
  });

  it('refund refused by the server keeps the dialog open with the message', async () => {
    stubConsole({ [PATHS.funds]: page([fund()]), [PATHS.resolve]: fail('This fund has already been resolved.', 'CONFLICT') });
    await renderApp('/ops/funds');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund ₹500,000 to the payer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await within(dialog).findByText('This fund has already been resolved.');
  });

  it('the state buttons ask the API and change the address; resolved funds say who and when', async () => {
    const api = stubConsole({
      [PATHS.funds]: (b) =>
        page(
          b.state === 'refunded'
            ? [fund({ state: 'refunded', resolvedBy: 'ops-ana', resolvedAt: '2026-11-21T03:00:00.000Z', refundId: 'RF-7' })]
            : [],
        ),
    });
    await renderApp('/ops/funds');
    await screen.findByText('No funds here.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refunded' }));
    await screen.findByText('Fund #9');
    expect(api.to(PATHS.funds).at(-1)!.body.state).toBe('refunded');
    expect(currentLocation()).toBe('/ops/funds?state=refunded');
    expect(screen.getByRole('button', { name: 'Refunded' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(fundCard(9)).getByText('Resolved by ops-ana on 2026-11-21 10:00:00 · Refund RF-7')).toBeTruthy();
    expect(within(fundCard(9)).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('in Indonesian', async () => {
    stubConsole({ [PATHS.funds]: page([fund()]) });
    await renderApp('/ops/funds', { lang: 'id' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dana belum teralokasi');
    await screen.findByText('Dana #9');
    const card = within(fundCard(9, 'Dana'));
    expect(card.getByText('Dibayar lebih dari tagihan')).toBeTruthy();
    expect(card.getByRole('heading', { level: 2 }).textContent).toBe('Rp 500.000');
    expect(card.getByRole('button', { name: 'Kembalikan' })).toBeTruthy();
  });
});
