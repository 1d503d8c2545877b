import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureSharedParams, configureApiClient, get, outboundNav, post, resetApiClient } from '@lendview/api-client';
import { browserFallback } from '@lendview/bridge';
import { i18n, initI18n, setLanguage } from '@lendview/i18n';
import '../messages.ts';
import { SessionGate } from './SessionGate.tsx';
import { installSessionGuard, isSessionEnded, resetSession } from './session-guard.ts';

type W = Window & { webkit?: unknown };

/** A fetch answering each path with an envelope (HTTP 401 for UNAUTHORIZED, as the API does). */
function api(routes: Record<string, { code: string; data: unknown; message: string }>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : input, 'http://localhost').pathname;
    calls.push(path);
    const env = routes[path] ?? { code: 'NOT_FOUND', data: null, message: 'Not found' };
    return new Response(JSON.stringify(env), { status: env.code === 'UNAUTHORIZED' ? 401 : 200 });
  });
  configureApiClient({ fetch, onMessage: (m) => messages.push(m) });
  return calls;
}

const EXPIRED = { code: 'UNAUTHORIZED', data: null, message: 'Your session has expired. Please log in again.' };
let messages: string[];
let undo: () => void;

function page() {
  return render(
    <I18nextProvider i18n={i18n}>
      <SessionGate>
        <h1>Loan details</h1>
      </SessionGate>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  messages = [];
  await setLanguage('en');
  undo = installSessionGuard();
  captureSharedParams('?tok=expired-token');
});
afterEach(() => {
  undo();
  act(() => resetSession());
  cleanup();
  resetApiClient();
  delete (window as W).webkit;
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('session expiry (issue 12 item 10)', () => {
  it('in a browser: a 401 of any borrower call shows "log in again" instead of the page, once', async () => {
    const navigate = vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    api({ '/v3/loan-details/detail': EXPIRED });
    page();
    expect(screen.getByRole('heading', { name: 'Loan details' })).toBeTruthy();
    await act(async () => {
      await Promise.all([post('/v3/loan-details/detail', { orderId: 'X' }), post('/v3/loan-details/detail', { orderId: 'Y' })]);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your session has ended' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Loan details' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();
    // The shell's screen is the fallback: the page does not also go to '/', and no toast repeats the message.
    expect(navigate).not.toHaveBeenCalled();
    expect(messages).toEqual([]);
  });

  it('in the app: backToLogin is posted to the native handler once, and the screen offers it again', async () => {
    const posted: unknown[] = [];
    (window as W).webkit = { messageHandlers: { lendview: { postMessage: (m: unknown) => posted.push(m) } } };
    api({ '/market/v3/product/recommend-product-list': EXPIRED });
    page();
    await act(async () => {
      await post('/market/v3/product/recommend-product-list', {});
      await post('/market/v3/product/recommend-product-list', {});
    });
    expect(posted).toEqual([{ action: 'backToLogin' }]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log in again' }));
    expect(posted).toEqual([{ action: 'backToLogin' }, { action: 'backToLogin' }]);
  });

  it('Indonesian by default', async () => {
    await setLanguage('id');
    vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    api({ '/v3/loan-details/detail': EXPIRED });
    page();
    await act(async () => {
      await get('/v3/loan-details/detail');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sesi Anda telah berakhir' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Masuk kembali' })).toBeTruthy();
  });

  it('other failures, operator calls and opted-out calls do not end the session', async () => {
    api({
      '/v3/loan-details/detail': { code: 'NOT_FOUND', data: null, message: 'Not found' },
      '/ops/api/login': { code: 'UNAUTHORIZED', data: null, message: 'Wrong password' },
      '/v3/x': EXPIRED,
    });
    page();
    await act(async () => {
      await post('/v3/loan-details/detail', {});
      await post('/ops/api/login', {});
      await post('/v3/x', {}, { headers: { Authorization: 'Bearer abc' } });
      await post('/v3/x', {}, { sessionGuard: false });
    });
    expect(isSessionEnded()).toBe(false);
    expect(screen.getByRole('heading', { name: 'Loan details' })).toBeTruthy();
  });

  it('the browser login form logs in by SMS and reopens the page with the new session (old token dropped)', async () => {
    vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    const assign = vi.spyOn(outboundNav, 'assign').mockImplementation(() => {});
    history.replaceState(null, '', '/loanDetails?productId=1&orderId=DEMO-170&tok=expired-token');
    const calls = api({
      '/v3/loan-details/detail': EXPIRED,
      '/v3/login/send-code': { code: '00', data: { sent: true, resendAfter: 60 }, message: 'sent' },
      '/v3/login/sms-login': { code: '00', data: { tok: 'fresh-token' }, message: 'ok' },
    });
    page();
    await act(async () => {
      await post('/v3/loan-details/detail', {});
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log in again' }));
    await user.type(screen.getByLabelText('Phone number'), '13800000000');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(calls).toContain('/v3/login/send-code'));
    await user.type(screen.getByLabelText('SMS verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    const url = new URL(assign.mock.calls[0]![0], 'http://localhost');
    expect(url.pathname).toBe('/loanDetails');
    expect(url.searchParams.get('tok')).toBe('fresh-token');
    expect(url.searchParams.get('orderId')).toBe('DEMO-170');
    history.replaceState(null, '', '/');
  });
});
