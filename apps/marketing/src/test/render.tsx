// The shared harness (@lendview/test-utils) with this remote's own fetch stub (only the contact-info call).
import { vi } from 'vitest';
import type { Lang } from '@lendview/i18n';
import { renderApp as renderInShell } from '@lendview/test-utils';
import App from '../App.tsx';

export { setLang } from '@lendview/test-utils';

export const OFFICER = {
  name: 'Meera Iyer',
  phone: '+91 22 6000 7000',
  email: 'grievance@lendview.test',
  address: '2 Bank Street, Fort, Mumbai 400001, India',
};
export const CONTACT = { email: 'care@lendview.test', smWa: '+91 80 4567 1234', grievanceOfficer: OFFICER };

const CONTACT_PATH = '/v3/personal-center/contact-kf-info';

/** Stubs global fetch: the contact-info call answers with the envelope of spec 8 (or fails, or never answers). */
export function stubFetch({ fail = false, pending = false }: { fail?: boolean; pending?: boolean } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (pending) return new Promise<Response>(() => {});
    const url = String(input instanceof Request ? input.url : input);
    if (fail || !url.includes(CONTACT_PATH)) {
      return new Response(JSON.stringify({ code: 'SERVER_ERROR', data: null, message: 'Server error' }), { status: 500 });
    }
    return new Response(JSON.stringify({ code: '00', data: CONTACT, message: '' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Urls of the fetch calls made so far. */
export function fetchedUrls(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
}

/**
 * Renders the marketing remote at `path` the way the shell does: router, i18n, a QueryClient (no retries)
 * and the toast host. Waits for the lazily loaded page to show its h1.
 */
export async function renderApp(
  path: string,
  { lang = 'en', fetchMock = stubFetch() }: { lang?: Lang; fetchMock?: ReturnType<typeof stubFetch> } = {},
) {
  const result = await renderInShell(<App />, path, { lang });
  return { ...result, fetchMock };
}
