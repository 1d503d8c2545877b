import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '@lendview/bridge';
import { savePayChoice } from '../lib/pay-choice.ts';
import { marketVa, vaDetail } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderApp, stubApi, toastText, where } from '../test/render.tsx';

const VCODE = '/v3/loan-details/generate-vcode';
const PAGE = '/that?productId=1&orderId=DEMO-170&amount=262500000';

function setup(answer: Handler = ok(vaDetail())) {
  return stubApi({ [VCODE]: answer });
}

const loaded = () => screen.findByTestId('vcode');

describe('/that: the code it asks for (spec 4.6)', () => {
  it('a new repayment (no saved method) asks with is_default 1 and no code', async () => {
    const api = setup();
    await renderApp(PAGE);
    await loaded();
    expect(api.to(VCODE)).toHaveLength(1);
    expect(api.to(VCODE)[0]?.body).toEqual({
      productId: '1',
      orderId: 'DEMO-170',
      amount: '262500000',
      payCode: '',
      is_default: '1',
      is_display: '0',
      specific_num: '',
      repayType: 'full',
    });
  });

  it('reuses the method saved for this order with is_default 0', async () => {
    savePayChoice('DEMO-170', { payType: 2, payCode: 'ALFAMART', specificNum: '' });
    savePayChoice('DEMO-174', { payType: 1, payCode: 'BNI', specificNum: '201' });
    const api = setup(ok(marketVa()));
    await renderApp(`${PAGE}&display=1`);
    await loaded();
    expect(api.to(VCODE)[0]?.body).toEqual({
      productId: '1',
      orderId: 'DEMO-170',
      amount: '262500000',
      pay_type: '2',
      payCode: 'ALFAMART',
      is_default: '0',
      is_display: '1',
      specific_num: '',
      repayType: 'full',
    });
  });

  it('sends the bank channel of a saved bank choice, and the instalment type and periods of the link', async () => {
    savePayChoice('DEMO-INST', { payType: 1, payCode: 'BCA', specificNum: '102' });
    const api = setup();
    await renderApp('/that?productId=1&orderId=DEMO-INST&amount=87500300&repayType=installment&periods=2');
    await loaded();
    expect(api.to(VCODE)[0]?.body).toMatchObject({
      pay_type: '1',
      payCode: 'BCA',
      specific_num: '102',
      is_default: '0',
      amount: '87500300',
      repayType: 'installment',
      periods: '2',
    });
  });

  it('does not ask at all when the link has no valid amount', async () => {
    const api = setup();
    await renderApp('/that?productId=1&orderId=DEMO-170&amount=abc');
    expect(await screen.findByText('This payment link is incomplete. Please open it again from your loan details.')).toBeTruthy();
    expect(api.to(VCODE)).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to loan details' }).getAttribute('href')).toBe(
      '/loanDetails?productId=1&orderId=DEMO-170',
    );
  });
});

