import '../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CARD_OTP, CARD_PLAIN, repaymentWay } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderCardRepayment, stubApi, toastText } from '../test/render.tsx';

const BIND = '/api/v1/lendview/service/loan/bind-card';
const VERIFY = '/api/v1/lendview/service/loan/bind-card-verify';
const SEND_CODE = '/api/v1/lendview/service/loan/bind-card-send-code';
const WAY = '/api/v1/lendview/service/loan/repayment-way';
const NEW_CARD = { id: 21, bankName: 'Bank Negara Indonesia', cardNo: '**** **** **** 3456', bankCode: 'BNI' };
const PAGE = '/bindCard?orderId=DEMO-180&productId=1';
const sent = (over: Record<string, unknown> = {}) => ok({ cardId: 21, needVerify: true, resendAfter: 60, card: NEW_CARD, ...over });

function setup(bind: Handler = sent(), extra: Record<string, Handler> = {}) {
  return stubApi({
    [BIND]: bind,
    [VERIFY]: ok({ card: NEW_CARD }),
    [SEND_CODE]: ok({ cardId: 21, resendAfter: 60 }),
    [WAY]: ok(repaymentWay({ cards: [CARD_OTP, CARD_PLAIN, NEW_CARD] })),
    ...extra,
  });
}

const codeInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^(Verification code|Kode verifikasi)$/ });
const footerButton = () => document.querySelector('.lv-page__footer button') as HTMLButtonElement;

const bankSelect = () => screen.getByRole<HTMLSelectElement>('combobox', { name: /^(Bank)$/ });
const cardInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^(Card number|Nomor kartu)$/ });
const holderInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^(Card holder name|Nama pemegang kartu)$/ });

async function fill(user = userEvent.setup(), { bank = 'BNI', cardNo = '5264 1111 2222 3456', holder = 'Budi Santoso' } = {}) {
  if (bank) await user.selectOptions(bankSelect(), bank);
  if (cardNo) await user.type(cardInput(), cardNo);
  if (holder) await user.type(holderInput(), holder);
  return user;
}

describe('/bindCard: the form', () => {
  it('has one h1, a labelled bank list of Indonesian banks, card number and holder name', async () => {
    setup();
    await renderCardRepayment(PAGE);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Add a bank card']);
    const options = Array.from(bankSelect().options).map((o) => o.value);
    expect(options).toEqual(['', 'BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA', 'CIMB']);
    expect(cardInput().getAttribute('inputmode')).toBe('numeric');
    expect(holderInput()).toBeTruthy();
  });

  it('keeps digits only and groups them in fours as typed, up to 19 digits', async () => {
    setup();
    await renderCardRepayment(PAGE);
    const user = userEvent.setup();
    await user.type(cardInput(), '12a34-5678 9');
    expect(cardInput().value).toBe('1234 5678 9');
    await user.type(cardInput(), '0x12345678901234');
    expect(cardInput().value).toBe('1234 5678 9012 3456 789');
    await user.clear(cardInput());
    await user.type(cardInput(), 'abc');
    expect(cardInput().value).toBe('');
  });

  it('a pasted number is grouped too', async () => {
    setup();
    await renderCardRepayment(PAGE);
    const user = userEvent.setup();
    await user.click(cardInput());
    await user.paste('4111-1111-1111-1111');
    expect(cardInput().value).toBe('4111 1111 1111 1111');
  });

  it('a card bound and verified before (needVerify false): straight back to /repay with it chosen', async () => {
    const api = setup(sent({ needVerify: false, resendAfter: 0 }));
    await renderCardRepayment(PAGE);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await screen.findByTestId('amount-due');
    expect(api.to(BIND).map((c) => c.body)).toEqual([{ bankCode: 'BNI', cardNo: '5264111122223456', holderName: 'Budi Santoso' }]);
    expect(api.to(VERIFY)).toHaveLength(0);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Bank Negara Indonesia/ }).checked).toBe(true);
    expect(toastText()).toBe('Bank card added');
  });
});

