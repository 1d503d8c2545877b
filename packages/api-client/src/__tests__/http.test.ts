import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../config.ts';
import { NetworkError } from '../errors.ts';
import { get, isSuccess, post, postJson } from '../http.ts';
import { captureSharedParams } from '../shared-params.ts';
import { fakeFetch, hangingFetch } from './helpers.ts';

let messages: string[];
let loading: (string | null)[];

beforeEach(() => {
  messages = [];
  loading = [];
  captureSharedParams('?tok=TOKEN1&dId=DEVICE1&aVer=1.2.0&pf=ios');
  configureApiClient({
    onMessage: (m) => messages.push(m),
    onLoading: (t) => loading.push(t),
    language: () => 'id',
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('post (spec 7.1)', () => {
  it('puts the shared params in the query, form-encodes the body and sends the headers', async () => {
    const f = fakeFetch({ body: { code: '00', data: { ok: 1 }, message: 'ok' } });
    configureApiClient({ fetch: f.fetch });
    const env = await post('/user-problem/problem-save', {
      problemType: 1,
      problemDetail: 'a & b',
      problemImage: '',
      orderNo: undefined,
      flag: true,
      none: null,
    });
    expect(env).toEqual({ code: '00', data: { ok: 1 }, message: 'ok' });
    const [c] = f.calls;
    expect(c?.method).toBe('POST');
    expect(c?.url.pathname).toBe('/user-problem/problem-save');
    expect(Object.fromEntries(c?.url.searchParams ?? [])).toEqual({ tok: 'TOKEN1', dId: 'DEVICE1', aVer: '1.2.0', pf: 'ios' });
    expect(c?.body).toBe('problemType=1&problemDetail=a+%26+b&problemImage=&flag=true&none=');
    expect(c?.headers).toMatchObject({
      'x-requested-with': 'XMLHttpRequest',
      'x-lv-token': 'TOKEN1',
      'x-lv-device': 'DEVICE1',
      'accept-language': 'id',
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(messages).toEqual([]);
  });

  it('prefixes baseUrl and leaves out identity headers that are not set', async () => {
    captureSharedParams('?tok=&dId=');
    const f = fakeFetch({ body: { code: '00', data: null, message: '' } });
    configureApiClient({ fetch: f.fetch, baseUrl: 'https://api.test', language: undefined });
    await post('/v3/x');
    expect(f.calls[0]?.url.href).toBe('https://api.test/v3/x?aVer=1.2.0&pf=ios');
    expect(f.calls[0]?.headers['x-lv-token']).toBeUndefined();
    expect(f.calls[0]?.headers['accept-language']).toBeUndefined();
  });
});

describe('get (spec 7.1)', () => {
  it('puts the shared params and the call params in the query', async () => {
    const f = fakeFetch({ body: { code: '00', data: { answerList: [] }, message: '' } });
    configureApiClient({ fetch: f.fetch });
    await get('/h5-api/v3/user-problem/get-qa-list', { orderNo: 'DEMO-170', pid: 0, skip: undefined });
    const c = f.calls[0];
    expect(c?.method).toBe('GET');
    expect(c?.url.search).toBe('?dId=DEVICE1&aVer=1.2.0&tok=TOKEN1&pf=ios&orderNo=DEMO-170&pid=0');
    expect(c?.body).toBeUndefined();
    expect(c?.headers['x-lv-token']).toBe('TOKEN1');
  });
});

describe('envelope (spec 8)', () => {
  it('reports a non-success message and still returns the envelope, whatever the HTTP status', async () => {
    const f = fakeFetch(
      { status: 200, body: { code: '101', data: null, message: 'Wrong captcha' } },
      { status: 404, body: { code: 'NOT_FOUND', data: null, message: 'Not found' } },
      { status: 500, body: { code: 'SERVER_ERROR', message: 'Try later' } },
    );
    configureApiClient({ fetch: f.fetch });
    await expect(post('/a')).resolves.toEqual({ code: '101', data: null, message: 'Wrong captcha' });
    await expect(get('/b')).resolves.toEqual({ code: 'NOT_FOUND', data: null, message: 'Not found' });
    await expect(post('/c')).resolves.toEqual({ code: 'SERVER_ERROR', data: null, message: 'Try later' });
    expect(messages).toEqual(['Wrong captcha', 'Not found', 'Try later']);
  });

  it('compares the success code strictly, accepting "0" for numeric 0', async () => {
    const f = fakeFetch(
      { body: { code: 0, data: { sid: 's' }, message: 'fine' } },
      { body: { code: '0', data: null, message: 'fine too' } },
      { body: { code: '00', data: null, message: 'not the registration success' } },
      { body: { code: 0, data: null, message: 'not 00' } },
      { body: { code: 11, data: null, message: '' } },
    );
    configureApiClient({ fetch: f.fetch });
    await post('/reg', {}, { successCode: 0 });
    await post('/reg', {}, { successCode: 0 });
    await post('/reg', {}, { successCode: 0 });
    await post('/x');
    await post('/reg', {}, { successCode: 0 });
    expect(messages).toEqual(['not the registration success', 'not 00']);
    expect(isSuccess({ code: '00' })).toBe(true);
    expect(isSuccess({ code: 0 })).toBe(false);
    expect(isSuccess({ code: '0' }, 0)).toBe(true);
    expect(isSuccess({ code: 0 }, 0)).toBe(true);
    expect(isSuccess({ code: '00' }, 0)).toBe(false);
    expect(isSuccess(null)).toBe(false);
  });

  it('silent leaves the message to the caller', async () => {
    const f = fakeFetch({ body: { code: '11', data: null, message: 'registered' } });
    configureApiClient({ fetch: f.fetch });
    const env = await post('/reg', {}, { silent: true });
    expect(env.message).toBe('registered');
    expect(messages).toEqual([]);
  });

  it('throws NetworkError bad-response for a body that is not JSON or not an envelope, without a message', async () => {
    const f = fakeFetch({ raw: '<html>502</html>', status: 502 }, { body: [1, 2] }, { body: { data: 1 } });
    configureApiClient({ fetch: f.fetch });
    const e1 = await post('/a').catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(NetworkError);
    expect((e1 as NetworkError).kind).toBe('bad-response');
    expect((e1 as NetworkError).status).toBe(502);
    await expect(get('/b')).rejects.toMatchObject({ kind: 'bad-response' });
    await expect(get('/c')).rejects.toMatchObject({ kind: 'bad-response' });
    expect(messages).toEqual([]);
  });

  it('throws NetworkError network when the request fails', async () => {
    const f = fakeFetch(new TypeError('Failed to fetch'));
    configureApiClient({ fetch: f.fetch });
    const e = await post('/a').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).kind).toBe('network');
    expect((e as NetworkError).cause).toBeInstanceOf(TypeError);
    expect(messages).toEqual([]);
  });
});

describe('timeout (spec 9: 60000 ms)', () => {
  it('aborts after 60 s with NetworkError timeout, not before', async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    configureApiClient({ fetch });
    let settled: unknown = 'pending';
    const p = post('/slow', {}, { loadingText: 'Loading…' }).catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(settled).toBeInstanceOf(NetworkError);
    expect((settled as NetworkError).kind).toBe('timeout');
    expect(loading).toEqual(['Loading…', null]);
    expect(messages).toEqual([]);
  });

  it('honours a configured timeout', async () => {
    vi.useFakeTimers();
    configureApiClient({ fetch: hangingFetch(), timeoutMs: 5000 });
    const p = get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(p).resolves.toMatchObject({ kind: 'timeout' });
  });

  it('a caller abort rejects with the abort reason, not a NetworkError', async () => {
    configureApiClient({ fetch: hangingFetch() });
    const ctrl = new AbortController();
    const p = get('/slow', {}, { signal: ctrl.signal });
    ctrl.abort();
    const e = await p.catch((x: unknown) => x);
    expect(e).not.toBeInstanceOf(NetworkError);
    expect((e as DOMException).name).toBe('AbortError');
    const already = await get('/x', {}, { signal: AbortSignal.abort() }).catch((x: unknown) => x);
    expect((already as DOMException).name).toBe('AbortError');
  });
});

describe('loading text (spec 7.1)', () => {
  it('shows and hides around the call; hides before the message is reported', async () => {
    const order: string[] = [];
    const f = fakeFetch({ body: { code: '01', data: null, message: 'Oops' } });
    configureApiClient({
      fetch: f.fetch,
      onLoading: (t) => order.push(`loading:${String(t)}`),
      onMessage: (m) => order.push(`message:${m}`),
    });
    await post('/a', {}, { loadingText: 'Memuat…' });
    expect(order).toEqual(['loading:Memuat…', 'loading:null', 'message:Oops']);
  });

  it('hides on a failure too', async () => {
    configureApiClient({ fetch: fakeFetch(new TypeError('x')).fetch });
    await expect(get('/a', {}, { loadingText: 'L' })).rejects.toBeInstanceOf(NetworkError);
    expect(loading).toEqual(['L', null]);
  });

  it('does not touch the indicator without a loading text', async () => {
    configureApiClient({ fetch: fakeFetch().fetch });
    await post('/a');
    expect(loading).toEqual([]);
  });

  it('hides only when the last of several calls ends', async () => {
    let release: (() => void)[] = [];
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release.push(() => resolve(new Response('{"code":"00","data":null,"message":""}')));
        }),
    ) as unknown as typeof globalThis.fetch;
    configureApiClient({ fetch });
    const a = post('/a', {}, { loadingText: 'A' });
    const b = post('/b', {}, { loadingText: 'B' });
    await vi.waitFor(() => expect(release).toHaveLength(2));
    const [ra, rb] = release;
    release = [];
    ra?.();
    await a;
    expect(loading).toEqual(['A', 'B']);
    rb?.();
    await b;
    expect(loading).toEqual(['A', 'B', null]);
  });
});

