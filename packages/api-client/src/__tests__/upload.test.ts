import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../config.ts';
import { NetworkError } from '../errors.ts';
import { upload } from '../http.ts';
import { captureSharedParams } from '../shared-params.ts';

/** A scripted XMLHttpRequest: the test drives progress and the outcome. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

let messages: string[];
let loading: (string | null)[];
beforeEach(() => {
  messages = [];
  loading = [];
  FakeXhr.last = undefined;
  captureSharedParams('?tok=T&dId=D');
  configureApiClient({
    XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
    onMessage: (m) => messages.push(m),
    onLoading: (t) => loading.push(t),
    language: () => 'en',
  });
});

const xhr = () => {
  if (!FakeXhr.last) throw new Error('no request');
  return FakeXhr.last;
};

describe('upload', () => {
  it('posts the form data with query, headers and timeout, reports progress and returns the envelope', async () => {
    const fd = new FormData();
    fd.append('problemImage', new Blob(['x']), 'a.jpg');
    const progress: number[] = [];
    const p = upload('/user-problem/upload-problem-img', fd, {
      onProgress: (f) => progress.push(f),
      loadingText: 'Uploading',
    });
    const r = xhr();
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/user-problem/upload-problem-img?dId=D&tok=T');
    expect(r.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'X-Lv-Token': 'T',
      'X-Lv-Device': 'D',
      'Accept-Language': 'en',
      'X-Request-Id': expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
    });
    expect(r.timeout).toBe(60_000);
    expect(r.body).toBe(fd);
    r.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    r.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    r.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    r.respond(200, '{"code":"00","data":{"url":"/files/a.jpg"},"message":""}');
    await expect(p).resolves.toEqual({ code: '00', data: { url: '/files/a.jpg' }, message: '' });
    expect(progress).toEqual([0.25, 1, 1]);
    expect(loading).toEqual(['Uploading', null]);
  });

  it('reports a non-success envelope and still returns it', async () => {
    const p = upload('/u', new FormData());
    xhr().respond(413, '{"code":"PAYLOAD_TOO_LARGE","data":null,"message":"File too large"}');
    await expect(p).resolves.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(messages).toEqual(['File too large']);
  });

  it('fails with NetworkError on error, timeout and a non-JSON body', async () => {
    const p1 = upload('/u', new FormData());
    xhr().onerror?.();
    await expect(p1).rejects.toMatchObject({ kind: 'network' });
    const p2 = upload('/u', new FormData(), { loadingText: 'L' });
    xhr().ontimeout?.();
    const e2 = await p2.catch((e: unknown) => e);
    expect(e2).toBeInstanceOf(NetworkError);
    expect((e2 as NetworkError).kind).toBe('timeout');
    const p3 = upload('/u', new FormData());
    xhr().respond(502, 'Bad gateway');
    await expect(p3).rejects.toMatchObject({ kind: 'bad-response', status: 502 });
    expect(messages).toEqual([]);
    expect(loading).toEqual(['L', null]);
  });

  it('aborts through the signal', async () => {
    const ctrl = new AbortController();
    const p = upload('/u', new FormData(), { signal: ctrl.signal });
    ctrl.abort();
    expect(xhr().aborted).toBe(true);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });
});
