import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PATHS, queue } from '../test/fixtures.ts';
import { fail, ok, renderApp, stubConsole } from '../test/render.tsx';

// Sign-in: the password, then the authenticator code (with the QR to enrol at the first sign-in).
describe('signing in to the console', () => {
  it('asks for both fields, shows the server refusal, asks for the code, then opens the queue with the session', async () => {
    let tries = 0;
    let codes = 0;
    const api = stubConsole({
      '/ops/api/login': () =>
        tries++ === 0
          ? fail('Wrong username or password.', 'UNAUTHORIZED')
          : ok({ step: 'code', challenge: 'ch-1', newPasswordRequired: false }),
      '/ops/api/login/code': () =>
        codes++ === 0
          ? fail('The code is incorrect or was already used.', 'UNAUTHORIZED')
          : ok({ token: 'tk', username: 'ops-support', role: 'support', expiresAt: '' }),
      [PATHS.queue]: ok(queue([])),
    });
    await renderApp('/ops');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to the support console');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your username and password.').getAttribute('role')).toBe('alert');
    await user.type(screen.getByLabelText('Username'), 'ops-support');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByText('Wrong username or password.')).getAttribute('role')).toBe('alert');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'support-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter your authenticator code' });
    expect(screen.queryByRole('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Please enter the 6-digit code from your authenticator app.').getAttribute('role')).toBe('alert');
    await user.type(screen.getByLabelText('6-digit code'), '12a3456');
    expect(screen.getByLabelText<HTMLInputElement>('6-digit code').value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByText('The code is incorrect or was already used.')).getAttribute('role')).toBe('alert');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The queue's screen is a lazy chunk: under load its first import can take more than findBy's default 1 s.
    await screen.findByRole('heading', { level: 1, name: 'Queue' });
    expect(api.to('/ops/api/login/code').map((r) => r.body)).toEqual([
      { challenge: 'ch-1', code: '123456' },
      { challenge: 'ch-1', code: '123456' },
    ]);
    // The queue's call may still be on its way when the heading shows (a busy machine): wait for it.
    await waitFor(() => expect(api.to(PATHS.queue)).not.toHaveLength(0));
    expect(api.to(PATHS.queue)[0]!.headers.authorization).toBe('Bearer tk');
    expect(screen.getByText('Signed in as ops-support')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to the support console');
    expect(sessionStorage.getItem('lv.ops.session')).toBeNull();
  });

  it('first sign-in: the QR and the otpauth URL to enrol; Back keeps the username', async () => {
    const url = 'otpauth://totp/lendview%20back%20office:ana?secret=ABC&digits=6';
    stubConsole({
      '/ops/api/login': ok({ step: 'enrol', challenge: 'ch-2', otpauthUrl: url, qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }),
    });
    await renderApp('/ops');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'ana');
    await user.type(screen.getByLabelText('Password'), 'one-time-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator' });
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"></svg>')}`);
    expect(screen.getByTestId('otpauth-url').textContent).toBe(url);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to the support console');
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('ana');
  });

  it('issue 34: a one-time password is replaced at the first sign-in: the new password goes with the code', async () => {
    const api = stubConsole({
      '/ops/api/login': ok({
        step: 'enrol',
        challenge: 'ch-3',
        otpauthUrl: 'otpauth://totp/x?secret=ABC',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        newPasswordRequired: true,
      }),
      '/ops/api/login/code': ok({ token: 'tk', username: 'new.agent', role: 'support', expiresAt: '' }),
      [PATHS.queue]: ok(queue([])),
    });
    await renderApp('/ops');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'new.agent');
    await user.type(screen.getByLabelText('Password'), 'one-time-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator' });
    expect(screen.getByText('Your password was a one-time password: choose your own, at least 12 characters.')).toBeTruthy();
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'too-short');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('The new password must have at least 12 characters.').getAttribute('role')).toBe('alert');
    expect(api.to('/ops/api/login/code')).toHaveLength(0);
    await user.type(screen.getByLabelText('New password'), '-but-now-long');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Queue' });
    expect(api.to('/ops/api/login/code').map((r) => r.body)).toEqual([
      { challenge: 'ch-3', code: '123456', newPassword: 'too-short-but-now-long' },
    ]);
  });

  it('issue 34: Change password: a refusal stays in the dialog (no sign-out); success goes on with the new session', async () => {
    sessionStorage.setItem('lv.ops.session', JSON.stringify({ token: 'old-tk', username: 'ops-support', role: 'support' }));
    let tries = 0;
    const api = stubConsole({
      '/ops/api/password': () =>
        tries++ === 0
          ? fail('The current password is incorrect.', 'UNAUTHORIZED')
          : ok({ token: 'new-tk', username: 'ops-support', role: 'support', expiresAt: '' }),
      [PATHS.queue]: ok(queue([])),
    });
    await renderApp('/ops');
    await screen.findByRole('heading', { level: 1, name: 'Queue' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = screen.getByRole('dialog', { name: 'Change your password' });
    const inDialog = within(dialog);
    await user.type(inDialog.getByLabelText('Current password'), 'mistyped-password');
    await user.type(inDialog.getByLabelText('New password'), 'short');
    await user.type(inDialog.getByLabelText('6-digit code'), '123456');
    await user.click(inDialog.getByRole('button', { name: 'Change password' }));
    expect(inDialog.getByText('The new password must have at least 12 characters.')).toBeTruthy();
    await user.type(inDialog.getByLabelText('New password'), '-now-long-enough');
    await user.click(inDialog.getByRole('button', { name: 'Change password' }));
    await inDialog.findByText('The current password is incorrect.');
    expect(screen.getByText('Signed in as ops-support')).toBeTruthy();
    await user.click(inDialog.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('/ops/api/password').map((r) => [r.headers.authorization, r.body])).toEqual([
      ['Bearer old-tk', { currentPassword: 'mistyped-password', newPassword: 'short-now-long-enough', code: '123456' }],
      ['Bearer old-tk', { currentPassword: 'mistyped-password', newPassword: 'short-now-long-enough', code: '123456' }],
    ]);
    expect(JSON.parse(sessionStorage.getItem('lv.ops.session')!)).toMatchObject({ token: 'new-tk' });
  });

  it('a marketing account is told it cannot use the console', async () => {
    sessionStorage.setItem('lv.ops.session', JSON.stringify({ token: 't', username: 'ops-marketing', role: 'marketing' }));
    stubConsole({});
    await renderApp('/ops');
    expect(screen.getByText('This account cannot use the support console.').getAttribute('role')).toBe('alert');
  });
});
