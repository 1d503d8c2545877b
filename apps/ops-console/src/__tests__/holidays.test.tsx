import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS, audit } from '../test/fixtures.ts';
import { currentLocation, fail, ok, renderApp, signIn, stubConsole, toastText } from '../test/render.tsx';

const NYEPI = { date: '2026-03-19', name: 'Nyepi', createdBy: 'seed', createdAt: '' };
const XMAS = { date: '2026-12-25', name: 'Christmas', createdBy: 'ops-support', createdAt: '' };

beforeEach(() => signIn());

describe('/ops/holidays', () => {
  it('lists the holidays of a year and their changes; add one; remove one after a confirmation', async () => {
    let items = [NYEPI];
    const api = stubConsole({
      [PATHS.holidays]: () => ok({ items }),
      [PATHS.audit]: () =>
        ok(
          audit(
            items.length > 1
              ? [{ action: 'holiday_add', kind: 'holiday', itemId: '2026-12-25', detail: { date: '2026-12-25', name: 'Christmas' } }]
              : [],
          ),
        ),
      [PATHS.holidayAdd]: () => {
        items = [NYEPI, XMAS];
        return ok(XMAS);
      },
      [PATHS.holidayRemove]: (b) => {
        items = items.filter((h) => h.date !== b.date);
        return ok({ date: String(b.date), removed: true });
      },
    });
    await renderApp('/ops/holidays?year=2026');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Public holidays');
    expect(screen.getByRole('heading', { level: 2, name: 'Year 2026' })).toBeTruthy();
    await screen.findByText('Nyepi');
    expect(api.to(PATHS.holidays)[0]!.body).toEqual({ year: '2026' });
    expect(api.to(PATHS.audit)[0]!.body).toEqual({ kind: 'holiday', id: '0' });
    expect(screen.getByText('Added by seed')).toBeTruthy();
    expect(screen.getByText('Nothing recorded yet.')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(screen.getByText('Choose a date.')).toBeTruthy();
    expect(screen.getByText('Please enter the name of the holiday.')).toBeTruthy();
    expect(api.to(PATHS.holidayAdd)).toHaveLength(0);

    await user.type(screen.getByLabelText('Date'), '2026-12-25');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Christmas');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    await screen.findByText('Christmas');
    expect(api.to(PATHS.holidayAdd)[0]!.body).toEqual({ date: '2026-12-25', name: 'Christmas' });
    expect(toastText()).toBe('Holiday added.');
    await waitFor(() => expect(screen.getByTestId('audit').textContent).toContain('Added holiday 2026-12-25 (Christmas)'));

    await user.click(screen.getByRole('button', { name: 'Remove Nyepi (2026-03-19)' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Nyepi (2026-03-19)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Nyepi')).toBeNull());
    expect(api.to(PATHS.holidayRemove)[0]!.body).toEqual({ date: '2026-03-19' });
    expect(toastText()).toBe('Holiday removed.');
  });

  it('a date already a holiday (409) shows the server message', async () => {
    stubConsole({
      [PATHS.holidays]: ok({ items: [XMAS] }),
      [PATHS.audit]: ok(audit([])),
      [PATHS.holidayAdd]: fail('This date is already a public holiday.', 'CONFLICT'),
    });
    await renderApp('/ops/holidays?year=2026');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Date'), '2026-12-25');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Christmas');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect((await screen.findByText('This date is already a public holiday.')).getAttribute('role')).toBe('alert');
  });

  it('year navigation', async () => {
    const api = stubConsole({ [PATHS.holidays]: ok({ items: [] }), [PATHS.audit]: ok(audit([])) });
    await renderApp('/ops/holidays?year=2026');
    await screen.findByText('No holidays in 2026.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next year' }));
    await screen.findByText('No holidays in 2027.');
    expect(api.to(PATHS.holidays).at(-1)!.body).toEqual({ year: '2027' });
    expect(currentLocation()).toBe('/ops/holidays?year=2027');
  });
});
