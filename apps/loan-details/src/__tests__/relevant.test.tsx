import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSharedParams } from '@lendview/api-client';
import { bridge } from '@lendview/bridge';
import { externalNav } from '../lib/navigation.ts';
import { product } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderApp, stubApi, toastText } from '../test/render.tsx';

const LIST = '/market/v3/product/recommend-product-list';
const PAGE_EVENT = '/market/pageEvent/save';
const APPLY = '/market/v3/product/apply';

const PRODUCTS = [product(2), product(3), product(4), product(6, { buttonStatus: 0, buttonText: 'Quota full' })];

function setup(list: unknown = PRODUCTS, extra: Record<string, Handler> = {}) {
  return stubApi({ [LIST]: ok(list), [PAGE_EVENT]: ok({ saved: true }), ...extra });
}

async function open(scene = 'banner_jingzhun', lang: 'en' | 'id' = 'en') {
  await renderApp(`/relevant?scene=${scene}`, { lang });
}

const cards = () => screen.findAllByTestId('product-card');
/** The amount range of a card with its label (amountRangeDes). */
const amountOf = (card: HTMLElement) => card.querySelector('.ld-product-card__fact--amount')?.textContent;

afterEach(() => {
  setSharedParams({ tok: undefined });
});

describe('/relevant list', () => {
  it('asks for the scene and shows each product', async () => {
    const api = setup();
    await open();
    const all = await cards();
    expect(api.to(LIST).map((c) => c.body)).toEqual([{ scene: 'banner_jingzhun' }]);
    expect(all).toHaveLength(4);
    const first = within(all[0]!);
    expect(first.getByRole('heading', { level: 3, name: 'Product 2' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Apply 2' })).toBeTruthy();
    expect(amountOf(all[0]!)).toBe('Loan amount₹500,000 – ₹5,000,000');
    expect(first.getByText('0.08% / day')).toBeTruthy();
    expect(first.getByText('Description 2')).toBeTruthy();
  });

  it('shows the amounts in rupiah in Indonesian', async () => {
    setup();
    await open('banner_jingzhun', 'id');
    const all = await cards();
    expect(amountOf(all[0]!)).toBe('Loan amountRp 500.000 – Rp 5.000.000');
  });

  it('shows tags on the first two products only', async () => {
    setup();
    await open();
    const all = await cards();
    const tags = all.map((c) =>
      within(c)
        .queryAllByRole('listitem')
        .map((li) => li.textContent),
    );
    expect(tags).toEqual([['Tag 2a', 'Tag 2b'], ['Tag 3a', 'Tag 3b'], [], []]);
  });

  it('greys out a product with buttonStatus 0 and ignores taps on it', async () => {
    const api = setup();
    await open();
    const all = await cards();
    const off = all[3]!;
    expect(off.classList.contains('is-disabled')).toBe(true);
    const button = within(off).getByRole<HTMLButtonElement>('button', { name: 'Quota full' });
    expect(button.disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(within(off).getByText('Product 6'));
    await user.click(button);
    expect(api.calls.map((c) => c.path)).toEqual([LIST]);
  });
});

describe('/relevant click (spec 7.5)', () => {
  it('records the click with the scene module and position, applies and opens the http link without our session (issue 12)', async () => {
    setSharedParams({ tok: 'tok-9', dId: 'dev-1' });
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    const api = setup(PRODUCTS, { [APPLY]: ok({ url: 'https://dana.example.com/apply' }) });
    await open('banner_jingzhun');
    await cards();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply 3' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://dana.example.com/apply'));
    expect(api.calls.map((c) => c.path)).toEqual([LIST, PAGE_EVENT, APPLY]);
    expect(api.to(PAGE_EVENT)[0]?.body).toEqual({ productId: '3', moduleId: '301', positionId: '1' });
    expect(api.to(APPLY)[0]?.body).toEqual({ product_id: '3', module_id: '301', scene: 'banner_jingzhun' });
  });

  it.each([
    ['tanchuang_fudai', '302'],
    ['banner_fudai', '302'],
    ['tanchuang_jingzhun', '301'],
    ['home_list', '300'],
  ])('scene %s sends module %s', async (scene, moduleId) => {
    vi.spyOn(bridge, 'openPage').mockReturnValue(true);
    const api = setup(PRODUCTS, { [APPLY]: ok({ url: '/confirm?productId=2' }) });
    await open(scene);
    await cards();
    await userEvent.setup().click(screen.getByText('Product 2'));
    await waitFor(() => expect(api.to(APPLY)).toHaveLength(1));
    expect(api.to(PAGE_EVENT)[0]?.body).toEqual({ productId: '2', moduleId, positionId: '0' });
    expect(api.to(APPLY)[0]?.body).toEqual({ product_id: '2', module_id: moduleId, scene });
  });

  it('a link that is not http goes to the bridge', async () => {
    const openPage = vi.spyOn(bridge, 'openPage').mockReturnValue(true);
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    setup(PRODUCTS, { [APPLY]: ok({ url: '/confirm?productId=1&position=0' }) });
    await open();
    await cards();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply 2' }));
    await waitFor(() => expect(openPage).toHaveBeenCalledWith('/confirm?productId=1&position=0'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('a refused apply shows the server message and opens nothing', async () => {
    const openPage = vi.spyOn(bridge, 'openPage').mockReturnValue(true);
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    setup(PRODUCTS, { [APPLY]: fail('Product is not available', 'BAD_REQUEST') });
    await open();
    await cards();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply 2' }));
    await waitFor(() => expect(toastText()).toBe('Product is not available'));
    expect(openPage).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('/relevant empty list', () => {
  it.each([
    ['en', 'Applications are full today. Please come back tomorrow.', 'Back to home'],
    ['id', 'Kuota pengajuan hari ini sudah penuh. Silakan kembali besok.', 'Kembali ke beranda'],
  ] as const)('says so (%s) with a back-to-home button', async (lang, text, home) => {
    const goHome = vi.spyOn(bridge, 'goHome').mockReturnValue(true);
    setup([]);
    await open('banner_fudai', lang);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: home }));
    expect(goHome).toHaveBeenCalledTimes(1);
  });
});
