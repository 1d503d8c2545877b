import { describe, expect, it } from 'vitest';
import { sharedRead } from '../src/lib/shared-read.ts';

// lib/shared-read.ts: callers that arrive together share one read, and none gets the answer of a read that started
// before it called (a change committed in between would be missed: docs/operations.md promises "at once").

/** A read whose answers the test hands out one by one. */
function controlledReads() {
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  let started = 0;
  return {
    read: () =>
      new Promise<string>((resolve, reject) => {
        started += 1;
        pending.push({ resolve, reject });
      }),
    started: () => started,
    answer: (i: number, v: string) => pending[i]!.resolve(v),
    fail: (i: number, e: Error) => pending[i]!.reject(e),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('sharedRead', () => {
  it('callers arriving while a read runs wait for the next read, which starts when it ends and serves them all', async () => {
    const owner = {};
    const r = controlledReads();
    const first = sharedRead(owner, 'k', r.read);
    const later = Array.from({ length: 19 }, () => sharedRead(owner, 'k', r.read));
    expect(r.started()).toBe(1);
    r.answer(0, 'before the change');
    expect(await first).toBe('before the change');
    await tick();
    expect(r.started()).toBe(2);
    r.answer(1, 'after the change');
    expect(await Promise.all(later)).toEqual(Array(19).fill('after the change'));
    expect(r.started()).toBe(2);
  });

  it('a caller after everything settled starts a read of its own at once', async () => {
    const owner = {};
    const r = controlledReads();
    const one = sharedRead(owner, 'k', r.read);
    r.answer(0, 'a');
    await one;
    await tick();
    const two = sharedRead(owner, 'k', r.read);
    expect(r.started()).toBe(2);
    r.answer(1, 'b');
    expect(await two).toBe('b');
  });

  it('a failed read fails its own callers only; those waiting get the next read', async () => {
    const owner = {};
    const r = controlledReads();
    const first = sharedRead(owner, 'k', r.read);
    const waiting = sharedRead(owner, 'k', r.read);
    r.fail(0, new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    r.answer(1, 'fresh');
    expect(await waiting).toBe('fresh');
  });

  it('keys and owners are separate', async () => {
    const [a, b] = [{}, {}];
    const r = controlledReads();
    const reads = [sharedRead(a, 'k', r.read), sharedRead(a, 'other', r.read), sharedRead(b, 'k', r.read)];
    expect(r.started()).toBe(3);
    r.answer(0, 'a-k');
    r.answer(1, 'a-other');
    r.answer(2, 'b-k');
    expect(await Promise.all(reads)).toEqual(['a-k', 'a-other', 'b-k']);
  });
});
