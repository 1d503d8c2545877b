import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SHARED_PARAM_NAMES, contactKfInfo } from '@lendview/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../config.ts';
import { api, call, unwrap } from '../endpoints.ts';
import { ApiError } from '../errors.ts';
import { useContactInfo } from '../queries.ts';
import { captureSharedParams, getSharedParams } from '../shared-params.ts';
import { fakeFetch } from './helpers.ts';

let messages: string[];
beforeEach(() => {
  messages = [];
  captureSharedParams('?dId=D1');
  configureApiClient({ onMessage: (m) => messages.push(m) });
});

describe('typed calls', () => {
  it('call() takes method, path and success code from the contract', async () => {
    const f = fakeFetch({ body: { code: '00', data: { email: 'cs@x.id', smWa: '0800' }, message: '' } });
    configureApiClient({ fetch: f.fetch });
    const env = await call(contactKfInfo, { overall: 30 });
    expect(env.data?.email).toBe('cs@x.id');
    expect(f.calls[0]?.method).toBe('POST');
    expect(f.calls[0]?.url.pathname).toBe('/v3/personal-center/contact-kf-info');
    expect(f.calls[0]?.body).toBe('overall=30');
  });

  it('call() sends a GET endpoint input in the query, arrays comma-joined', async () => {
    const f = fakeFetch();
    configureApiClient({ fetch: f.fetch });
    const list = { method: 'GET', path: '/h5-api/v3/user-problem/get-qa-list', successCode: '00' } as const;
    await call(list as never, { orderNo: 'A', pid: 0, ids: [1, 2] } as never);
    expect(f.calls[0]?.url.search).toBe('?dId=D1&orderNo=A&pid=0&ids=1%2C2');
  });

  it('api.contactKfInfo sends overall=30 (spec 9)', async () => {
    const f = fakeFetch();
    configureApiClient({ fetch: f.fetch });
    await api.contactKfInfo();
    expect(f.calls[0]?.body).toBe('overall=30');
  });

  it('api.sendLoginCode / smsLogin keep the new token / logout forgets it', async () => {
    const f = fakeFetch(
      { body: { code: '00', data: { sent: true }, message: '' } },
      { body: { code: '00', data: { tok: 'NEW' }, message: '' } },
      { body: { code: '00', data: { loggedOut: true }, message: '' } },
    );
    configureApiClient({ fetch: f.fetch });
    await api.sendLoginCode('13800000000');
    expect(f.calls[0]?.url.pathname).toBe('/v3/login/send-code');
    expect(f.calls[0]?.body).toBe('phone=13800000000');
    const env = await api.smsLogin('13800000000', '123456');
    expect(env.data?.tok).toBe('NEW');
    expect(f.calls[1]?.body).toBe('phone=13800000000&smsCode=123456');
    expect(getSharedParams()).toEqual({ dId: 'D1', tok: 'NEW' });
    await api.logout();
    expect(f.calls[2]?.url.pathname).toBe('/v3/login/logout');
    expect(f.calls[2]?.headers['x-lv-token']).toBe('NEW');
    expect(getSharedParams()).toEqual({ dId: 'D1' });
  });

  it('a failed login keeps the session as it was and shows the message', async () => {
    captureSharedParams('?tok=OLD');
    const f = fakeFetch({ body: { code: 'BAD_REQUEST', data: null, message: 'Kode salah' } });
    configureApiClient({ fetch: f.fetch });
    const env = await api.smsLogin('13800000000', '000000');
    expect(env.code).toBe('BAD_REQUEST');
    expect(getSharedParams().tok).toBe('OLD');
    expect(messages).toEqual(['Kode salah']);
  });

  it('unwrap returns data or throws ApiError', () => {
    expect(unwrap({ code: '00', data: 1, message: '' })).toBe(1);
    expect(unwrap({ code: 0, data: 'x', message: '' }, 0)).toBe('x');
    expect(() => unwrap({ code: '01', data: null, message: 'No' })).toThrow(ApiError);
    expect(() => unwrap({ code: '00', data: null, message: '' })).toThrow(ApiError);
  });

  it('covers the shared param names of the contract', () => {
    expect(SHARED_PARAM_NAMES).toEqual(['dId', 'aMar', 'aVer', 'tok', 'aTp', 'dNa', 'oVer', 'gid', 'pf']);
  });
});

function wrapper(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

function Contact() {
  const q = useContactInfo();
  if (q.isError) return <p>error: {q.error.message}</p>;
  if (!q.data) return <p>loading</p>;
  return (
    <p>
      {q.data.email} {q.data.smWa}
    </p>
  );
}

describe('React Query helpers', () => {
  it('useContactInfo gives the data', async () => {
    configureApiClient({ fetch: fakeFetch({ body: { code: '00', data: { email: 'cs@lendview.id', smWa: '021-555' }, message: '' } }).fetch });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<Contact />, { wrapper: wrapper(client) });
    expect(screen.getByText('loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('cs@lendview.id 021-555')).toBeTruthy());
  });

  it('useContactInfo errors with ApiError on a non-success code', async () => {
    configureApiClient({ fetch: fakeFetch({ body: { code: 'UNAUTHORIZED', data: null, message: 'Please log in' } }).fetch });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<Contact />, { wrapper: wrapper(client) });
    await waitFor(() => expect(screen.getByText('error: Please log in')).toBeTruthy());
    expect(client.getQueryState(['lendview', 'contact-kf-info'])?.error).toBeInstanceOf(ApiError);
    expect(messages).toEqual(['Please log in']);
  });
});
