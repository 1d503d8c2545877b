import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../config.ts';
import { get, post, postJson, upload } from '../http.ts';
import { captureSharedParams } from '../shared-params.ts';
import { fakeFetch } from './helpers.ts';

const EXPIRED = { code: 'UNAUTHORIZED', data: null, message: 'Your session has expired. Please log in again.' };

let messages: string[];
let ended: { code: string | number; message: string }[];

beforeEach(() => {
  messages = [];
  ended = [];
  captureSharedParams('?tok=old');
  configureApiClient({ onMessage: (m) => messages.push(m), onUnauthorized: (e) => ended.push(e) });
});

describe('the 401 hook (issue 12 item 10)', () => {
  it('post, get and postJson: an UNAUTHORIZED envelope goes to onUnauthorized, not to the toast; the caller still gets it', async () => {
    const f = fakeFetch({ status: 401, body: EXPIRED }, { status: 401, body: EXPIRED }, { status: 401, body: EXPIRED });
    configureApiClient({ fetch: f.fetch });
    expect(await post('/v3/loan-details/detail', {})).toEqual(EXPIRED);
    expect(await get('/v3/contract/contract', {})).toEqual(EXPIRED);
    expect(await postJson('/user-problem/x', {})).toEqual(EXPIRED);
    expect(ended).toEqual([0, 1, 2].map(() => ({ code: 'UNAUTHORIZED', message: EXPIRED.message })));
    expect(messages).toEqual([]);
  });

  it('silent calls end the session too (their own error display would be a dead Retry)', async () => {
    const f = fakeFetch({ status: 401, body: EXPIRED });
    configureApiClient({ fetch: f.fetch });
    await post('/api/v1/lendview/service/loan/repayment-way', {}, { silent: true });
    expect(ended).toHaveLength(1);
  });

  it('an HTTP 401 with another envelope code counts as well', async () => {
    const f = fakeFetch({ status: 401, body: { code: 401, data: null, message: 'expired' } });
    configureApiClient({ fetch: f.fetch });
    await post('/v3/x', {});
    expect(ended).toEqual([{ code: 401, message: 'expired' }]);
  });

  it('not for other failures, operator calls, calls with their own Authorization, or sessionGuard: false', async () => {
    const f = fakeFetch(
      { status: 404, body: { code: 'NOT_FOUND', data: null, message: 'Not found' } },
      { status: 401, body: EXPIRED },
      { status: 401, body: EXPIRED },
      { status: 401, body: EXPIRED },
    );
    configureApiClient({ fetch: f.fetch });
    await post('/v3/x', {});
    await post('/ops/api/login', {});
    await get('/v3/y', {}, { headers: { authorization: 'Bearer t' } });
    await post('/v3/z', {}, { sessionGuard: false });
    expect(ended).toEqual([]);
    expect(messages).toEqual(['Not found', EXPIRED.message, EXPIRED.message, EXPIRED.message]);
  });

  it('without a hook the message is shown as before', async () => {
    configureApiClient({ onUnauthorized: undefined, fetch: fakeFetch({ status: 401, body: EXPIRED }).fetch });
    await post('/v3/x', {});
    expect(messages).toEqual([EXPIRED.message]);
  });

  it('upload: the same', async () => {
    class Xhr {
      status = 401;
      responseText = JSON.stringify(EXPIRED);
      upload = {};
      timeout = 0;
      onload?: () => void;
      open() {}
      setRequestHeader() {}
      abort() {}
      send() {
        queueMicrotask(() => this.onload?.());
      }
    }
    configureApiClient({ XMLHttpRequest: Xhr as unknown as typeof XMLHttpRequest });
    await upload('/user-problem/upload-problem-img', new FormData());
    expect(ended).toHaveLength(1);
  });

  it('a throwing hook does not break the call', async () => {
    configureApiClient({
      onUnauthorized: vi.fn(() => {
        throw new Error('x');
      }),
      fetch: fakeFetch({ status: 401, body: EXPIRED }).fetch,
    });
    await expect(post('/v3/x', {})).resolves.toEqual(EXPIRED);
  });
});
