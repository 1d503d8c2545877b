import { configureApiClient, post, useContactInfo } from '@lendview/api-client';
import { i18n } from '@lendview/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient, getQueryClient } from '../AppProviders.tsx';

function jsonFetch(body: unknown, delayMs = 0) {
  const calls: { url: string; headers: Headers }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url, headers: new Headers(init.headers) });
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    return new Response(JSON.stringify(body));
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

function Probe() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <p>
      {t('cancel')} {client === getQueryClient() ? 'shared-client' : 'own-client'}
    </p>
  );
}

describe('AppProviders', () => {
  it('provides i18n, the shared QueryClient and the toast host; captures the shared params', () => {
    history.replaceState(null, '', '/loanDetails?tok=demo-borrower&dId=dev-1&orderId=DEMO-170');
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByText('Cancel shared-client')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('lv.params') ?? '{}')).toEqual({ dId: 'dev-1', tok: 'demo-borrower' });
    history.replaceState(null, '', '/');
  });

  it('takes a given QueryClient', () => {
    const client = createQueryClient();
    function Which() {
      return <p>{useQueryClient() === client ? 'given' : 'other'}</p>;
    }
    render(
      <AppProviders queryClient={client}>
        <Which />
      </AppProviders>,
    );
    expect(screen.getByText('given')).toBeTruthy();
    expect(client.getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });

  it('shows server messages as a toast and the loading text while a call runs, with Accept-Language', async () => {
    render(<AppProviders>x</AppProviders>);
    const f = jsonFetch({ code: '101', data: null, message: 'Wrong image captcha' }, 20);
    configureApiClient({ fetch: f.fetch });
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = post('/api/v2/lendview/promotion/get-sms', { phone: '13800000000' }, { loadingText: 'Sending…' });
    });
    expect(screen.getByRole('status').textContent).toBe('Sending…');
    await act(async () => {
      await done;
    });
    expect(screen.getByRole('status').textContent).toBe('Wrong image captcha');
    expect(f.calls[0]?.headers.get('accept-language')).toBe(i18n.language);
  });

  it('React Query errors with the server message, retried not for an ApiError', async () => {
    const f = jsonFetch({ code: 'UNAUTHORIZED', data: null, message: 'Please log in' });
    function Contact() {
      const q = useContactInfo();
      return <p>{q.isError ? `error ${q.error.message}` : 'loading'}</p>;
    }
    configureApiClient({ fetch: f.fetch });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Contact />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByText('error Please log in')).toBeTruthy());
    expect(f.calls).toHaveLength(1);
  });
});
