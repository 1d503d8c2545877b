// The shared harness (@lendview/test-utils) with this console's own bits: a signed-in operator, photo bytes
// and multipart uploads answered by the fake fetch.
import { vi } from 'vitest';
import { type Handler, type RequestBody, type RenderOptions, renderApp as renderInShell, stubApi } from '@lendview/test-utils';
import App from '../App.tsx';

export { type ApiCall, currentLocation, expectLocation, fail, ok, setLang, settle, toastText } from '@lendview/test-utils';

export const TOKEN = 'op-token-1';

/** An operator signed in before the page opens (the gate finds the session). */
export function signIn(username = 'ops-support') {
  sessionStorage.setItem('lv.ops.session', JSON.stringify({ token: TOKEN, username, role: 'support' }));
}

export interface Upload {
  path: string;
  authorization: string | null;
  file: File | null;
}

/**
 * stubApi for the console: JSON bodies as objects, photo paths (`photos`) answered with their bytes, multipart
 * posts recorded in `uploads` (with the file sent) and answered by their handler.
 */
export function stubConsole(routes: Record<string, Handler<RequestBody>>, photos: Record<string, string> = {}) {
  const api = stubApi<RequestBody>(routes);
  const json = api.fetchMock;
  const uploads: Upload[] = [];
  const photoCalls: { path: string; authorization: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const headers = new Headers(init?.headers);
    if (url.pathname in photos) {
      photoCalls.push({ path: url.pathname, authorization: headers.get('authorization') });
      return new Response(photos[url.pathname], { status: 200, headers: { 'content-type': 'image/jpeg' } });
    }
    if (init?.body instanceof FormData) {
      const file = init.body.get('image');
      uploads.push({ path: url.pathname, authorization: headers.get('authorization'), file: file instanceof File ? file : null });
      return json(input, { ...init, body: '' });
    }
    return json(input, init);
  });
  return { ...api, uploads, photoCalls };
}

let blobs = 0;
/** jsdom has no object URLs: each blob gets blob:test/<n>; revoked ones are listed. */
export function stubObjectUrls() {
  const revoked: string[] = [];
  const made = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        const u = `blob:test/${++blobs}`;
        made.set(u, b);
        return u;
      },
      revokeObjectURL: (u: string) => void revoked.push(u),
    }),
  );
  return { made, revoked };
}

/** Renders the console at `path` the way the shell does. */
export function renderApp(path: string, { lang, waitForHeading }: Pick<RenderOptions, 'lang' | 'waitForHeading'> = {}) {
  return renderInShell(<App />, path, { lang, waitForHeading });
}
