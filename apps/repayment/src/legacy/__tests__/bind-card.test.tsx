import '../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CARD_OTP, CARD_PLAIN, repaymentWay } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderLegacy, stubApi, toastText } from '../test/render.tsx';

const BIND = '/api/v1/lendview/service/loan/bind-card';
const WAY = '/api/v1/lendview/service/loan/repayment-way';
const NEW_CARD = { id: 21, bankName: 'Bank Negara Indonesia', cardNo: '5264 **** **** 3456', bankCode: 'BNI' };
const PAGE = '/bindCard?orderId=DEMO-180&productId=1';

function setup(bind: Handler = ok(NEW_CARD)) {
  return stubApi({ [BIND]: bind, [WAY]: ok(repaymentWay({ cards: [CARD_OTP, CARD_PLAIN, NEW_CARD] })) });
}

const bankSelect = () => screen.getByRole('combobox', { name: /^(Bank)$/ }) as HTMLSelectElement;
const cardInput = () => screen.getByRole('textbox', { name: /^(Card number|Nomor kartu)$/ }) as HTMLInputElement;
const holderInput = () => screen.getByRole('textbox', { name: /^(Card holder name|Nama pemegang kartu)$/ }) as HTMLInputElement;

async function fill(user = userEvent.setup(), { bank = 'BNI', cardNo = '5264 1111 2222 3456', holder = 'Budi Santoso' } = {}) {
  if (bank) await user.selectOptions(bankSelect(), bank);
  if (cardNo) await user.type(cardInput(), cardNo);
  if (holder) await user.type(holderInput(), holder);
  return user;
}

describe('/bindCard: the form', () => {
  it('has one h1, a labelled bank list of Indonesian banks, card number and holder name', async () => {
    setup();
    await renderLegacy(PAGE);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Add a bank card']);
    const options = Array.from(bankSelect().options).map((o) => o.value);
    expect(options).toEqual(['', 'BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA', 'CIMB']);
    expect(cardInput().getAttribute('inputmode')).toBe('numeric');
    expect(holderInput()).toBeTruthy();
  });

  it('keeps digits only and groups them in fours as typed, up to 19 digits', async () => {
    setup();
    await renderLegacy(PAGE);
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
    await renderLegacy(PAGE);
    const user = userEvent.setup();
    await user.click(cardInput());
    await user.paste('4111-1111-1111-1111');
    expect(cardInput().value).toBe('4111 1111 1111 1111');
  });

  it('adds the card (digits only) and goes back to /repay with the new card chosen', async () => {
    const api = setup();
    await renderLegacy(PAGE);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await screen.findByTestId('amount-due');
    expect(api.to(BIND).map((c) => c.body)).toEqual([{ bankCode: 'BNI', cardNo: '5264111122223456', holderName: 'Budi Santoso' }]);
    expect((screen.getByRole('radio', { name: /Bank Negara Indonesia/ }) as HTMLInputElement).checked).toBe(true);
    expect(api.to(WAY).map((c) => c.body)).toEqual([{ orderId: 'DEMO-180' }]);
    expect(toastText()).toBe('Bank card added');
  });
});

describe('/bindCard: validation and errors keep what was typed', () => {
  it('says what is missing, focuses the first, and sends nothing', async () => {
    const api = setup();
    await renderLegacy(PAGE);
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
    await renderLegacy(PAGE, { lang: 'id' });
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
    await renderLegacy(PAGE);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(toastText()).toBe(text));
    expect(bankSelect().value).toBe('BNI');
    expect(cardInput().value).toBe('5264 1111 2222 3456');
    expect(holderInput().value).toBe('Budi Santoso');
    expect(screen.queryByTestId('amount-due')).toBeNull();
  });
});
