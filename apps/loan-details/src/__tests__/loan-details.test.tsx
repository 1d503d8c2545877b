import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSharedParams } from '@lendview/api-client';
import { bridge } from '@lendview/bridge';
import type { LoanDetails } from '../api/loan-details.ts';
import { externalNav } from '../lib/navigation.ts';
import { loanDetails, product } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderApp, stubApi, toastText } from '../test/render.tsx';

const DETAIL = '/v3/loan-details/detail';
const SCORE = '/v3/loan-details/google-score';
const EVENT = '/v3/event/save';
const PAGE_EVENT = '/market/pageEvent/save';
const APPLY = '/market/v3/product/apply';

function setup(over: Partial<LoanDetails> = {}, extra: Record<string, Handler> = {}) {
  const data = loanDetails(over);
  const api = stubApi({ [DETAIL]: ok(data), ...extra });
  return { api, data };
}

async function open(orderId = 'DEMO-170', lang: 'en' | 'id' = 'en') {
  const r = await renderApp(`/loanDetails?productId=1&orderId=${orderId}`, { lang });
  return r;
}

/** The page has loaded its data (the status headline is there). */
async function loaded(headline = 'Repaying') {
  return screen.findByRole('heading', { level: 2, name: headline });
}

const footerButtons = () =>
  Array.from(document.querySelectorAll('.lv-page__footer button, .lv-page__footer a')).map((el) => el.textContent);

afterEach(() => {
  setSharedParams({ tok: undefined });
});

