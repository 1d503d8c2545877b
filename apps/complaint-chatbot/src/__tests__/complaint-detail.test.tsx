import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@lendview/contracts';
import { setSharedParams } from '@lendview/api-client';
import type { ProblemDetail } from '../api/problem-detail.ts';
import { PATHS, SIGNED_A, SIGNED_B, problemDetail } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderApp, stubApi, toastText } from '../test/render.tsx';

const DETAIL = '/complainDetails?problemId=7';

/** Opens the detail with fake timers; the answer arrives when the test says, so the 3 s count from there. */
async function openWithClock(data: ProblemDetail, extra: Record<string, Handler> = {}, lang: 'en' | 'id' = 'en', later?: ProblemDetail) {
  let answer!: (e: Envelope<unknown>) => void;
  let loads = 0;
  const api = stubApi({
    // The first load answers when the test says; later loads (after a rating) answer `later` at once.
    [PATHS.detail]: () => (loads++ === 0 ? new Promise((r) => (answer = r)) : ok(later ?? data)),
    ...extra,
  });
  await renderApp(DETAIL, { lang });
  await waitFor(() => expect(api.to(PATHS.detail)).toHaveLength(1));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  await act(async () => {
    answer(ok(data));
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(screen.getByTestId('detail-type')).toBeTruthy();
  return api;
}

describe('/complainDetails: what it shows', () => {
  it('type and sub-type, content with its counter, photos, and the answer with agent and photos', async () => {
    const api = stubApi({ [PATHS.detail]: ok(problemDetail({ isScore: 0 })) });
    setSharedParams({ tok: 'tok-1' });
    await renderApp(DETAIL);
    await screen.findByTestId('detail-type');
    expect(api.to(PATHS.detail)[0]!.body).toEqual({ problemId: '7' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Complaint details']);
    expect(screen.getByTestId('detail-type').textContent).toBe('Collection · Harassing calls or messages');
    expect(screen.getByText('A collector called me ten times today.')).toBeTruthy();
    expect(screen.getByTestId('detail-counter').textContent).toBe('38/200');
    expect(screen.getByText('Processed')).toBeTruthy();
    const mine = within(screen.getByRole('list', { name: 'Your photos' })).getAllByRole('button');
    expect(mine.map((b) => b.getAttribute('aria-label'))).toEqual(['View photo 1 of 2', 'View photo 2 of 2']);
    // The API's signed URLs as they are: no session added (the server's HTML shows the same src).
    expect(mine.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual([SIGNED_A, SIGNED_B]);
    for (const img of document.querySelectorAll('img')) expect(img.getAttribute('src') ?? '').not.toMatch(/tok/);
    expect(screen.getByText('Answered by Customer care')).toBeTruthy();
    expect(screen.getByText('We have warned the collection agency and stopped the calls.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Photos from our team' })).getAllByRole('button')).toHaveLength(1);
    setSharedParams({ tok: undefined });
  });

  it('a photo opens larger in a dialog', async () => {
    stubApi({ [PATHS.detail]: ok(problemDetail({ isScore: 0 })) });
    await renderApp(DETAIL);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View photo 2 of 2' }));
    const viewer = screen.getByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(viewer).getByRole('img', { name: 'Photo 2 of 2' }).getAttribute('src')).toBe(SIGNED_B);
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('not answered yet: being processed, and the promise to reply within 3 working days', async () => {
    stubApi({
      [PATHS.detail]: ok(problemDetail({ state: 'processing', disposeDetail: '', disposeAgent: '', disposeImages: [], isScore: 0 })),
    });
    await renderApp(DETAIL);
    expect(await screen.findByText('Your complaint is being processed.')).toBeTruthy();
    expect(screen.getByText('We will reply within 3 working days')).toBeTruthy();
    expect(screen.queryByText(/Answered by/)).toBeNull();
  });

  it('the promise in Indonesian', async () => {
    stubApi({
      [PATHS.detail]: ok(problemDetail({ state: 'processing', disposeDetail: '', disposeAgent: '', disposeImages: [], isScore: 0 })),
    });
    await renderApp(DETAIL, { lang: 'id' });
    expect(await screen.findByText('Kami akan membalas dalam 3 hari kerja')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Detail pengaduan']);
  });

  it("another borrower's complaint (not found) says it could not be found", async () => {
    stubApi({ [PATHS.detail]: fail('Complaint not found') });
    await renderApp('/complainDetails?problemId=999');
    expect(await screen.findByText('This complaint could not be found.')).toBeTruthy();
    expect(toastText()).toBe('Complaint not found');
  });
});

describe('/complainDetails: the rating dialog', () => {
  it('appears 3 s after load when isScore is non-zero', async () => {
    await openWithClock(problemDetail({ isScore: 1 }));
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const dialog = screen.getByRole('dialog', { name: 'Rate our reply' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('does not appear when isScore is 0', async () => {
    await openWithClock(problemDetail({ isScore: 0 }));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("Send with no star says 'Silakan pilih' and sends nothing", async () => {
    const api = await openWithClock(problemDetail({ isScore: 1 }), {}, 'id');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    vi.useRealTimers();
    const dialog = screen.getByRole('dialog', { name: 'Beri nilai balasan kami' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Kirim' }));
    expect(toastText()).toBe('Silakan pilih');
    expect(api.to(PATHS.score)).toHaveLength(0);
  });

  it("'Please select' in English", async () => {
    const api = await openWithClock(problemDetail({ isScore: 2 }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    vi.useRealTimers();
    await userEvent.setup().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(toastText()).toBe('Please select');
    expect(api.to(PATHS.score)).toHaveLength(0);
  });

  it('Send posts score and problemId; success closes it and it does not come back', async () => {
    // Once rated, the server no longer asks (isScore 0).
    const api = await openWithClock(
      problemDetail({ isScore: 1 }),
      { [PATHS.score]: ok({ saved: true }) },
      'en',
      problemDetail({ isScore: 0 }),
    );
    await act(() => vi.advanceTimersByTimeAsync(3000));
    // The fake clock stays (moving with real time too, for the clicks and the answers), so that the 3 s rating timer,
    // were it started again after the reload, would fire within the advance below.
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const dialog = screen.getByRole('dialog', { name: 'Rate our reply' });
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to(PATHS.score).map((c) => c.body)).toEqual([{ score: '4', problemId: '7' }]);
    expect(toastText()).toBe('Thank you for your rating.');
    // The detail is loaded again and the dialog stays away, however long the page stays open.
    await waitFor(() => expect(api.to(PATHS.detail)).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed send keeps the dialog open', async () => {
    await openWithClock(problemDetail({ isScore: 1 }), { [PATHS.score]: fail('Already rated', 'BAD_REQUEST') });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    vi.useRealTimers();
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '2 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toastText()).toBe('Already rated'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('Cancel closes it for this visit', async () => {
    await openWithClock(problemDetail({ isScore: 1 }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    vi.useRealTimers();
    await userEvent.setup().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
