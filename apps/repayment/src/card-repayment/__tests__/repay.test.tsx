import '../test/setup.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSharedParams } from '@lendview/api-client';
import { externalNav } from '../lib/navigation.ts';
import { commitAnswer, repaymentWay } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderCardRepayment, stubApi, toastText } from '../test/render.tsx';

const WAY = '/api/v1/lendview/service/loan/repayment-way';
const COMMIT = '/api/v1/lendview/service/loan/repayment-commit';
const CONFIRM = '/api/v1/lendview/service/loan/repayment-confirm';
const HUICHAO = '/api/v1/lendview/service/loan/repayment-huichao';

const PAGE = '/repay?orderId=DEMO-174&productId=1';

function setup(extra: Record<string, Handler> = {}, way: Handler = ok(repaymentWay())) {
  return stubApi({ [WAY]: way, ...extra });
}

async function open(path = PAGE, lang: 'en' | 'id' = 'en') {
  await renderCardRepayment(path, { lang });
  await screen.findByTestId('amount-due');
}

const repayButton = () => screen.getByRole('button', { name: /^(Repay ₹|Bayar Rp)/ });
const card = (name: RegExp | string) => screen.getByRole('radio', { name });

/** Chooses the OTP card and commits; the commit answers needValid 1 (a code was sent). */
async function toCodeStep(user = userEvent.setup()) {
  await user.click(card(/Bank Central Asia/));
  await user.click(repayButton());
  return screen.findByRole('textbox', { name: /Verification code|Kode verifikasi/ });
}