describe('postJson (spec 7.1 JSON client)', () => {
  it('sends JSON with the headers and returns only the body', async () => {
    const f = fakeFetch({ body: { code: '00', data: { url: 'x' }, message: '' } }, { body: { anything: true } });
    configureApiClient({ fetch: f.fetch });
    await expect(postJson('/market/v3/product/apply', { product_id: 1 })).resolves.toEqual({
      code: '00',
      data: { url: 'x' },
      message: '',
    });
    expect(f.calls[0]?.body).toBe('{"product_id":1}');
    expect(f.calls[0]?.headers['content-type']).toBe('application/json');
    expect(f.calls[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(f.calls[0]?.headers['x-lv-token']).toBe('TOKEN1');
    expect(f.calls[0]?.url.searchParams.get('dId')).toBe('DEVICE1');
    await expect(postJson('/other', {})).resolves.toEqual({ anything: true });
  });

  it('reports a non-success envelope body and throws on a non-JSON one', async () => {
    const f = fakeFetch({ body: { code: '01', data: null, message: 'Full today' } }, { raw: 'nope' });
    configureApiClient({ fetch: f.fetch });
    await postJson('/a', {});
    expect(messages).toEqual(['Full today']);
    await expect(postJson('/b', {})).rejects.toMatchObject({ kind: 'bad-response' });
  });
});

describe('headers option (operator pages)', () => {
  it('adds the caller headers to get, post and postJson, after the standard ones', async () => {
    const ok = { body: { code: '00', data: null, message: '' } };
    const f = fakeFetch(ok, ok, ok);
    configureApiClient({ fetch: f.fetch });
    const headers = { Authorization: 'Bearer abc' };
    await get('/ops/api/templates', undefined, { headers });
    await post('/ops/api/logout', {}, { headers });
    await postJson('/ops/api/templates/save', { id: 1 }, { headers });
    for (const c of f.calls) {
      expect(c.headers['authorization']).toBe('Bearer abc');
      expect(c.headers['x-requested-with']).toBe('XMLHttpRequest');
    }
    expect(f.calls[2]?.headers['content-type']).toBe('application/json');
  });
});
