import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadPayChoice, savePayChoice } from '../lib/pay-choice.ts';
import { effectiveMarket } from '../lib/market-choice.ts';
import { BANKS, MARKETS, vaDetail } from '../test/fixtures.ts';
import { type Answer, fail, ok, renderApp, stubApi, toastText, where } from '../test/render.tsx';

const INIT = '/v3/loan-details/init-pay-type';
const VCODE = '/v3/loan-details/generate-vcode';
const PAGE = '/individual?productId=1&orderId=DEMO-170&amount=262500000';

function setup(over: { banks?: Answer; markets?: Answer } = {}) {
  return stubApi({
    [INIT]: (body) =>
      body.pay_type === '2' ? (over.markets ?? ok({ banks: [], markets: MARKETS })) : (over.banks ?? ok({ banks: BANKS, markets: [] })),
    [VCODE]: ok(vaDetail()),
  });
}

const bankGroup = () => screen.findByRole('group', { name: 'Choose a bank' });
const method = (name: string) =>
  within(screen.getByRole('group', { name: 'Pay with' })).getByRole('radio', { name: new RegExp(`^${name}`) });

describe('/individual: method and lists', () => {
  it('starts on Bank, lists the banks (pay_type 1), and hides the channels until a bank is chosen', async () => {
    const api = setup();
    await renderApp(PAGE);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Payment method']);
    expect(screen.getByRole('group', { name: 'Pay with' })).toBeTruthy();
    expect((method('Bank') as HTMLInputElement).checked).toBe(true);
    const banks = await bankGroup();
    expect(
      within(banks)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['BCA', 'BNI']);
    expect(
      within(banks)
        .getAllByRole('radio')
        .every((r) => !(r as HTMLInputElement).checked),
    ).toBe(true);
    expect(api.to(INIT).map((c) => c.body)).toEqual([{ productId: '1', orderId: 'DEMO-170', pay_type: '1' }]);
    expect(screen.queryByRole('group', { name: 'Payment channel' })).toBeNull();

    await userEvent.setup().click(within(banks).getByRole('radio', { name: 'Bank Central Asia' }));
    const channels = screen.getByRole('group', { name: 'Payment channel' });
    expect(
      within(channels)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['101', '102']);
    // The bank's first channel is pre-selected.
    expect(within(channels).getByRole<HTMLInputElement>('radio', { name: 'ATM BCA' }).checked).toBe(true);
    expect(screen.getByTestId('method-amount').textContent).toBe('₹2,625,000');
  });

  it('Mini Market lists the markets (pay_type 2) with ALFAMART chosen by default', async () => {
    const api = setup();
    await renderApp(PAGE);
    await bankGroup();
    await userEvent.setup().click(method('Mini Market'));
    const markets = await screen.findByRole('group', { name: 'Choose a mini market' });
    expect(
      within(markets)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['INDOMARET', 'ALFAMART']);
    expect(within(markets).getByRole<HTMLInputElement>('radio', { name: 'ALFAMART' }).checked).toBe(true);
    expect(within(markets).getByRole<HTMLInputElement>('radio', { name: 'INDOMARET' }).checked).toBe(false);
    expect(api.to(INIT).map((c) => c.body.pay_type)).toEqual(['1', '2']);
    expect(screen.queryByRole('group', { name: 'Choose a bank' })).toBeNull();
  });

  it('the default market is ALFAMART only when the list offers it', () => {
    expect(effectiveMarket(null, ['INDOMARET', 'ALFAMART'])).toBe('ALFAMART');
    expect(effectiveMarket(null, ['INDOMARET'])).toBe('');
    expect(effectiveMarket('INDOMARET', ['INDOMARET', 'ALFAMART'])).toBe('INDOMARET');
    expect(effectiveMarket('GONE', ['ALFAMART'])).toBe('');
  });

  it('keeps the choice when switching between Bank and Mini Market', async () => {
    setup();
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(within(await bankGroup()).getByRole('radio', { name: 'Bank Negara Indonesia' }));
    await user.click(method('Mini Market'));
    await user.click(within(await screen.findByRole('group', { name: 'Choose a mini market' })).getByRole('radio', { name: 'INDOMARET' }));
    await user.click(method('Bank'));
    expect(within(await bankGroup()).getByRole<HTMLInputElement>('radio', { name: 'Bank Negara Indonesia' }).checked).toBe(true);
    await user.click(method('Mini Market'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'INDOMARET' }).checked).toBe(true);
  });

  it('starts from the method saved for this order', async () => {
    savePayChoice('DEMO-170', { payType: 1, payCode: 'BCA', specificNum: '102' });
    setup();
    await renderApp(PAGE);
    const banks = await bankGroup();
    expect(within(banks).getByRole<HTMLInputElement>('radio', { name: 'Bank Central Asia' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'm-BCA' }).checked).toBe(true);
  });
});

