import * as routes from '@lendview/contracts/routes';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../config.ts';
import { call } from '../endpoints.ts';
import { NetworkError } from '../errors.ts';
import { captureSharedParams } from '../shared-params.ts';
import { fakeFetch } from './helpers.ts';

// Issue 40 item 1: the copies of one tap share an Idempotency-Key until an answer arrives.
const confirm = { amount: 1_000_000, periods: 1, termUnit: 1, productId: 7, loanType: 1 } as never;
const keyOf = (f: ReturnType<typeof fakeFetch>, i: number) => f.calls[i]?.headers['idempotency-key'];

beforeEach(() => {
  captureSharedParams('?dId=D1&tok=T1');
  configureApiClient({ onMessage: () => undefined });
});

describe('idempotency keys of money and loan writes', () => {
  it('a retry after a lost answer sends the same key; after an answer, the same details are a new write', async () => {
    const f = fakeFetch(
      new TypeError('Failed to fetch'),
      { body: { code: '00', data: {}, message: '' } },
      { body: { code: '00', data: {}, message: '' } },
    );
    configureApiClient({ fetch: f.fetch });
    await expect(call(routes.loanDetailPush, confirm)).rejects.toBeInstanceOf(NetworkError);
    await call(routes.loanDetailPush, confirm);
    await call(routes.loanDetailPush, confirm);
    expect(keyOf(f, 0)).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(keyOf(f, 1)).toBe(keyOf(f, 0));
    expect(keyOf(f, 2)).not.toBe(keyOf(f, 0));
  });

  it('a double tap (two copies in flight) sends one key; other details another', async () => {
    const f = fakeFetch();
    configureApiClient({ fetch: f.fetch });
    await Promise.all([call(routes.loanDetailPush, confirm), call(routes.loanDetailPush, confirm)]);
    await Promise.all([
      call(routes.loanDetailPush, confirm),
      call(routes.loanDetailPush, { ...(confirm as object), amount: 2_000_000 } as never),
    ]);
    expect(keyOf(f, 1)).toBe(keyOf(f, 0));
    expect(keyOf(f, 3)).not.toBe(keyOf(f, 2));
  });

  it('a refusal is an answer too: the next tap is a new write', async () => {
    const f = fakeFetch(
      { status: 409, body: { code: 'CONFLICT', data: null, message: 'No' } },
      { body: { code: '00', data: {}, message: '' } },
    );
    configureApiClient({ fetch: f.fetch });
    await call(routes.repaymentCommit, { orderNo: 'A' } as never);
    await call(routes.repaymentCommit, { orderNo: 'A' } as never);
    expect(keyOf(f, 1)).not.toBe(keyOf(f, 0));
  });

  it('reads and other writes carry no key', async () => {
    const f = fakeFetch();
    configureApiClient({ fetch: f.fetch });
    await call(routes.loanDetails, { orderNo: 'A' } as never);
    await call(routes.qaRecord, { question: 'q' } as never);
    expect(keyOf(f, 0)).toBeUndefined();
    expect(keyOf(f, 1)).toBeUndefined();
  });
});
