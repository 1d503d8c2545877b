import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LoanConfirm } from '../api/loan-detail-confirm.ts';
import { keyFacts, loanConfirm } from '../test/fixtures.ts';
import { ok, renderApp, stubApi, toastText } from '../test/render.tsx';

// Issue 12 item 4 on /confirm: the page sends back the agreements it showed, and with sendSms 1 (CONFIRM_STEP_UP)
// it needs the SMS code, sent with a countdown button.
const CONFIRM = '/v3/loan-confirm/loan-detail-confirm';
const PUSH = '/v3/loan-confirm/loan-detail-push';
const SEND = '/v3/loan-confirm/send-sms';
const CONTRACTS = '/v3/contract/contract';
const H1 = 'a'.repeat(64);
const H2 = 'b'.repeat(64);
const AGREEMENTS = [
  { id: 11, title: 'Loan agreement', version: 'v-111111111111', sha256: H1 },
  { id: 12, title: 'Privacy authorisation', version: 'v-222222222222', sha256: H2 },
];

function setup(over: Partial<LoanConfirm>) {
  return stubApi({
    [CONFIRM]: ok({ ...loanConfirm(over), agreements: AGREEMENTS, smsResendSeconds: 60 }),
    [CONTRACTS]: ok(AGREEMENTS.map(({ id, title }) => ({ id, title }))),
    [SEND]: ok({ sent: true, resendAfter: 60, phoneMasked: '138****0001' }),
    [PUSH]: ok({ orderId: 'N1', lendDetailsUrl: '/loanDetails?productId=1&orderId=N1' }),
    '/v3/loan-confirm/key-facts': ok(keyFacts({ sha256: 'c'.repeat(64) })),
  });
}

/** The key facts statement is opened before any confirm (issue 18). */
async function readKeyFacts(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Read the key facts statement' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Key facts statement' })).getByRole('button', { name: 'I have read it' }));
}

const confirmButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' });

describe('/confirm consent (issue 12 item 4)', () => {
  it('without step-up: no code block; the push carries the agreements shown', async () => {
    const api = setup({ sendSms: 0 });
    await renderApp('/confirm?productId=1&orderId=&position=0', { lang: 'en' });
    await screen.findByTestId('confirm-amount');
    expect(screen.queryByTestId('step-up')).toBeNull();
    const user = userEvent.setup();
    await readKeyFacts(user);
    await user.click(confirmButton());
    await waitFor(() => expect(api.to(PUSH)).toHaveLength(1));
    expect(api.to(PUSH)[0]!.body).toMatchObject({ agreements: `11:${H1},12:${H2}`, keyFacts: 'c'.repeat(64) });
    expect(api.to(PUSH)[0]!.body).not.toHaveProperty('smsCode');
  });

  it('with step-up: confirm waits for a 6-digit code; send code counts down and says where it went', async () => {
    const api = setup({ sendSms: 1 });
    await renderApp('/confirm?productId=1&orderId=&position=0', { lang: 'en' });
    await screen.findByTestId('confirm-amount');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Confirm with an SMS code' })).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(api.to(SEND).map((c) => c.body)).toEqual([{ productId: '1' }]));
    expect(await screen.findByText('Code sent to 138****0001. It is valid for 5 minutes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Resend in \d+ s/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Resend in/ }));
    await waitFor(() => expect(toastText()).toBe('Do not send the code repeatedly! Please wait for the countdown.'));
    expect(api.to(SEND)).toHaveLength(1);

    const input = screen.getByLabelText('SMS verification code');
    await user.type(input, '12a34');
    expect((input as HTMLInputElement).value).toBe('1234');
    expect(confirmButton().disabled).toBe(true);
    await user.type(input, '56');
    // The code alone is not enough: the key facts statement must be opened too.
    expect(confirmButton().disabled).toBe(true);
    await readKeyFacts(user);
    expect(confirmButton().disabled).toBe(false);
    await user.click(confirmButton());
    await waitFor(() => expect(api.to(PUSH)).toHaveLength(1));
    expect(api.to(PUSH)[0]!.body).toMatchObject({ smsCode: '123456', agreements: `11:${H1},12:${H2}` });
  });

  it('in Indonesian', async () => {
    setup({ sendSms: 1 });
    await renderApp('/confirm?productId=1&orderId=&position=0', { lang: 'id' });
    await screen.findByTestId('confirm-amount');
    expect(screen.getByRole('heading', { name: 'Konfirmasi dengan kode SMS' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kirim kode' })).toBeTruthy();
    expect(screen.getByLabelText('Kode verifikasi SMS')).toBeTruthy();
  });
});