describe('/individual: saving (spec 4.6, 5)', () => {
  it('Bank without a bank: "Please complete the information", nothing saved, no navigation', async () => {
    setup();
    await renderApp(PAGE);
    await bankGroup();
    await userEvent.setup().click(screen.getByRole('button', { name: 'I want to pay' }));
    await waitFor(() => expect(toastText()).toBe('Please complete the information'));
    expect(loadPayChoice('DEMO-170')).toBeNull();
    expect(where().path).toBe(PAGE);
  });

  it('in Indonesian: "Silakan lengkapi informasinya"', async () => {
    setup();
    await renderApp(PAGE, { lang: 'id' });
    await screen.findByRole('group', { name: 'Pilih bank' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Saya ingin membayar' }));
    await waitFor(() => expect(toastText()).toBe('Silakan lengkapi informasinya'));
    expect(where().path).toBe(PAGE);
  });

  it('Mini Market without a market (ALFAMART not offered, none picked): the same message', async () => {
    setup({ markets: ok({ banks: [], markets: ['INDOMARET'] }) });
    await renderApp(PAGE, { lang: 'id' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Minimarket/ }));
    await screen.findByRole('group', { name: 'Pilih minimarket' });
    await user.click(screen.getByRole('button', { name: 'Saya ingin membayar' }));
    await waitFor(() => expect(toastText()).toBe('Silakan lengkapi informasinya'));
    expect(loadPayChoice('DEMO-170')).toBeNull();
  });

  it('a market list that failed to load cannot be saved either; the server message shows', async () => {
    setup({ markets: fail('Mini-market payments are paused.', 'UNAVAILABLE') });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(method('Mini Market'));
    await waitFor(() => expect(toastText()).toBe('Mini-market payments are paused.'));
    await user.click(screen.getByRole('button', { name: 'I want to pay' }));
    await waitFor(() => expect(toastText()).toBe('Please complete the information'));
  });

  it('a bank: saves pay type 1, the bank code, the channel, default flag 0, and replaces this page with /that', async () => {
    setup();
    await renderApp(`${PAGE}&display=1&repayType=full`);
    const user = userEvent.setup();
    await user.click(within(await bankGroup()).getByRole('radio', { name: 'Bank Central Asia' }));
    await user.click(screen.getByRole('radio', { name: 'm-BCA' }));
    await user.click(screen.getByRole('button', { name: 'I want to pay' }));
    expect(loadPayChoice('DEMO-170')).toEqual({ payType: 1, payCode: 'BCA', specificNum: '102', isDefault: 0 });
    await waitFor(() => expect(where().path).toBe('/that?productId=1&orderId=DEMO-170&amount=262500000&display=1&repayType=full'));
    expect(where().nav).toBe('REPLACE');
  });

  it('the default market: saves ALFAMART with pay type 2, then /that asks for it with is_default 0', async () => {
    const api = setup();
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(method('Mini Market'));
    await screen.findByRole('group', { name: 'Choose a mini market' });
    await user.click(screen.getByRole('button', { name: 'I want to pay' }));
    expect(loadPayChoice('DEMO-170')).toEqual({ payType: 2, payCode: 'ALFAMART', specificNum: '', isDefault: 0 });
    await screen.findByTestId('vcode');
    expect(where()).toEqual({ path: '/that?productId=1&orderId=DEMO-170&amount=262500000', nav: 'REPLACE' });
    expect(api.to(VCODE)[0]?.body).toMatchObject({ pay_type: '2', payCode: 'ALFAMART', is_default: '0', specific_num: '' });
  });

  it('a network failure of the bank list offers a retry, and the method stays chosen', async () => {
    setup({ banks: 'network-error' });
    await renderApp(PAGE);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    setup();
    await userEvent.setup().click(retry);
    await bankGroup();
    expect((method('Bank') as HTMLInputElement).checked).toBe(true);
  });
});
