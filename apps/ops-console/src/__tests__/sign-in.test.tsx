import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PATHS, queue } from '../test/fixtures.ts';
import { fail, ok, renderApp, stubConsole } from '../test/render.tsx';

// The interim sign-in (password only) until @lendview/ops-session's OpsGate replaces it.
describe('signing in to the console', () => {
  it('asks for both fields, shows the server refusal, then opens the queue with the session', async () => {
    let tries = 0;
    const api = stubConsole({
      '/ops/api/login': () =>
        tries++ === 0
          ? fail('Wrong username or password.', 'UNAUTHORIZED')
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
    await screen.findByRole('heading', { level: 1, name: 'Queue' });
    expect(api.to(PATHS.queue)[0]!.headers.authorization).toBe('Bearer tk');
    expect(screen.getByText('Signed in as ops-support')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to the support console');
    expect(sessionStorage.getItem('lv.ops.session')).toBeNull();
  });

  it('a marketing account is told it cannot use the console', async () => {
    sessionStorage.setItem('lv.ops.session', JSON.stringify({ token: 't', username: 'ops-marketing', role: 'marketing' }));
    stubConsole({});
    await renderApp('/ops');
    expect(screen.getByText('This account cannot use the support console.').getAttribute('role')).toBe('alert');
  });
});
