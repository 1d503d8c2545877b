import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { externalNav } from '../lib/navigation.ts';
import { standTargeted } from '../test/fixtures.ts';
import { type Handler, ok, renderApp, stubApi, toastText } from '../test/render.tsx';

const TARGETED = '/market/stand/targeted';
const NECESSITY = '/market/stand/necessity';
const JOINT = '/market/stand/joint';

function setup(extra: Record<string, Handler> = {}, over = {}) {
  return stubApi({
    [TARGETED]: ok(standTargeted(over)),
    [NECESSITY]: ok({ status: 0, message: '' }),
    [JOINT]: ok({ status: 0, message: '', url: 'https://dana.example.com/joint' }),
    ...extra,
  });
}

describe('/error (joint-login failure)', () => {
  it('shows the image, message, notice and products', async () => {
    const api = setup();
    await renderApp('/error?reason=timeout');
    expect(await screen.findByRole('heading', { level: 2, name: 'We could not sign you in to the partner.' })).toBeTruthy();
    expect(api.to(TARGETED).map((c) => c.body)).toEqual([{ reason: 'timeout' }]);
    expect(screen.getByText('Try one of these products instead.')).toBeTruthy();
    expect(screen.getByTestId('joint-failed-image')).toBeTruthy();
    const cards = screen.getAllByTestId('stand-product');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Dana Kilat', 'Pinjam Aman']);
    expect(within(cards[0]!).getByText('Small loans')).toBeTruthy();
    expect(within(cards[0]!).getByText('0.08% / day')).toBeTruthy();
    expect(toastText()).toBe('');
  });

  it('a tap records necessity, asks joint and opens the link', async () => {
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    const api = setup();
    await renderApp('/error?reason=timeout');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Borrow now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://dana.example.com/joint'));
    expect(api.to(NECESSITY).map((c) => c.body)).toEqual([{ productId: '2', positionId: '0' }]);
    expect(api.to(JOINT).map((c) => c.body)).toEqual([{ productId: '2' }]);
  });

  it('a greyed product ignores taps', async () => {
    const api = setup();
    await renderApp('/error');
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Quota full' });
    expect(button.disabled).toBe(true);
    await userEvent.setup().click(screen.getByText('Pinjam Aman'));
    expect(api.calls.map((c) => c.path)).toEqual([TARGETED]);
  });

  it('a payload status other than 0 shows its message', async () => {
    setup({}, { status: 1, message: 'Partner is busy' });
    await renderApp('/error');
    await waitFor(() => expect(toastText()).toBe('Partner is busy'));
  });

  it('necessity with status 1 shows its message and goes no further', async () => {
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    const api = setup({ [NECESSITY]: ok({ status: 1, message: 'Not eligible' }) });
    await renderApp('/error');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Borrow now' }));
    await waitFor(() => expect(toastText()).toBe('Not eligible'));
    expect(api.to(JOINT)).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });
});