describe('/bindCard: the SMS code step (card binding with verification)', () => {
  async function toCodeStep(api = setup(), lang?: 'en' | 'id') {
    await renderCardRepayment(PAGE, { lang });
    const user = await fill();
    await user.click(screen.getByRole('button', { name: lang === 'id' ? 'Tambah kartu' : 'Add card' }));
    await screen.findByRole('textbox', { name: /^(Verification code|Kode verifikasi)$/ });
    return { api, user };
  }

  it('after the card: the code field (focused), what was sent where, the countdown from 60, blocked meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api, user } = await toCodeStep();
    expect(document.activeElement).toBe(codeInput());
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Add a bank card']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Confirm it is your card');
    expect(
      screen.getByText(
        'We sent a 6-digit code by SMS to your registered phone number. Enter it to add your Bank Negara Indonesia card ending in 3456. The code is valid for 10 minutes.',
      ),
    ).toBeTruthy();
    expect(toastText()).toBe('Verification code sent, please check your phone');
    expect(codeInput().getAttribute('autocomplete')).toBe('one-time-code');
    expect(codeInput().getAttribute('inputmode')).toBe('numeric');
    const resend = screen.getByTestId('card-code-resend');
    expect(resend.textContent).toBe('Resend code in 60s');
    expect(resend.getAttribute('aria-disabled')).toBe('true');
    expect(footerButton().textContent).toBe('Confirm card');
    vi.setSystemTime(Date.now() + 1000);
    await waitFor(() => expect(resend.textContent).toBe('Resend code in 59s'));
    await user.click(resend);
    expect(api.to(SEND_CODE)).toHaveLength(0);
    expect(toastText()).toBe('Do not send the code repeatedly!');
    vi.useRealTimers();
  });

  it('after 60 s a new code: bind-card-send-code with the card, countdown again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api, user } = await toCodeStep();
    const resend = screen.getByTestId('card-code-resend');
    vi.setSystemTime(Date.now() + 60_000);
    await waitFor(() => expect(resend.textContent).toBe('Resend code'));
    expect(resend.getAttribute('aria-disabled')).toBeNull();
    await user.click(resend);
    await waitFor(() => expect(api.to(SEND_CODE).map((c) => c.body)).toEqual([{ cardId: '21' }]));
    await waitFor(() => expect(resend.textContent).toBe('Resend code in 60s'));
    expect(api.to(BIND)).toHaveLength(1);
    vi.useRealTimers();
  });

  it('a short code is refused at the field; nothing sent', async () => {
    const { api, user } = await toCodeStep();
    await user.type(codeInput(), '12a34');
    expect(codeInput().value).toBe('1234');
    await user.click(footerButton());
    expect(screen.getByText('Please enter the correct code')).toBeTruthy();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(api.to(VERIFY)).toHaveLength(0);
  });

  it('a wrong code: the server message (tries left) at the field, the code kept; then the right one → /repay with the card', async () => {
    let n = 0;
    const api = setup(sent(), {
      [VERIFY]: () => (++n === 1 ? fail('Verification code wrong. 4 attempts left.', 800006) : ok({ card: NEW_CARD })),
    });
    const { user } = await toCodeStep(api);
    await user.type(codeInput(), '000000');
    await user.click(footerButton());
    await screen.findByText('Verification code wrong. 4 attempts left.');
    expect(codeInput().value).toBe('000000');
    expect(document.activeElement).toBe(codeInput());
    expect(api.to(VERIFY).map((c) => c.body)).toEqual([{ cardId: '21', verifyCode: '000000' }]);
    // Typing clears the message.
    await user.clear(codeInput());
    expect(screen.queryByText('Verification code wrong. 4 attempts left.')).toBeNull();
    await user.type(codeInput(), '123456{Enter}');
    await screen.findByTestId('amount-due');
    expect(api.to(VERIFY).map((c) => c.body)[1]).toEqual({ cardId: '21', verifyCode: '123456' });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Bank Negara Indonesia/ }).checked).toBe(true);
    expect(toastText()).toBe('Bank card added');
  });

  it('in Indonesian: the step, the wrong-code message of the server', async () => {
    const api = setup(sent(), { [VERIFY]: fail('Kode verifikasi salah. Sisa percobaan: 4.', 800006) });
    const { user } = await toCodeStep(api, 'id');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Pastikan ini kartu Anda');
    expect(screen.getByTestId('card-code-resend').textContent).toBe('Kirim ulang kode dalam 60 dtk');
    expect(footerButton().textContent).toBe('Konfirmasi kartu');
    await user.type(codeInput(), '12');
    await user.click(footerButton());
    expect(screen.getByText('Silakan masukkan kode yang benar')).toBeTruthy();
    await user.type(codeInput(), '3456');
    await user.click(footerButton());
    await screen.findByText('Kode verifikasi salah. Sisa percobaan: 4.');
  });

  it('locked after too many wrong codes: the server message at the field; an empty one falls back to the spec text', async () => {
    let n = 0;
    const api = setup(sent(), {
      [VERIFY]: () =>
        ++n === 1 ? fail('Too many incorrect codes. You can add a card again in 15 minutes.', 'RATE_LIMITED') : fail('', 'RATE_LIMITED'),
    });
    const { user } = await toCodeStep(api);
    await user.type(codeInput(), '111111');
    await user.click(footerButton());
    await screen.findByText('Too many incorrect codes. You can add a card again in 15 minutes.');
    expect(screen.queryByTestId('amount-due')).toBeNull();
    await user.click(footerButton());
    await screen.findByText('Processing failed');
  });

  it('verified already (a second tap elsewhere): treated as done', async () => {
    const api = setup(sent(), { [VERIFY]: fail('This card is already verified.', 'CONFLICT') });
    const { user } = await toCodeStep(api);
    await user.type(codeInput(), '111111');
    await user.click(footerButton());
    await screen.findByTestId('amount-due');
  });

  it('"Use another card" goes back to the form with what was typed', async () => {
    const { user } = await toCodeStep();
    await user.click(screen.getByRole('button', { name: 'Use another card' }));
    expect(bankSelect().value).toBe('BNI');
    expect(cardInput().value).toBe('5264 1111 2222 3456');
    expect(holderInput().value).toBe('Budi Santoso');
  });
});

