import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS, fund } from '../test/fixtures.ts';
import { currentLocation, fail, ok, renderApp, signIn, stubConsole, toastText } from '../test/render.tsx';

const page = (items: ReturnType<typeof fund>[], total = items.length) => ok({ items, total, page: 1, pageSize: 20 });
const fundCard = (id: number, label = 'Fund') => screen.getByText(`${label} #${id}`).closest('li') as HTMLElement;

beforeEach(() => signIn());

describe('/ops/funds: unapplied funds', () => {
  it('lists open funds with amount, reason and order; Apply only when the amount covers what the order asks', async () => {
    const api = stubConsole({
      [PATHS.funds]: page([fund(), fund({ id: 10, reason: 'code_expired', orderOwes: 40000000, amount: 50000000 })]),
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
    expect(first.getByText('Cannot be applied: the order asks nothing, or more than this amount.')).toBeTruthy();
    expect(first.getByRole<HTMLButtonElement>('button', { name: 'Apply to order' }).disabled).toBe(true);
    const second = within(fundCard(10));
    expect(second.getByText('Paid on an expired code')).toBeTruthy();
    expect(second.getByRole<HTMLButtonElement>('button', { name: 'Apply to order' }).disabled).toBe(false);
  });

  it('apply: confirm with a note, then the list refreshes', async () => {
    let resolved = false;
    const api = stubConsole({
      [PATHS.funds]: () => page(resolved ? [] : [fund({ orderOwes: 40000000 })]),
      [PATHS.resolve]: () => {
        resolved = true;
        return ok(fund({ state: 'applied' }));
      },
    });
    await renderApp('/ops/funds');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply to order' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply ₹500,000 to order DEMO-170?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Borrower asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to order' }));
    await screen.findByText('No funds here.');
    expect(api.to(PATHS.resolve)[0]!.body).toEqual({ id: '9', action: 'apply', note: 'Borrower asked by phone' });
    expect(toastText()).toBe('Applied to the order.');
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
