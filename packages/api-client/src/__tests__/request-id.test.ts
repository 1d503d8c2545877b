import { REQUEST_ID_PATTERN, clientErrorReport, loanDetails } from '@lendview/contracts/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanReportMessage, reportClientError } from '../client-errors.ts';
import { configureApiClient } from '../config.ts';
import { ApiError, NetworkError } from '../errors.ts';
import { call, unwrap } from '../endpoints.ts';
import { get, post, postJson, upload } from '../http.ts';
import { newRequestId, requestIdOf, shortReference } from '../request-id.ts';
import { captureSharedParams } from '../shared-params.ts';
import { fakeFetch, hangingFetch, type Recorded } from './helpers.ts';

// Issue 15 item 4: a request id on every call, kept on the errors, and one error report per failing call.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isReport = (c: Recorded) => c.url.pathname === clientErrorReport.path;
const reportsOf = (calls: Recorded[]) =>
  calls.filter(isReport).map((c) => JSON.parse(c.body ?? '{}') as { message: string; requestId: string; where: string });

beforeEach(() => {
  captureSharedParams('?tok=SECRET-TOKEN&dId=DEVICE1');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('X-Request-Id on every call', () => {
  it('post, get, postJson and call send a fresh id in the server format, each call its own', async () => {
    const f = fakeFetch();
    configureApiClient({ fetch: f.fetch });
    await post('/v3/a', { x: 1 });
    await get('/v3/b');
    await postJson('/v3/c', { y: 2 });
    await call(loanDetails, { productId: 1, orderId: 'DEMO-170' }, { json: true });
    const ids = f.calls.map((c) => c.headers['x-request-id']);
    expect(ids).toHaveLength(4);
    for (const id of ids) {
      expect(id).toMatch(UUID);
      expect(id).toMatch(REQUEST_ID_PATTERN);
    }
    expect(new Set(ids).size).toBe(4);
  });

  it('a caller that sets its own X-Request-Id (any case) sends exactly that one', async () => {
    const f = fakeFetch({ status: 500, body: { code: 'SERVER_ERROR', data: null, message: 'x' } });
    configureApiClient({ fetch: f.fetch });
    const env = await post('/v3/a', {}, { headers: { 'x-request-id': 'my-own-id.1' }, silent: true });
    expect(f.calls[0]!.headers['x-request-id']).toBe('my-own-id.1');
    expect(requestIdOf(env)).toBe('my-own-id.1');
    // An id the server would not take is replaced by a fresh one.
    await get('/v3/b', {}, { headers: { 'X-Request-Id': 'not valid!' } });
    expect(f.calls[1]!.headers['x-request-id']).toMatch(UUID);
  });

  it('upload sends one too', async () => {
    const sent: Record<string, string> = {};
    class Xhr {
      upload = {};
      open() {}
      setRequestHeader(k: string, v: string) {
        sent[k] = v;
      }
      send() {
        queueMicrotask(() => this.onload?.());
      }
      status = 200;
      responseText = '{"code":"00","data":null,"message":""}';
      onload: (() => void) | null = null;
    }
    configureApiClient({ XMLHttpRequest: Xhr as unknown as typeof XMLHttpRequest });
    const env = await upload('/user-problem/upload-problem-img', new FormData());
    expect(sent['X-Request-Id']).toMatch(UUID);
    expect(requestIdOf(env)).toBe(sent['X-Request-Id']);
  });

  it('newRequestId works without crypto.randomUUID (a page that is not a secure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    const ids = [newRequestId(), newRequestId()];
    vi.unstubAllGlobals();
    expect(ids[0]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(shortReference('1a2b3c4d-5e6f-4a1b-8c2d-0123456789ab')).toBe('1a2b3c4d');
  });
});

describe('the request id on errors', () => {
  it('ApiError (unwrap) carries the id of the call that answered the envelope', async () => {
    const f = fakeFetch({ status: 404, body: { code: 'NOT_FOUND', data: null, message: 'Not found' } });
    configureApiClient({ fetch: f.fetch });
    const env = await call(loanDetails, { productId: 1, orderId: 'X' }, { silent: true });
    const e = (() => {
      try {
        unwrap(env);
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).requestId).toBe(f.calls[0]!.headers['x-request-id']);
    // The envelope itself is unchanged.
    expect(env).toEqual({ code: 'NOT_FOUND', data: null, message: 'Not found' });
    expect(new ApiError({ code: 'X', data: null, message: '' }).requestId).toBeUndefined();
  });

  it('NetworkError carries it: no connection, a body that is not an envelope, a timeout', async () => {
    const f = fakeFetch(new TypeError('Failed to fetch'), { raw: '<html>502</html>', status: 502 });
    configureApiClient({ fetch: f.fetch });
    const e1 = await post('/v3/a').catch((e: unknown) => e);
    const e2 = await get('/v3/b').catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(NetworkError);
    expect((e1 as NetworkError).requestId).toBe(f.calls[0]!.headers['x-request-id']);
    expect((e2 as NetworkError).kind).toBe('bad-response');
    expect((e2 as NetworkError).requestId).toBe(f.calls[1]!.headers['x-request-id']);

    vi.useFakeTimers();
    const hanging = vi.fn(hangingFetch());
    configureApiClient({ fetch: hanging });
    const p = get('/v3/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    const e3 = (await p) as NetworkError;
    expect(e3.kind).toBe('timeout');
    const sentId = new Headers((hanging.mock.calls[0]![1] as RequestInit).headers).get('x-request-id');
    expect(e3.requestId).toBe(sentId);
  });
});

describe('reporting failed calls (reportFailures)', () => {
  it('a 5xx answer is reported once, with its request id, without the session token', async () => {
    const f = fakeFetch({ status: 502, body: { code: 'SERVER_ERROR', data: null, message: 'Busy' } });
    configureApiClient({ fetch: f.fetch, reportFailures: true });
    const env = await post('/v3/loan-details/detail', { orderId: 'DEMO-170' }, { silent: true });
    expect(env.code).toBe('SERVER_ERROR');
    expect(f.calls).toHaveLength(2);
    const [failed, sent] = f.calls;
    expect(isReport(sent!)).toBe(true);
    expect(reportsOf(f.calls)).toEqual([
      {
        message: 'POST /v3/loan-details/detail answered HTTP 502 (SERVER_ERROR)',
        requestId: failed!.headers['x-request-id'],
        where: 'api:/v3/loan-details/detail',
      },
    ]);
    // The report has an id of its own, and nothing of the session.
    expect(sent!.method).toBe('POST');
    expect(sent!.headers['x-request-id']).toMatch(UUID);
    expect(sent!.headers['x-request-id']).not.toBe(failed!.headers['x-request-id']);
    expect(sent!.url.search).toBe('');
    expect(JSON.stringify(sent)).not.toContain('SECRET-TOKEN');
    expect(sent!.headers['x-lv-token']).toBeUndefined();
  });

  it('no connection, a timeout, a body that is not an envelope: one report each; the report failing is not reported', async () => {
    const f = fakeFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), { raw: 'oops', status: 200 });
    configureApiClient({ fetch: f.fetch, reportFailures: true });
    await expect(get('/v3/a', { q: 1 })).rejects.toBeInstanceOf(NetworkError);
    // The first call's report itself failed (the second TypeError): nothing more is sent for it.
    await new Promise((r) => setTimeout(r, 0));
    expect(f.calls.map((c) => c.url.pathname)).toEqual(['/v3/a', clientErrorReport.path]);
    await expect(postJson('/v3/b', {})).rejects.toMatchObject({ kind: 'bad-response' });
    expect(f.calls.map((c) => c.url.pathname)).toEqual(['/v3/a', clientErrorReport.path, '/v3/b', clientErrorReport.path]);
    expect(reportsOf(f.calls).map((r) => r.message)).toEqual([
      'GET /v3/a failed (no connection)',
      'POST /v3/b gave a response that is not an envelope (HTTP 200)',
    ]);
    expect(reportsOf(f.calls).map((r) => r.requestId)).toEqual([f.calls[0]!.headers['x-request-id'], f.calls[2]!.headers['x-request-id']]);
  });

  it('not for a success, a 4xx envelope, a caller abort, or with reporting off', async () => {
    const f = fakeFetch(
      { body: { code: '00', data: null, message: '' } },
      { status: 400, body: { code: 'BAD_REQUEST', data: null, message: 'Bad' } },
      { status: 401, body: { code: 'UNAUTHORIZED', data: null, message: 'Expired' } },
    );
    configureApiClient({ fetch: f.fetch, reportFailures: true });
    await post('/v3/ok');
    await post('/v3/bad', {}, { silent: true });
    await post('/v3/expired', {}, { silent: true });
    const controller = new AbortController();
    configureApiClient({ fetch: hangingFetch() });
    const aborted = get('/v3/slow', {}, { signal: controller.signal }).catch(() => 'aborted');
    controller.abort();
    expect(await aborted).toBe('aborted');
    expect(reportsOf(f.calls)).toEqual([]);

    const off = fakeFetch({ status: 500, body: { code: 'SERVER_ERROR', data: null, message: 'x' } });
    configureApiClient({ fetch: off.fetch, reportFailures: false });
    await post('/v3/x', {}, { silent: true });
    expect(off.calls).toHaveLength(1);
  });

  it('an upload that fails is reported once', async () => {
    const f = fakeFetch();
    class Xhr {
      upload = {};
      open() {}
      setRequestHeader() {}
      send() {
        queueMicrotask(() => this.onerror?.());
      }
      onerror: (() => void) | null = null;
    }
    configureApiClient({ fetch: f.fetch, XMLHttpRequest: Xhr as unknown as typeof XMLHttpRequest, reportFailures: true });
    const e = (await upload('/user-problem/upload-problem-img', new FormData()).catch((err: unknown) => err)) as NetworkError;
    expect(e.kind).toBe('network');
    expect(reportsOf(f.calls)).toEqual([
      {
        message: 'POST /user-problem/upload-problem-img failed (no connection)',
        requestId: e.requestId,
        where: 'api:/user-problem/upload-problem-img',
      },
    ]);
  });
});

describe('reportClientError', () => {
  it("returns the failed call's id as the reference and sends it", () => {
    const f = fakeFetch();
    configureApiClient({ fetch: f.fetch, baseUrl: 'https://api.test' });
    const reference = reportClientError({ message: 'boom', requestId: 'abc-123', where: 'remote-crash:loan-details' });
    expect(reference).toBe('abc-123');
    expect(f.calls[0]!.url.href).toBe('https://api.test/api/client-errors');
    expect(reportsOf(f.calls)).toEqual([{ message: 'boom', requestId: 'abc-123', where: 'remote-crash:loan-details' }]);
    expect(f.calls[0]!.headers['content-type']).toBe('application/json');
  });

  it('without a call (a remote that did not load) makes a fresh reference and sends it in its place', () => {
    const f = fakeFetch();
    configureApiClient({ fetch: f.fetch });
    const reference = reportClientError({ message: 'Failed to fetch dynamically imported module', where: 'remote-load:repayment' });
    expect(reference).toMatch(UUID);
    expect(reportsOf(f.calls)[0]!.requestId).toBe(reference);
    // An id the server would refuse is not sent as the call's: a fresh one is.
    expect(reportClientError({ message: 'x', requestId: 'bad id', where: 'shell' })).toMatch(UUID);
  });

  it('cleans what it sends: one line, no query strings (tokens), at most 300 characters; where in the allowed characters', () => {
    expect(cleanReportMessage('Request to /v3/x?tok=SECRET-TOKEN&a=1 failed\n  at foo (bar.js:1:2)')).toBe(
      'Request to /v3/x failed at foo (bar.js:1:2)',
    );
    expect(cleanReportMessage('\u0000\u0007 ')).toBe('Error');
    expect(cleanReportMessage('x'.repeat(500))).toHaveLength(300);
    const f = fakeFetch();
    configureApiClient({ fetch: f.fetch });
    reportClientError({ message: 'a\tb', where: 'remote-load:loan details?tok=SECRET-TOKEN' });
    expect(reportsOf(f.calls)[0]).toMatchObject({ message: 'a b', where: 'remote-load:loan-details' });
    expect(JSON.stringify(f.calls)).not.toContain('SECRET-TOKEN');
  });

  it('never throws: a fetch that throws or rejects is ignored', () => {
    configureApiClient({
      fetch: () => {
        throw new Error('no fetch');
      },
    });
    expect(() => reportClientError({ message: 'x', where: 'shell' })).not.toThrow();
    configureApiClient({ fetch: () => Promise.reject(new Error('offline')) });
    expect(() => reportClientError({ message: 'x', where: 'shell' })).not.toThrow();
  });
});