describe('/bindCard: validation and errors keep what was typed', () => {
  it('says what is missing, focuses the first, and sends nothing', async () => {
    const api = setup();
    await renderCardRepayment(PAGE);
    const user = userEvent.setup();
    await user.type(cardInput(), '123456789');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    expect(screen.getByText('Please choose your bank')).toBeTruthy();
    expect(screen.getByText('Please enter a card number of 10 to 19 digits')).toBeTruthy();
    expect(screen.getByText('Please enter the card holder name')).toBeTruthy();
    expect(document.activeElement).toBe(bankSelect());
    expect(bankSelect().getAttribute('aria-invalid')).toBe('true');
    expect(cardInput().value).toBe('1234 5678 9');
    expect(api.to(BIND)).toHaveLength(0);

    // Fixing a field clears its message only.
    await user.selectOptions(bankSelect(), 'BCA');
    expect(screen.queryByText('Please choose your bank')).toBeNull();
    expect(screen.getByText('Please enter a card number of 10 to 19 digits')).toBeTruthy();
  });

  it('in Indonesian', async () => {
    setup();
    await renderCardRepayment(PAGE, { lang: 'id' });
    const user = await fill(userEvent.setup(), { bank: 'BCA', cardNo: '1234', holder: 'B' });
    await user.click(screen.getByRole('button', { name: 'Tambah kartu' }));
    expect(screen.getByText('Silakan masukkan nomor kartu 10 sampai 19 digit')).toBeTruthy();
    expect(screen.getByText('Silakan masukkan nama pemegang kartu')).toBeTruthy();
    expect(document.activeElement).toBe(cardInput());
  });

  it.each([
    ['the server message', fail('This card is already added', 'CARD_EXISTS'), 'This card is already added'],
    ["'processing failed' for an empty message", fail('', 'E1'), 'Processing failed'],
    ["'error' when the network fails", 'network-error' as const, 'Network error. Please try again.'],
  ])('a failed bind shows %s and keeps the form', async (_, answer, text) => {
    setup(answer);
    await renderCardRepayment(PAGE);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(toastText()).toBe(text));
    expect(bankSelect().value).toBe('BNI');
    expect(cardInput().value).toBe('5264 1111 2222 3456');
    expect(holderInput().value).toBe('Budi Santoso');
    expect(screen.queryByTestId('amount-due')).toBeNull();
  });
});
