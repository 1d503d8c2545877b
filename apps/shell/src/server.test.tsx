// The shell's server render loop (server.tsx, issue 14): passes until no screen waits for data, and a call that
// fails is left to the browser. The API's side (streaming, budget, identity) is apps/api/test/ssr.test.ts; the real
// build renders and hydrates in e2e/tests/ssr.spec.ts.
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { configureServer, render, renderStandalone } from './server.tsx';
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
      module: { default: ProbePage, messages: {} },
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
      render({ url: '/probe', lang: 'en', manifest, remote, module: { default: ProbePage, messages: {} }, signal: abort.signal }),
    ).rejects.toThrow('over the budget');
  });
});

/** A remote's screen with its own text, as every version of a remote has (issue 33). */
function TitlePage() {
  const { t } = useTranslation('probe');
  const slow = useQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((r) => setTimeout(() => r('data'), 5)) });
  return (
    <h1>
      {t('title')} {slow.data ?? 'loading'}
    </h1>
  );
}

/** The probe remote at `version`, whose title reads `title` in English and `judul` in Indonesian. */
function probeVersion(version: string, title: string, judul: string) {
  return {
    remote: { ...remote, version, entry: `/remotes/probe/${version}/mf-manifest.json` },
    module: { default: TitlePage, messages: { probe: { en: { title }, id: { title: judul } } } },
  };
}

describe('versions never bleed (issue 33)', () => {
  it('the live version, its preview and a canary rendered at the same time each show their own text in their language', async () => {
    const live = probeVersion('0.2.0', 'Live title', 'Judul aktif');
    const preview = probeVersion('0.3.0', 'Preview title', 'Judul pratinjau');
    const canary = probeVersion('0.5.0', 'Canary title', 'Judul kenari');
    const signal = new AbortController().signal;
    const page = (v: ReturnType<typeof probeVersion>, lang: 'en' | 'id') =>
      render({ url: '/probe', lang, manifest: { remotes: [v.remote] }, ...v, signal }).then((out) => out.html);
    // Interleaved: every render waits for data between its passes, so the others' passes run in between.
    const pages = await Promise.all([page(live, 'en'), page(preview, 'en'), page(canary, 'id'), page(live, 'id'), page(live, 'en')]);
    expect(pages.map((html) => /<h1>(.*?)<\/h1>/.exec(html)?.[1])).toEqual([
      'Live title<!-- --> <!-- -->data',
      'Preview title<!-- --> <!-- -->data',
      'Judul kenari<!-- --> <!-- -->data',
      'Judul aktif<!-- --> <!-- -->data',
      'Live title<!-- --> <!-- -->data',
    ]);
  });

  it('after a rollback, the next render shows the live version again, in the same process', async () => {
    const rolledBack = probeVersion('0.5.0', 'New title', 'Judul baru');
    const live = probeVersion('0.2.0', 'Old title', 'Judul lama');
    const signal = new AbortController().signal;
    await render({ url: '/probe', lang: 'en', manifest: { remotes: [rolledBack.remote] }, ...rolledBack, signal });
    const out = await render({ url: '/probe', lang: 'en', manifest: { remotes: [live.remote] }, ...live, signal });
    expect(out.html).toContain('<h1>Old title<!-- -->');
    expect(out.html).not.toContain('New title');
  });

  it('a version whose server entry exports no messages (built before) is not rendered: the page goes client-rendered', async () => {
    await expect(
      render({ url: '/probe', lang: 'en', manifest, remote, module: { default: TitlePage }, signal: new AbortController().signal }),
    ).rejects.toThrow('probe 1.0.0: its server entry exports no messages');
  });
});

/** A standalone page (the ad landing's shape): its data, the page's language and its address, under AppProviders. */
function LandingProbe() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const template = useQuery({
    queryKey: ['template', location.search],
    queryFn: async () => {
      asked.push(`template ${location.search}`);
      return { headline: 'Loans in 2 hours' };
    },
  });
  return <h1 data-lang={i18n.language}>{template.data?.headline ?? 'loading'}</h1>;
}

describe('server render of a standalone page (/landing)', () => {
  it("renders the component under the standalone providers at the page's address and language, with its data, and sends the data", async () => {
    const out = await renderStandalone({
      url: '/landing?templateId=1',
      lang: 'en',
      component: LandingProbe,
      messages: {},
      signal: new AbortController().signal,
    });
    expect(out.html).toBe('<h1 data-lang="en">Loans in 2 hours</h1>');
    expect(asked).toEqual(['template ?templateId=1']);
    expect(out.passes).toBe(2);
    expect(out.queries.queries.map((q) => q.queryKey)).toEqual([['template', '?templateId=1']]);
  });

  it('in Indonesian, and an aborted render stops before its next pass', async () => {
    const id = await renderStandalone({
      url: '/landing',
      lang: 'id',
      component: LandingProbe,
      messages: {},
      signal: new AbortController().signal,
    });
    expect(id.html).toContain('data-lang="id"');
    const abort = new AbortController();
    abort.abort(new Error('over the budget'));
    await expect(
      renderStandalone({ url: '/landing', lang: 'en', component: LandingProbe, messages: {}, signal: abort.signal }),
    ).rejects.toThrow('over the budget');
  });
});