describe('/that: what it shows', () => {
  it('a bank virtual account: number, copy, total, bill number, method, expiry, steps grouped by bank, slip note, complaint entry', async () => {
    setup();
    await renderApp(PAGE);
    await loaded();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Repayment']);
    expect(screen.getByText('Virtual account number')).toBeTruthy();
    expect(screen.getByTestId('vcode').textContent).toBe('8808 1234 5678 9012');
    expect(screen.getByRole('button', { name: 'Copy virtual account number' })).toBeTruthy();
    expect(screen.getByTestId('va-total').textContent).toBe('₹2,625,000');
    expect(screen.getByText('BILL-0001')).toBeTruthy();
    expect(screen.getByTestId('pay-code').textContent).toBe('BCA virtual account');
    expect(screen.getByText('Pay before')).toBeTruthy();
    // Steps grouped by bank name, as collapsible sections: the first open.
    const atm = screen.getByRole('button', { name: 'ATM BCA' });
    const mbca = screen.getByRole('button', { name: 'm-BCA' });
    expect(atm.getAttribute('aria-expanded')).toBe('true');
    expect(mbca.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Choose Transfer > Virtual Account')).toBeTruthy();
    expect(screen.getByText('Choose Transfer > Virtual Account').closest('[hidden]')).toBeNull();
    expect(screen.getByText('Open m-BCA').closest('[hidden]')).not.toBeNull();
    await userEvent.setup().click(mbca);
    expect(mbca.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Open m-BCA').closest('[hidden]')).toBeNull();
    await userEvent.setup().click(atm);
    expect(screen.getByText('Choose Transfer > Virtual Account').closest('[hidden]')).not.toBeNull();
    expect(screen.getByText('Keep the deposit slip (payment receipt) as proof of payment until your loan shows the payment.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact customer service' }).getAttribute('href')).toBe('/complaint?orderNo=DEMO-170');
  });

  it('a mini-market code: the payment code and the market steps', async () => {
    setup(ok(marketVa()));
    await renderApp(PAGE, { lang: 'id' });
    await loaded();
    expect(screen.getByText('Kode pembayaran')).toBeTruthy();
    expect(screen.getByTestId('vcode').textContent).toBe('ALF7788990011');
    expect(screen.getByTestId('pay-code').textContent).toBe('Bayar di ALFAMART');
    expect(screen.getByTestId('va-total').textContent).toBe('Rp 2.625.000');
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual(['1Tell the cashier you want to pay LendView', '2Show the payment code', '3Pay and keep the receipt']);
    expect(screen.getByRole('button', { name: 'Salin kode pembayaran' })).toBeTruthy();
  });

  it('copies the number without the spaces', async () => {
    setup();
    await renderApp(PAGE);
    await loaded();
    // After userEvent.setup(), which puts its own clipboard in place.
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy virtual account number' }));
    expect(writeText).toHaveBeenCalledWith('8808123456789012');
    await waitFor(() => expect(toastText()).toBe('Copied'));
  });

  it('the change-method link goes to /individual with the amount (no display unless it is 1)', async () => {
    setup();
    await renderApp(PAGE);
    await loaded();
    expect(screen.getByRole('link', { name: 'Change payment method' }).getAttribute('href')).toBe(
      '/individual?productId=1&orderId=DEMO-170&amount=262500000',
    );
  });

  it('the change-method link carries display=1 when display is 1, and the repayment type', async () => {
    setup();
    await renderApp('/that?productId=1&orderId=DEMO-174&amount=18000000&display=1&repayType=delay');
    await loaded();
    expect(screen.getByRole('link', { name: 'Change payment method' }).getAttribute('href')).toBe(
      '/individual?productId=1&orderId=DEMO-174&amount=18000000&display=1&repayType=delay',
    );
  });

  it('calls customer service: a tel: link, through the bridge inside the app', async () => {
    setup();
    const call = vi.spyOn(bridge, 'callPhone').mockReturnValue(true);
    await renderApp(PAGE);
    await loaded();
    // In a plain browser the link itself calls (issue 40 item 6: never an inert button there).
    const link = screen.getByRole('link', { name: 'Call +62 21 5091 8080' });
    expect(link.getAttribute('href')).toBe('tel:+622150918080');
    (window as unknown as { webkit?: unknown }).webkit = { messageHandlers: { lendview: { postMessage: () => {} } } };
    try {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      link.dispatchEvent(click);
      expect(call).toHaveBeenCalledWith('+62 21 5091 8080');
      expect(click.defaultPrevented).toBe(true);
    } finally {
      delete (window as unknown as { webkit?: unknown }).webkit;
    }
  });
});

describe('/that: have paid', () => {
  it('opens the tips dialog; Cancel closes it and stays', async () => {
    setup();
    await renderApp(PAGE);
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    const dialog = screen.getByRole('dialog', { name: 'Tips' });
    expect(within(dialog).getByText('We will confirm your repayment as soon as possible.')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Yes']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where().path).toBe(PAGE);
  });

  it('Yes goes back to the loan details of the order', async () => {
    setup();
    await renderApp(PAGE);
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(screen.getByTestId('elsewhere').textContent).toBe('/loanDetails?productId=1&orderId=DEMO-170');
  });

  it('in Indonesian', async () => {
    setup();
    await renderApp(PAGE, { lang: 'id' });
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Saya sudah bayar' }));
    const dialog = screen.getByRole('dialog', { name: 'Informasi' });
    expect(within(dialog).getByText('Kami akan mengonfirmasi pembayaran Anda secepatnya.')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Batal', 'Ya']);
  });
});

describe('/that: states', () => {
  it('holds the place of the code while it loads (no have-paid button yet)', async () => {
    setup('pending');
    await renderApp(PAGE);
    expect(screen.getByTestId('va-placeholder')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
  });

  it('a server failure shows its message (toast and in place), the way back and the change-method link', async () => {
    setup(fail('This order has nothing to repay.', 'BAD_REQUEST'));
    await renderApp(PAGE);
    await waitFor(() => expect(toastText()).toBe('This order has nothing to repay.'));
    await waitFor(() => expect(document.querySelector('.lv-error-panel')?.textContent).toContain('This order has nothing to repay.'));
    expect(screen.getByText('Your payment code could not be created.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to loan details' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a network failure offers a retry that asks again', async () => {
    const api = setup('network-error');
    await renderApp(PAGE);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Network error. Please try again.')).toBeTruthy();
    stubApi({ [VCODE]: ok(vaDetail()) });
    await userEvent.setup().click(retry);
    await loaded();
    expect(api.to(VCODE)).toHaveLength(1);
  });

  it('a paid code says so', async () => {
    setup(ok(vaDetail({ state: 'paid' })));
    await renderApp(PAGE);
    expect(await screen.findByText('This payment has been received. Your loan will show it shortly.')).toBeTruthy();
  });

  it('an expired code offers a new one', async () => {
    let n = 0;
    const api = setup(() => ok(vaDetail(n++ === 0 ? { state: 'expired' } : { vcode: '8808000000000001' })));
    await renderApp(PAGE);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Get a new code' }));
    await waitFor(() => expect(screen.getByTestId('vcode').textContent).toBe('8808 0000 0000 0001'));
    expect(api.to(VCODE)).toHaveLength(2);
  });
});
