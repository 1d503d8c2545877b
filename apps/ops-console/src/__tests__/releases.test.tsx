import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, signIn, stubConsole } from '../test/render.tsx';

// Issue 16 item 4: the console's Releases page: real-user signals per remote version.

const PATH = '/ops/api/console/releases';
const NUMBERS = { errorViews: 0, lcpSamples: 0, inpSamples: 0, clsSamples: 0 };
const LIVE = {
  ...NUMBERS,
  app: 'loan-details',
  version: '0.2.0',
  live: true,
  canary: null,
  publishedAt: '2026-11-20T03:00:00.000Z',
  views: 1200,
  errors: 3,
  errorViews: 3,
  errorRate: 0.0025,
  lcpP75: 1850,
  lcpSamples: 900,
  inpP75: 240,
  inpSamples: 400,
  clsP75: 0.02,
  clsSamples: 850,
  topErrors: [
    {
      message: "TypeError: Cannot read properties of undefined (reading 'amount')",
      count: 3,
      lastAt: '2026-11-26T08:15:00.000Z',
      frames: [
        { file: 'src/pages/LoanDetailsPage.tsx', line: 42, column: 17, name: 'formatDue' },
        { file: '/assets/react-dom-x.js', line: 1, column: 999, name: null },
      ],
    },
  ],
};
const CANARY = {
  ...NUMBERS,
  app: 'loan-details',
  version: '0.3.0',
  live: false,
  canary: 10,
  publishedAt: '2026-11-26T02:00:00.000Z',
  views: 0,
  errors: 0,
  errorRate: null,
  lcpP75: null,
  inpP75: null,
  clsP75: null,
  topErrors: [],
};
const MARKETING = {
  ...CANARY,
  app: 'marketing',
  version: '0.1.0',
  live: true,
  canary: null,
  views: 10,
  errorRate: 0,
  lcpP75: 4100,
  lcpSamples: 8,
};
const answer = (hours = 24) => ok({ since: '2026-11-25T09:00:00.000Z', hours, versions: [LIVE, CANARY, MARKETING] });

beforeEach(() => signIn());

describe('/ops/releases', () => {
  it('lists each app with its versions: live marked, views, error rate, vitals rated, top errors with their original source', async () => {
    const api = stubConsole({ [PATH]: (b) => answer(Number(b.hours)) });
    await renderApp('/ops/releases');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Releases');
    const loan = await screen.findByRole('region', { name: 'loan-details' });
    expect(api.to(PATH)[0]!.body).toEqual({ hours: '24' });
    expect(screen.getByText('Since 2026-11-25 16:00:00 (Jakarta time)')).toBeTruthy();

    const live = within(loan).getByRole('region', { name: 'loan-details 0.2.0' });
    expect(within(live).getByText('Live')).toBeTruthy();
    expect(within(live).getByText('1,200')).toBeTruthy();
    expect(within(live).getByText('0.3% (3 errors)')).toBeTruthy();
    expect(within(live).getByText('1,850 ms')).toBeTruthy();
    expect(within(live).getByText('good · 900 samples')).toBeTruthy();
    expect(within(live).getByText('0.02')).toBeTruthy();
    expect(within(live).getByText('good · 850 samples')).toBeTruthy();
    expect(within(live).getByText('240 ms')).toBeTruthy();
    expect(within(live).getByText('needs improvement · 400 samples')).toBeTruthy();
    expect(within(live).getByText('Most frequent errors')).toBeTruthy();
    expect(within(live).getByText("TypeError: Cannot read properties of undefined (reading 'amount')")).toBeTruthy();
    expect(within(live).getByText('3×')).toBeTruthy();
    expect(within(live).getByText('last 2026-11-26 15:15:00')).toBeTruthy();
    const frames = within(live).getByRole('list', { name: 'Where (original source)' });
    expect(frames.textContent).toContain('src/pages/LoanDetailsPage.tsx:42:17 formatDue');
    // Only frames mapped to a source file: the shell's react-dom frame is left out.
    expect(frames.textContent).not.toContain('react-dom');
    expect(within(frames).getAllByRole('listitem')).toHaveLength(1);

    const canary = within(loan).getByRole('region', { name: 'loan-details 0.3.0' });
    expect(within(canary).queryByText('Live')).toBeNull();
    expect(within(canary).getByText('Canary · 10% of borrowers')).toBeTruthy();
    expect(within(live).queryByText(/Canary/)).toBeNull();
    expect(within(canary).getAllByText('No data')).toHaveLength(4);
    expect(within(canary).getByText('No errors in this period.')).toBeTruthy();

    const marketing = screen.getByRole('region', { name: 'marketing 0.1.0' });
    expect(within(marketing).getByText('4,100 ms')).toBeTruthy();
    expect(within(marketing).getByText('poor · 8 samples')).toBeTruthy();
    expect(within(marketing).getByText('0% (0 errors)')).toBeTruthy();

    // Another period.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.to(PATH).at(-1)!.body).toEqual({ hours: '168' }));
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a running canary in Indonesian', async () => {
    stubConsole({ [PATH]: () => answer() });
    await renderApp('/ops/releases', { lang: 'id' });
    const canary = await screen.findByRole('region', { name: 'loan-details 0.3.0' });
    expect(within(canary).getByText('Canary · 10% peminjam')).toBeTruthy();
  });

  it('is reached from the console frame, in Indonesian too, and says so when there is nothing', async () => {
    stubConsole({ [PATH]: () => ok({ since: '2026-11-25T09:00:00.000Z', hours: 24, versions: [] }) });
    await renderApp('/ops/releases', { lang: 'id' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rilis');
    expect(screen.getByRole('link', { name: 'Rilis' }).getAttribute('aria-current')).toBe('page');
    await screen.findByText('Tidak ada versi remote yang aktif dan tidak ada yang melapor dalam periode ini.');
    expect(screen.getByRole('button', { name: '24 jam terakhir' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('one error, one sample: singular', async () => {
    const one = { ...LIVE, views: 4, errors: 1, errorViews: 1, errorRate: 0.25, inpSamples: 1 };
    stubConsole({ [PATH]: () => ok({ since: '2026-11-25T09:00:00.000Z', hours: 24, versions: [one] }) });
    await renderApp('/ops/releases');
    await screen.findByText('25% (1 error)');
    expect(screen.getByText('needs improvement · 1 sample')).toBeTruthy();
  });

  it('without a source map for the version, the first two frames as served', async () => {
    const served = [1, 2, 3].map((n) => ({ file: `/remotes/loan-details/0.2.0/assets/x-${n}.js`, line: 1, column: n, name: null }));
    const unmapped = { ...LIVE, topErrors: [{ ...LIVE.topErrors[0]!, frames: served }] };
    stubConsole({ [PATH]: () => ok({ since: '2026-11-25T09:00:00.000Z', hours: 24, versions: [unmapped] }) });
    await renderApp('/ops/releases');
    const frames = await screen.findByRole('list', { name: 'Where (original source)' });
    expect(
      within(frames)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['/remotes/loan-details/0.2.0/assets/x-1.js:1:1', '/remotes/loan-details/0.2.0/assets/x-2.js:1:2']);
  });

  it('a failed read says why and retries', async () => {
    let n = 0;
    stubConsole({ [PATH]: () => (n++ === 0 ? fail('The service is busy. Please try again.', 'INTERNAL') : answer()) });
    await renderApp('/ops/releases');
    await screen.findByText('The service is busy. Please try again.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('region', { name: 'loan-details 0.2.0' });
  });
});
