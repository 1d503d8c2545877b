// The shell's server render loop (server.tsx, issue 14): passes until no screen waits for data, and a call that
// fails is left to the browser. The API's side (streaming, budget, identity) is apps/api/test/ssr.test.ts; the real
// build renders and hydrates in e2e/tests/ssr.spec.ts.
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { configureServer, render } from './server.tsx';
import type { RemoteEntry } from './remotes/manifest.ts';

const remote: RemoteEntry = {
  name: 'probe',
  app: 'probe',
  version: '1.0.0',
  entry: '/remotes/probe/1.0.0/mf-manifest.json',
  routes: ['/probe'],
};
const manifest = { remotes: [remote] };
const asked: string[] = [];

/** Loan details' shape: the loan first, then a probe that only makes sense once the loan is known, and that fails. */
function ProbePage() {
  const loan = useQuery({
    queryKey: ['loan'],
    queryFn: async () => {
      asked.push('loan');
      return { amount: 2_613_750 };
    },
  });
  const probe = useQuery({
    queryKey: ['probe', loan.data?.amount],
    enabled: loan.data !== undefined,
    queryFn: async (): Promise<string> => {
      asked.push('probe');
      throw new Error('This order is not an instalment loan.');
    },
  });
  return (
    <main>
      <p>loan {loan.data?.amount ?? 'loading'}</p>
      <p>probe {probe.isError ? 'failed' : probe.isPending ? 'loading' : probe.data}</p>
    </main>
  );
}

configureServer({ fetch: () => Promise.reject(new Error('no call leaves this test')) });

afterEach(() => {
  asked.length = 0;
});

describe('server render loop', () => {
  it('a failed call is asked once, dropped at once, and the page shows it loading as the browser will: three passes, not four', async () => {
    const out = await render({
      url: '/probe',
      lang: 'en',
      manifest,
      remote,
      module: { default: ProbePage },
      signal: new AbortController().signal,
    });
    expect(out.html).toContain('loan <!-- -->2613750');
    expect(out.html).toContain('probe <!-- -->loading');
    expect(out.html).not.toContain('failed');
    expect(asked).toEqual(['loan', 'probe']);
    // Pass 1 asks for the loan, pass 2 for the probe, pass 3 renders both (the probe as loading).
    expect(out.passes).toBe(3);
    // Only the loan goes to the browser; the browser asks the probe itself.
    expect(out.queries.queries.map((q) => q.queryKey)).toEqual([['loan']]);
  });

  it('an aborted render (over the budget) stops before its next pass', async () => {
    const abort = new AbortController();
    abort.abort(new Error('over the budget'));
    await expect(
      render({ url: '/probe', lang: 'en', manifest, remote, module: { default: ProbePage }, signal: abort.signal }),
    ).rejects.toThrow('over the budget');
  });
});