describe('/loanDetails: what it shows', () => {
  it('asks for the order and shows its status, product, rows and title', async () => {
    const { api } = setup({ orderStatus: 180, noticeStatusText: 'Overdue', noticeDesText: 'Please repay today.' });
    await open('DEMO-180');
    await loaded('Overdue');
    expect(api.to(DETAIL)[0]?.body).toEqual({ productId: '1', orderId: 'DEMO-180' });
    expect(screen.getByText('Please repay today.')).toBeTruthy();
    expect(screen.getByTestId('status-image-180').getAttribute('width')).toBe('160');
    expect(screen.getByTestId('status-image-180').getAttribute('height')).toBe('120');
    expect(screen.getByRole('button', { name: 'LendView Cepat, View product details' })).toBeTruthy();
    const rows = document.querySelectorAll('.lv-rows__row');
    expect(Array.from(rows).map((r) => r.textContent)).toEqual(['Loan amountRp 2.500.000', 'Due date2025-03-01']);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Loan details']);
    await waitFor(() => expect(document.title).toBe('LendView Cepat'));
  });

  it('shows a loading message while the order loads', async () => {
    stubApi({ [DETAIL]: 'pending' });
    await open();
    await waitFor(() => expect(toastText()).toBe('Loading your loan…'));
    expect(screen.getByTestId('loan-details-placeholder')).toBeTruthy();
  });

  it('shows nothing when the server says no (spec 8): no message, no status, no buttons', async () => {
    const api = stubApi({ [DETAIL]: fail('Order not found') });
    await open('DEMO2-170');
    await waitFor(() => expect(api.to(DETAIL)).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.lv-skel.is-still')).not.toBeNull());
    expect(toastText()).toBe('');
    expect(screen.queryByText('Order not found')).toBeNull();
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
    expect(document.querySelector('[data-testid^="status-image-"]')).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(document.querySelector('.lv-page__footer')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Loan details'));
  });

  it('offers a retry only when no answer came at all', async () => {
    stubApi({ [DETAIL]: 'network-error' });
    await open();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    setup();
    await userEvent.setup().click(retry);
    await loaded();
  });
});

// Every status of the catalogue: image, buttons and recommendations (spec 4.9).
const BY_STATUS: [status: number, image: number, buttons: string[], recommendations: boolean][] = [
  [21, 21, [], true],
  [110, 110, [], true],
  [151, 151, [], true],
  [170, 200, ['Repay'], false],
  [174, 174, ['Repay', 'Delay repayment'], false],
  [180, 180, ['Repay', 'Delay repayment'], false],
  [200, 200, ['Borrow again'], false],
  [210, 200, ['Borrow again'], false],
  [3, 200, ['Repay', 'Delay repayment'], true],
  [4, 200, ['Borrow again'], true],
  [5, 200, ['Repay', 'Delay repayment'], true],
  [999, 200, [], true],
];

describe('/loanDetails by status', () => {
  it.each(BY_STATUS)('status %i shows image %i, buttons %j, recommendations %s (isDelay 1)', async (status, image, buttons, recs) => {
    setup({ orderStatus: status, isDelay: '1', noticeStatusText: `Status ${status}` });
    await open(`DEMO-${status}`);
    await loaded(`Status ${status}`);
    expect(document.querySelectorAll('[data-testid^="status-image-"]')).toHaveLength(1);
    expect(screen.getByTestId(`status-image-${image}`)).toBeTruthy();
    expect(footerButtons()).toEqual(buttons);
    expect(screen.queryByTestId('recommendations') !== null).toBe(recs);
    expect(screen.queryByText('Product 2') !== null).toBe(recs);
    expect(screen.queryByRole('button', { name: 'More products' }) !== null).toBe(recs);
  });

  it.each([174, 180, 3, 5])('status %i hides the delay link when isDelay is 0', async (status) => {
    setup({ orderStatus: status, isDelay: '0', noticeStatusText: `Status ${status}` });
    await open();
    await loaded(`Status ${status}`);
    expect(footerButtons()).toEqual(['Repay']);
  });

  it('shows the buttons in Indonesian', async () => {
    setup({ orderStatus: 174, isDelay: '1' });
    await open('DEMO-174', 'id');
    await loaded();
    expect(footerButtons()).toEqual(['Bayar', 'Tunda pembayaran']);
  });
});

describe('/loanDetails actions', () => {
  it('Repay goes to /that with the amount', async () => {
    setup();
    await open();
    await loaded();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Repay' }));
    // Repay first waits for the instalment plan when it has not answered yet (LoanActions), then navigates.
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/that?productId=1&orderId=DEMO-170&amount=262500000');
  });

  it('Repay opens the external repayment page when the server gives one', async () => {
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    setup({ h5Url: 'https://pay.example.com/repay?o=1' });
    await open();
    await loaded();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Repay' }));
    expect(assign).toHaveBeenCalledWith('https://pay.example.com/repay?o=1');
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('the delay link goes to /repayDelay', async () => {
    setup({ orderStatus: 174, isDelay: '1', orderId: 'DEMO-174' });
    await open('DEMO-174');
    await loaded();
    const link = screen.getByRole('link', { name: 'Delay repayment' });
    expect(link.getAttribute('href')).toBe('/repayDelay?productId=1&orderId=DEMO-174');
    await userEvent.setup().click(link);
    expect(screen.getByTestId('elsewhere').textContent).toBe('/repayDelay?productId=1&orderId=DEMO-174');
  });

  it('the product opens its detail page through the bridge', async () => {
    const openPage = vi.spyOn(bridge, 'openPageWithParam').mockReturnValue(true);
    setup();
    await open();
    await loaded();
    await userEvent.setup().click(screen.getByRole('button', { name: 'LendView Cepat, View product details' }));
    expect(openPage).toHaveBeenCalledWith('productDetail', 1);
  });

  it("'Borrow again' records event 30/0 and opens the product", async () => {
    const openPage = vi.spyOn(bridge, 'openPageWithParam').mockReturnValue(true);
    const { api } = setup({ orderStatus: 200, noticeStatusText: 'Settled' }, { [EVENT]: ok({ saved: true }) });
    await open('DEMO-200');
    await loaded('Settled');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Borrow again' }));
    expect(openPage).toHaveBeenCalledWith('productDetail', 1);
    await waitFor(() => expect(api.to(EVENT).map((c) => c.body)).toEqual([{ productId: '1', moduleId: '30', positionId: '0' }]));
  });

  it("in a plain browser (no native product page), 'Borrow again' and the product row open what Apply opens", async () => {
    const native = vi.spyOn(bridge, 'openPageWithParam').mockReturnValue(false);
    const openPage = vi.spyOn(bridge, 'openPage').mockReturnValue(false);
    const { api } = setup(
      { orderStatus: 200, noticeStatusText: 'Settled' },
      { [EVENT]: ok({ saved: true }), [APPLY]: ok({ url: '/confirm?productId=1&position=0' }) },
    );
    await open('DEMO-200');
    await loaded('Settled');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Borrow again' }));
    await waitFor(() => expect(openPage).toHaveBeenCalledWith('/confirm?productId=1&position=0'));
    expect(native).toHaveBeenCalledWith('productDetail', 1);
    expect(api.to(APPLY).map((c) => c.body)).toEqual([{ product_id: '1', module_id: '30', scene: '' }]);
    await user.click(screen.getByRole('button', { name: 'LendView Cepat, View product details' }));
    await waitFor(() => expect(openPage).toHaveBeenCalledTimes(2));
  });

  it("'More products' goes to the app home", async () => {
    const home = vi.spyOn(bridge, 'goHome').mockReturnValue(true);
    setup({ orderStatus: 21, noticeStatusText: 'Under review' });
    await open('DEMO-21');
    await loaded('Under review');
    await userEvent.setup().click(screen.getByRole('button', { name: 'More products' }));
    expect(home).toHaveBeenCalledTimes(1);
  });

  it('a recommended product records the click, applies and opens the link without our session (issue 12)', async () => {
    setSharedParams({ tok: 'tok-1' });
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    const { api } = setup(
      { orderStatus: 21, noticeStatusText: 'Under review' },
      { [PAGE_EVENT]: ok({ saved: true }), [APPLY]: ok({ url: 'https://partner.example.com/apply?ref=lv' }) },
    );
    await open('DEMO-21');
    await loaded('Under review');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply 3' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://partner.example.com/apply?ref=lv'));
    expect(api.to(PAGE_EVENT).map((c) => c.body)).toEqual([{ productId: '3', moduleId: '300', positionId: '1' }]);
    expect(api.to(APPLY).map((c) => c.body)).toEqual([{ product_id: '3', module_id: '300', scene: '' }]);
  });

  it.each([
    ['globally 0', { globally: 0 as const }],
    ['buttonStatus 0', { buttonStatus: 0 as const }],
  ])('a recommended product with %s ignores taps', async (_name, over) => {
    const { api } = setup({ orderStatus: 21, noticeStatusText: 'Under review', recProducts: [product(2, over)] });
    await open('DEMO-21');
    await loaded('Under review');
    const user = userEvent.setup();
    await user.click(screen.getByText('Product 2'));
    await user.click(screen.getByRole('button', { name: 'Apply 2' }));
    expect(api.calls.map((c) => c.path)).toEqual([DETAIL]);
  });
});

describe('/loanDetails rating (spec 4.9)', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Rate our app' });

  it('opens by itself when isScore is 1, and not otherwise', async () => {
    setup({ isScore: 1 });
    const { unmount } = await open();
    expect(await screen.findByRole('dialog', { name: 'Rate our app' })).toBeTruthy();
    unmount();
    setup({ isScore: 0 });
    await open();
    await loaded();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lights the stars up to the one picked', async () => {
    setup({ isScore: 1 });
    await open();
    await screen.findByRole('dialog', { name: 'Rate our app' });
    await userEvent.setup().click(within(dialog()).getByRole('radio', { name: '3 stars' }));
    const lit = within(dialog())
      .getAllByRole('radio')
      .map((s) => s.classList.contains('is-on'));
    expect(lit).toEqual([true, true, true, false, false]);
  });

  it.each([
    ['en', 'Submit', 'Please select'],
    ['id', 'Kirim', 'Silakan pilih'],
  ] as const)('Submit without a star says so (%s) and sends nothing', async (lang, submit, message) => {
    const { api } = setup({ isScore: 1 }, { [SCORE]: ok({ saved: true }) });
    await open('DEMO-170', lang);
    const d = await screen.findByRole('dialog');
    await userEvent.setup().click(within(d).getByRole('button', { name: submit }));
    expect(toastText()).toBe(message);
    expect(api.to(SCORE)).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('3 stars: sends score 3, then the thank-you modal', async () => {
    const rating = vi.spyOn(bridge, 'goRating').mockReturnValue(true);
    const { api } = setup({ isScore: 1 }, { [SCORE]: ok({ saved: true }) });
    await open();
    await screen.findByRole('dialog', { name: 'Rate our app' });
    const user = userEvent.setup();
    await user.click(within(dialog()).getByRole('radio', { name: '3 stars' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    const thanks = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(api.to(SCORE).map((c) => c.body)).toEqual([{ score: '3', orderId: 'DEMO-170' }]);
    expect(screen.queryByRole('dialog', { name: 'Rate our app' })).toBeNull();
    expect(rating).not.toHaveBeenCalled();
    await user.click(within(thanks).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('5 stars: sends score 5, closes and calls the native rating', async () => {
    const rating = vi.spyOn(bridge, 'goRating').mockReturnValue(true);
    const { api } = setup({ isScore: 1 }, { [SCORE]: ok({ saved: true }) });
    await open();
    await screen.findByRole('dialog', { name: 'Rate our app' });
    const user = userEvent.setup();
    await user.click(within(dialog()).getByRole('radio', { name: '5 stars' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(rating).toHaveBeenCalledTimes(1));
    expect(api.to(SCORE).map((c) => c.body)).toEqual([{ score: '5', orderId: 'DEMO-170' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('4 stars also goes to the native rating', async () => {
    const rating = vi.spyOn(bridge, 'goRating').mockReturnValue(true);
    setup({ isScore: 1 }, { [SCORE]: ok({ saved: true }) });
    await open();
    await screen.findByRole('dialog', { name: 'Rate our app' });
    const user = userEvent.setup();
    await user.click(within(dialog()).getByRole('radio', { name: '4 stars' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(rating).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Thank you!' })).toBeNull();
  });

  it('in a plain browser (no app-store sheet), 5 stars: sends score 5, then the thank-you modal', async () => {
    const rating = vi.spyOn(bridge, 'goRating').mockReturnValue(false);
    const { api } = setup({ isScore: 1 }, { [SCORE]: ok({ saved: true }) });
    await open();
    await screen.findByRole('dialog', { name: 'Rate our app' });
    const user = userEvent.setup();
    await user.click(within(dialog()).getByRole('radio', { name: '5 stars' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(rating).toHaveBeenCalledTimes(1);
    expect(api.to(SCORE).map((c) => c.body)).toEqual([{ score: '5', orderId: 'DEMO-170' }]);
  });

  it('a refused rating keeps the modal open and shows the server message', async () => {
    const rating = vi.spyOn(bridge, 'goRating').mockReturnValue(true);
    setup({ isScore: 1 }, { [SCORE]: fail('Already rated', 'BAD_REQUEST') });
    await open();
    await screen.findByRole('dialog', { name: 'Rate our app' });
    const user = userEvent.setup();
    await user.click(within(dialog()).getByRole('radio', { name: '5 stars' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toastText()).toBe('Already rated'));
    expect(dialog()).toBeTruthy();
    expect(rating).not.toHaveBeenCalled();
  });

  it('Cancel closes it without sending', async () => {
    const { api } = setup({ isScore: 1 }, { [SCORE]: ok({ saved: true }) });
    await open();
    await screen.findByRole('dialog', { name: 'Rate our app' });
    await act(async () => {
      await userEvent.setup().click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to(SCORE)).toHaveLength(0);
  });
});