describe('/repay: what it shows', () => {
  it('shows the amount due and the cards as one labelled radio group, asking repayment-way with the order', async () => {
    const api = setup();
    await open();
    expect(api.to(WAY).map((c) => c.body)).toEqual([{ orderId: 'DEMO-174' }]);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Repay with bank card']);
    await waitFor(() => expect(document.title).toBe('Repay with bank card'));
    expect(screen.getByTestId('amount-due').textContent).toBe('₹1,050,000');
    const group = screen.getByRole('group', { name: 'Choose a bank card' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['11', '12']);
    expect(radios.every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    expect(card('Bank Central Asia 6222 •••• •••• 1234')).toBeTruthy();
    expect(repayButton().textContent).toBe('Repay ₹1,050,000');
    const bind = screen.getByRole('link', { name: 'Add a new bank card' });
    expect(bind.getAttribute('href')).toBe('/bindCard?orderId=DEMO-174&productId=1');
  });

  it('is Indonesian with Rp', async () => {
    setup();
    await open(PAGE, 'id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bayar dengan kartu bank');
    expect(screen.getByTestId('amount-due').textContent).toBe('Rp 1.050.000');
    expect(screen.getByRole('group', { name: 'Pilih kartu bank' })).toBeTruthy();
    expect(repayButton().textContent).toBe('Bayar Rp 1.050.000');
  });

  it('chooses the card given by cardId (the one just added on /bindCard)', async () => {
    setup();
    await open(`${PAGE}&cardId=12`);
    expect((card(/Bank Mandiri/) as HTMLInputElement).checked).toBe(true);
    expect((card(/Bank Central Asia/) as HTMLInputElement).checked).toBe(false);
  });

  it('without cards says so and still offers to add one', async () => {
    setup({}, ok(repaymentWay({ cards: [] })));
    await open();
    expect(screen.getByText('You have no bank card yet. Add one to repay.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a new bank card' })).toBeTruthy();
  });
});

describe('/repay: loading the cards fails (spec 8)', () => {
  it('shows the server message', async () => {
    setup({}, fail('Order not found', 'NOT_FOUND'));
    await renderCardRepayment(PAGE);
    expect(await screen.findByText('Order not found')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it("falls back to 'query card list failed' when the message is empty, and retries", async () => {
    let n = 0;
    const api = setup({}, () => (++n === 1 ? fail('', 'E1') : ok(repaymentWay())));
    await renderCardRepayment(PAGE);
    expect(await screen.findByText('Could not load the bank card list')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('amount-due');
    expect(api.to(WAY)).toHaveLength(2);
  });

  it("says 'error' when the network fails", async () => {
    setup({}, 'network-error');
    await renderCardRepayment(PAGE);
    expect(await screen.findByText('Network error. Please try again.')).toBeTruthy();
  });

  it("says 'error' in Indonesian too", async () => {
    setup({}, 'network-error');
    await renderCardRepayment(PAGE, { lang: 'id' });
    expect(await screen.findByText('Jaringan bermasalah. Silakan coba lagi.')).toBeTruthy();
  });
});

describe('/repay: commit (spec 4.3, 5)', () => {
  it('without a chosen card says 请先选择银行卡 and sends nothing', async () => {
    const api = setup({ [COMMIT]: ok(commitAnswer()) });
    await open();
    await userEvent.setup().click(repayButton());
    expect(toastText()).toBe('请先选择银行卡');
    expect(api.to(COMMIT)).toHaveLength(0);
  });

  it('says it in Chinese on the Indonesian page as well', async () => {
    const api = setup({ [COMMIT]: ok(commitAnswer()) });
    await open(PAGE, 'id');
    await userEvent.setup().click(repayButton());
    expect(toastText()).toBe('请先选择银行卡');
    expect(api.to(COMMIT)).toHaveLength(0);
  });

  it('commits the chosen card with the amount and sendMsg 0, once however often it is tapped', async () => {
    let release: (() => void) | undefined;
    const api = setup({
      [COMMIT]: () => new Promise((r) => (release = () => r(ok(commitAnswer({ needValid: 1 }))))),
    });
    await open();
    await userEvent.setup().click(card(/Bank Mandiri/));
    fireEvent.click(repayButton());
    fireEvent.click(repayButton());
    await waitFor(() => expect(api.to(COMMIT)).toHaveLength(1));
    expect(api.to(COMMIT)[0]!.body).toEqual({ orderId: 'DEMO-174', cardId: '12', amount: '105000000', sendMsg: '0' });
    act(() => release!());
    await screen.findByRole('textbox', { name: 'Verification code' });
    expect(api.to(COMMIT)).toHaveLength(1);
  });

  it('needValid 0: goes to the loan details of the order', async () => {
    setup({ [COMMIT]: ok(commitAnswer({ needValid: 0 })) });
    await open();
    const user = userEvent.setup();
    await user.click(card(/Bank Mandiri/));
    await user.click(repayButton());
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/loanDetails?productId=1&orderId=DEMO-174');
    expect(toastText()).toBe('Repayment successful');
  });

  it('needValid 0 without a productId in the query: the loan details by order only', async () => {
    setup({ [COMMIT]: ok(commitAnswer({ needValid: 0 })) });
    await open('/repay?orderId=DEMO-5');
    const user = userEvent.setup();
    await user.click(card(/Bank Mandiri/));
    await user.click(repayButton());
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/loanDetails?orderId=DEMO-5');
  });

  it('a url in the answer: the redirect flow goes there', async () => {
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    setup({ [COMMIT]: ok(commitAnswer({ needValid: 0, url: 'https://pay.example.com/checkout?ref=77' })) });
    await open();
    const user = userEvent.setup();
    await user.click(card(/Bank Mandiri/));
    await user.click(repayButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.com/checkout?ref=77'));
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('a same-origin url gets the session parameters; another origin never gets them', async () => {
    setSharedParams({ tok: 'tok-1' });
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    setup({ [COMMIT]: ok(commitAnswer({ needValid: 0, url: '/dev/pay?ref=1' })) });
    await open();
    const user = userEvent.setup();
    await user.click(card(/Bank Mandiri/));
    await user.click(repayButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dev/pay?tok=tok-1&ref=1'));
    setSharedParams({ tok: undefined });
  });

  it.each([
    ['the server message', fail('Card is blocked', 'E42'), 'Card is blocked'],
    ["'processing failed' for an empty message", fail('', 'E42'), 'Processing failed'],
    ['800005 as do not submit twice', fail('dup', 800005), 'Do not submit the repayment request twice'],
    ["'error' when the network fails", 'network-error' as const, 'Network error. Please try again.'],
  ])('a failed commit shows %s', async (_, answer, text) => {
    setup({ [COMMIT]: answer });
    await open();
    const user = userEvent.setup();
    await user.click(card(/Bank Mandiri/));
    await user.click(repayButton());
    await waitFor(() => expect(toastText()).toBe(text));
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('/repay: the code step (spec 4.3, 9)', () => {
  it('needValid 1: the code field, the countdown from 60 then 59, blocked meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = setup({ [COMMIT]: ok(commitAnswer({ needValid: 1 })) });
    await open();
    const input = await toCodeStep();
    expect(document.activeElement).toBe(input);
    expect(
      screen.getByText('We sent a code by SMS to the phone number registered for your Bank Central Asia card ending in 1234.'),
    ).toBeTruthy();
    const resend = screen.getByTestId('code-resend');
    expect(resend.textContent).toBe('Resend code in 60s');
    expect(resend.getAttribute('aria-disabled')).toBe('true');
    // The cards are locked while a code is out.
    expect(card(/Bank Central Asia/).matches(':disabled')).toBe(true);

    vi.setSystemTime(Date.now() + 1000);
    await waitFor(() => expect(resend.textContent).toBe('Resend code in 59s'));

    // Blocked: a tap sends nothing and says so.
    await userEvent.setup().click(resend);
    expect(api.to(COMMIT)).toHaveLength(1);
    expect(toastText()).toBe('Do not send the code repeatedly!');
  });

  it('after 60 s the code can be sent again: commit with sendMsg 1, new record, countdown again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let n = 0;
    const api = setup({
      [COMMIT]: () => ok(commitAnswer({ needValid: 1, repayRecordId: ++n === 1 ? 501 : 502 })),
      [CONFIRM]: ok({ state: 'paid' }),
    });
    await open();
    await toCodeStep();
    const resend = screen.getByTestId('code-resend');
    vi.setSystemTime(Date.now() + 60_000);
    await waitFor(() => expect(resend.textContent).toBe('Resend'));
    expect(resend.getAttribute('aria-disabled')).toBeNull();
    const user = userEvent.setup();
    await user.click(resend);
    await waitFor(() => expect(api.to(COMMIT)).toHaveLength(2));
    expect(api.to(COMMIT)[1]!.body).toEqual({ orderId: 'DEMO-174', cardId: '11', amount: '105000000', sendMsg: '1' });
    await waitFor(() => expect(resend.textContent).toBe('Resend code in 60s'));
    expect(toastText()).toBe('Verification code sent, please check your phone');
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    await waitFor(() => expect(api.to(CONFIRM)).toHaveLength(1));
    expect(api.to(CONFIRM)[0]!.body).toEqual({ orderId: 'DEMO-174', verifyCode: '123456', repaymentRecordId: '502' });
  });

  it("a code of 5 characters: 'please enter the correct code' and nothing sent", async () => {
    const api = setup({ [COMMIT]: ok(commitAnswer()), [CONFIRM]: ok({ state: 'paid' }) });
    await open();
    const user = userEvent.setup();
    const input = await toCodeStep(user);
    await user.type(input, '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    expect(screen.getByText('Please enter the correct code')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((input as HTMLInputElement).value).toBe('12345');
    expect(api.to(CONFIRM)).toHaveLength(0);
  });

  it("says 'please enter the correct code' in Indonesian", async () => {
    const api = setup({ [COMMIT]: ok(commitAnswer()) });
    await open(PAGE, 'id');
    const user = userEvent.setup();
    const input = await toCodeStep(user);
    await user.type(input, '  1234 ');
    await user.click(screen.getByRole('button', { name: 'Konfirmasi pembayaran' }));
    expect(screen.getByText('Silakan masukkan kode yang benar')).toBeTruthy();
    expect(api.to(CONFIRM)).toHaveLength(0);
  });

  it('confirms with the code and the record, then goes to the loan details', async () => {
    const api = setup({ [COMMIT]: ok(commitAnswer({ repayRecordId: 777 })), [CONFIRM]: ok({ state: 'paid' }) });
    await open();
    const user = userEvent.setup();
    const input = await toCodeStep(user);
    await user.type(input, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/loanDetails?productId=1&orderId=DEMO-174');
    expect(api.to(CONFIRM).map((c) => c.body)).toEqual([{ orderId: 'DEMO-174', verifyCode: '654321', repaymentRecordId: '777' }]);
    expect(toastText()).toBe('Repayment successful');
  });

  it('a pending confirmation says it will be confirmed', async () => {
    setup({ [COMMIT]: ok(commitAnswer()), [CONFIRM]: ok({ state: 'pending' }) });
    await open();
    const user = userEvent.setup();
    await user.type(await toCodeStep(user), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    await screen.findByTestId('elsewhere');
    expect(toastText()).toBe('Repayment received. We will confirm it shortly.');
  });

  it("800006: 'verification code wrong' at the field, the code kept", async () => {
    setup({ [COMMIT]: ok(commitAnswer()), [CONFIRM]: fail('kode salah', 800006) });
    await open();
    const user = userEvent.setup();
    const input = await toCodeStep(user);
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    expect(await screen.findByText('Verification code wrong')).toBeTruthy();
    expect(screen.queryByText('kode salah')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('000000');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it("800006 as the string code '800006' too, in Indonesian", async () => {
    setup({ [COMMIT]: ok(commitAnswer()), [CONFIRM]: fail('', '800006') });
    await open(PAGE, 'id');
    const user = userEvent.setup();
    await user.type(await toCodeStep(user), '000000');
    await user.click(screen.getByRole('button', { name: 'Konfirmasi pembayaran' }));
    expect(await screen.findByText('Kode verifikasi salah')).toBeTruthy();
  });

  it.each([
    ["800005 as 'do not submit repay request twice'", fail('already', 800005), 'Do not submit the repayment request twice'],
    ['another code as the server message', fail('Repayment record expired', 'E77'), 'Repayment record expired'],
    ["an empty message as 'processing failed'", fail('', 'E77'), 'Processing failed'],
    ["a network failure as 'error'", 'network-error' as const, 'Network error. Please try again.'],
  ])('a failed confirm shows %s', async (_, answer, text) => {
    setup({ [COMMIT]: ok(commitAnswer()), [CONFIRM]: answer });
    await open();
    const user = userEvent.setup();
    const input = await toCodeStep(user);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    await waitFor(() => expect(toastText()).toBe(text));
    expect((input as HTMLInputElement).value).toBe('123456');
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('a reload of the tab comes back to the code step of the same record (no second commit)', async () => {
    const api = setup({ [COMMIT]: ok(commitAnswer({ repayRecordId: 901 })), [CONFIRM]: ok({ state: 'paid' }) });
    const first = await renderCardRepayment(PAGE);
    await screen.findByTestId('amount-due');
    await toCodeStep();
    first.unmount();

    await open();
    const input = await screen.findByRole('textbox', { name: 'Verification code' });
    expect((card(/Bank Central Asia/) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('code-resend').textContent).toBe('Resend code in 60s');
    const user = userEvent.setup();
    await user.type(input, '112233');
    await user.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    await screen.findByTestId('elsewhere');
    expect(api.to(COMMIT)).toHaveLength(1);
    expect(api.to(CONFIRM).map((c) => c.body)).toEqual([{ orderId: 'DEMO-174', verifyCode: '112233', repaymentRecordId: '901' }]);
    // Paid: the saved step is gone.
    expect(sessionStorage.getItem('lv.repayLegacy.DEMO-174')).toBeNull();
  });

  it.each([
    [
      'PAYMENT_REFUSED',
      fail('This repayment has expired. Please start again.', 'PAYMENT_REFUSED'),
      'This repayment has expired. Please start again.',
    ],
    ['NOT_FOUND', fail('', 'NOT_FOUND'), 'Processing failed'],
  ])('a record the server no longer takes (%s): its message, and back to the cards', async (_, answer, text) => {
    setup({ [COMMIT]: ok(commitAnswer()), [CONFIRM]: answer });
    await open();
    const user = userEvent.setup();
    await user.type(await toCodeStep(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm repayment' }));
    await waitFor(() => expect(toastText()).toBe(text));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(card(/Bank Mandiri/).matches(':disabled')).toBe(false);
    expect(sessionStorage.getItem('lv.repayLegacy.DEMO-174')).toBeNull();
  });
});

describe('/repay: the hosted payment page (spec 4.3 redirect)', () => {
  it('asks repayment-huichao (userId empty, order, amount) and goes to its url', async () => {
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    const api = setup({ [HUICHAO]: ok({ url: 'https://pay.example.com/hosted/abc' }) });
    await open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay via hosted page' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.com/hosted/abc'));
    expect(api.to(HUICHAO).map((c) => c.body)).toEqual([{ userId: '', orderId: 'DEMO-174', amount: '105000000' }]);
  });

  it('a failure shows the server message', async () => {
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    setup({ [HUICHAO]: fail('Hosted payment is not available', 'E9') });
    await open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay via hosted page' }));
    await waitFor(() => expect(toastText()).toBe('Hosted payment is not available'));
    expect(assign).not.toHaveBeenCalled();
  });
});
