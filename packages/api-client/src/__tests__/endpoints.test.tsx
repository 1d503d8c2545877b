import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SHARED_PARAM_NAMES, contactKfInfo } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { configureApiClient } from '../config.ts';
import { api, call, unwrap, uploadTo } from '../endpoints.ts';
import { ApiError } from '../errors.ts';
import { queryKeyOf, queryOf, useContactInfo } from '../queries.ts';
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
    await call(routes.getQaList, { orderNo: 'A', pid: 0, ids: [1, 2] } as never);
    expect(f.calls[0]?.method).toBe('GET');
    expect(f.calls[0]?.url.pathname).toBe('/h5-api/v3/user-problem/get-qa-list');
    expect(f.calls[0]?.url.search).toBe('?dId=D1&orderNo=A&pid=0&ids=1%2C2');
    expect(f.calls[0]?.body).toBeUndefined();
  });

  it('call() with a route (no zod): method, path and form body from the route', async () => {
    const f = fakeFetch({ body: { code: '00', data: { problemId: 7 }, message: '' } });
    configureApiClient({ fetch: f.fetch });
    const env = await call(
      routes.problemSave,
      { problemType: 1, problemDetail: 'a & b', orderNo: 'DEMO-170' },
      { headers: { 'Idempotency-Key': 'k-12345678' } },
    );
    expect(env.data?.problemId).toBe(7);
    expect(f.calls[0]?.method).toBe('POST');
    expect(f.calls[0]?.url.pathname).toBe('/user-problem/problem-save');
    expect(f.calls[0]?.body).toBe('problemType=1&problemDetail=a+%26+b&orderNo=DEMO-170');
    expect(f.calls[0]?.headers['idempotency-key']).toBe('k-12345678');
    expect(f.calls[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
  });

  it("call() takes the route's success code: 0 is success for get-sid, '00' is not", async () => {
    const f = fakeFetch(
      { body: { code: 0, data: { sid: 's1' }, message: 'ok' } },
      { body: { code: '00', data: null, message: 'Not for this call' } },
    );
    configureApiClient({ fetch: f.fetch });
    expect(unwrap(await call(routes.getSid, {}), routes.getSid.successCode)).toEqual({ sid: 's1' });
    expect(messages).toEqual([]);
    await call(routes.getSid, {});
    expect(messages).toEqual(['Not for this call']);
  });

  it('call() with json sends the input as a JSON body, nested objects kept', async () => {
    const f = fakeFetch({ body: { code: '00', data: { id: 3, updatedAt: 'now' }, message: '' } });
    configureApiClient({ fetch: f.fetch });
    const config = { name: 'n', theme: { fontColor: '#000000' } };
    const env = await call(routes.opsTemplateSave, { id: 3, config } as never, { json: true, silent: true });
    expect(env.data).toEqual({ id: 3, updatedAt: 'now' });
    expect(f.calls[0]?.url.pathname).toBe('/ops/api/templates/save');
    expect(f.calls[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(f.calls[0]?.body ?? '')).toEqual({ id: 3, config });
  });

  it('call() keeps silent, loadingText and the 401 hook of the transport', async () => {
    const loading: (string | null)[] = [];
    const ended: string[] = [];
    const f = fakeFetch(
      { status: 401, body: { code: 'UNAUTHORIZED', data: null, message: 'Log in again' } },
      { body: { code: 'NOT_FOUND', data: null, message: 'Not found' } },
    );
    configureApiClient({ fetch: f.fetch, onLoading: (t) => loading.push(t), onUnauthorized: (e) => ended.push(e.message) });
    await call(routes.loanDetails, { productId: '1', orderId: 'X' }, { loadingText: 'Loading', silent: true });
    expect(ended).toEqual(['Log in again']);
    expect(loading).toEqual(['Loading', null]);
    await call(routes.loanDetails, { productId: '1', orderId: 'X' }, { silent: true });
    expect(messages).toEqual([]);
  });

  it('types input and data from the contract (the compiler checks these)', () => {
    expectTypeOf(call<typeof routes.loanDetails>)
      .returns.resolves.toHaveProperty('data')
      .toEqualTypeOf<routes.ResponseOf<typeof routes.loanDetails> | null>();
    expectTypeOf<Parameters<typeof call<typeof routes.saveScore>>[1]>().toEqualTypeOf<{
      score: string | number;
      problemId: string | number;
    }>();
    // @ts-expect-error: problemDetail takes problemId, not id
    void (() => call(routes.problemDetail, { id: 1 }));
  });

  it('uploadTo sends the form data to the route through XMLHttpRequest', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    class FakeXhr {
      status = 200;
      responseText = JSON.stringify({ code: '00', data: { url: '/u/1.jpg' }, message: '' });
      timeout = 0;
      upload = {};
      onload?: () => void;
      private method = '';
      private url = '';
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader() {}
      send(body: unknown) {
        sent.push({ method: this.method, url: this.url, body });
        queueMicrotask(() => this.onload?.());
      }
      abort() {}
    }
    configureApiClient({ XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest });
    const fd = new FormData();
    fd.append(routes.PROBLEM_IMAGE_FIELD, new Blob(['x']), 'a.jpg');
    const env = await uploadTo(routes.uploadProblemImg, fd);
    expect(env.data?.url).toBe('/u/1.jpg');
    expect(sent).toEqual([{ method: 'POST', url: '/user-problem/upload-problem-img?dId=D1', body: fd }]);
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
  it('queryOf: key [...scope, route name, input]; the data, with the query signal', async () => {
    const f = fakeFetch({ body: { code: '00', data: { repayWaitCount: 1 }, message: '' } });
    configureApiClient({ fetch: f.fetch });
    const input = { productId: '1', orderId: 'DEMO-INST' };
    const options = queryOf(routes.loanPlayDetail, input, { scope: ['repayment', 'en'], silent: true });
    expect(options.queryKey).toEqual(['repayment', 'en', 'loanPlayDetail', input]);
    expect(queryKeyOf(routes.loanPlayDetail, input, ['repayment', 'en'])).toEqual(options.queryKey);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(options)).resolves.toEqual({ repayWaitCount: 1 });
    expect(f.calls[0]?.url.pathname).toBe('/v3/installment/loan-play-detail');
    expect(f.calls[0]?.body).toBe('productId=1&orderId=DEMO-INST');
  });

  it('queryOf rejects with ApiError on a non-success code, reported unless silent', async () => {
    configureApiClient({
      fetch: fakeFetch(
        { body: { code: 'NOT_FOUND', data: null, message: 'Not found' } },
        { body: { code: 'NOT_FOUND', data: null, message: 'Not found' } },
      ).fetch,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(queryOf(routes.problemDetail, { problemId: '9' }))).rejects.toBeInstanceOf(ApiError);
    expect(messages).toEqual(['Not found']);
    await expect(
      client.fetchQuery(queryOf(routes.problemDetail, { problemId: '9' }, { scope: ['x'], silent: true })),
    ).rejects.toBeInstanceOf(ApiError);
    expect(messages).toEqual(['Not found']);
  });

  it('useContactInfo gives the data', async () => {
    configureApiClient({
      fetch: fakeFetch({ body: { code: '00', data: { email: 'cs@lendview.id', smWa: '021-555' }, message: '' } }).fetch,
    });
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
