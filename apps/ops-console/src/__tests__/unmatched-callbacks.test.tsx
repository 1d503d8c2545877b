import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS, unmatched } from '../test/fixtures.ts';
import { fail, ok, renderApp, signIn, stubConsole, toastText } from '../test/render.tsx';

// The second section of /ops/funds: signed provider callbacks we could not match (docs/operations.md).

const noFunds = ok({ items: [], total: 0, page: 1, pageSize: 20 });
const page = (items: ReturnType<typeof unmatched>[], total = items.length) => ok({ items, total, page: 1, pageSize: 20 });
const card = (id: number, label = 'Report') => screen.getByText(`${label} #${id}`).closest('li') as HTMLElement;

beforeEach(() => signIn());

describe('/ops/funds: payments we could not match', () => {
  it('lists the open ones: reason, bill number, amount, times received, last received in Jakarta time, the body', async () => {
    const api = stubConsole({
      [PATHS.funds]: noFunds,
      [PATHS.unmatched]: page([
        unmatched(),
        unmatched({ id: 3, reason: 'malformed', eventId: null, reference: null, amount: null, deliveries: 1, rawBody: 'not json' }),
      ]),
    });
    await renderApp('/ops/funds');
    expect(screen.getByRole('heading', { level: 2, name: 'Payments we could not match' })).toBeTruthy();
    await screen.findByText('Report #4');
    expect(api.to(PATHS.unmatched)[0]!.body).toEqual({ state: 'open', page: '1', pageSize: '20' });
    const first = within(card(4));
    expect(first.getByRole('heading', { level: 3 }).textContent).toBe('₹250,000');
    expect(first.getByText('Unknown bill number')).toBeTruthy();
    expect(first.getByText('LVP20261120XXXXXXXXXXXX')).toBeTruthy();
    expect(first.getByText('3')).toBeTruthy();
    expect(first.getByText('2026-11-20 11:30:00')).toBeTruthy();
    // The provider's body, in a collapsed <details>.
    const details = first.getByText('What the provider sent').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('pre')!.textContent).toBe(unmatched().rawBody);
    const second = within(card(3));
    expect(second.getByRole('heading', { level: 3 }).textContent).toBe('Amount unknown');
    expect(second.getByText('Not a valid payment report')).toBeTruthy();
    expect(second.getAllByText('—')).toHaveLength(2);
  });

  it('Mark resolved needs a note, sends it, then the list refreshes', async () => {
    let resolved = false;
    const api = stubConsole({
      [PATHS.funds]: noFunds,
      [PATHS.unmatched]: () => page(resolved ? [] : [unmatched()]),
      [PATHS.unmatchedResolve]: () => {
        resolved = true;
        return ok(unmatched({ state: 'resolved', resolvedBy: 'ops-support', note: 'Asked the provider' }));
      },
    });
    await renderApp('/ops/funds');
    const user = userEvent.setup();
    await screen.findByText('Report #4');
    const item = within(card(4));
    await user.click(item.getByRole('button', { name: 'Mark resolved' }));
    expect(item.getByText('Please write what was done.')).toBeTruthy();
    expect(api.to(PATHS.unmatchedResolve)).toEqual([]);
    await user.type(item.getByRole('textbox', { name: 'What was done' }), '  Asked the provider ');
    await user.click(item.getByRole('button', { name: 'Mark resolved' }));
    await screen.findByText('No payment reports waiting to be matched.');
    expect(api.to(PATHS.unmatchedResolve)[0]!.body).toEqual({ id: '4', note: 'Asked the provider' });
    expect(toastText()).toBe('Marked as resolved.');
  });

  it('a refusal of the server is shown under the note', async () => {
    stubConsole({
      [PATHS.funds]: noFunds,
      [PATHS.unmatched]: page([unmatched()]),
      [PATHS.unmatchedResolve]: fail('This unmatched payment report was already resolved.', 'CONFLICT'),
    });
    await renderApp('/ops/funds');
    const user = userEvent.setup();
    await screen.findByText('Report #4');
    const item = within(card(4));
    await user.type(item.getByRole('textbox', { name: 'What was done' }), 'Checked');
    await user.click(item.getByRole('button', { name: 'Mark resolved' }));
    await item.findByText('This unmatched payment report was already resolved.');
  });

  it('says so when none is open', async () => {
    stubConsole({ [PATHS.funds]: noFunds, [PATHS.unmatched]: page([]) });
    await renderApp('/ops/funds');
    await screen.findByText('No payment reports waiting to be matched.');
  });

  it('in Indonesian', async () => {
    stubConsole({ [PATHS.funds]: noFunds, [PATHS.unmatched]: page([unmatched({ reason: 'code_mismatch' })]) });
    await renderApp('/ops/funds', { lang: 'id' });
    expect(screen.getByRole('heading', { level: 2, name: 'Pembayaran yang tidak dapat dicocokkan' })).toBeTruthy();
    await screen.findByText('Laporan #4');
    const item = within(card(4, 'Laporan'));
    expect(item.getByRole('heading', { level: 3 }).textContent).toBe('Rp 250.000');
    expect(item.getByText('Kode atau kanal tidak sesuai dengan tagihan')).toBeTruthy();
    expect(item.getByRole('button', { name: 'Tandai selesai' })).toBeTruthy();
    expect(item.getByText('Yang dikirim penyedia')).toBeTruthy();
  });
});
