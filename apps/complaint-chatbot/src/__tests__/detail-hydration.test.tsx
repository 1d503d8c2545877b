import { afterEach, describe, expect, it } from 'vitest';
import { setSharedParams } from '@lendview/api-client';
import { hydrateServerRendered, unmountHydrated } from '@lendview/test-utils';
import { createQueryClient, forgetHydrated, markHydrated } from '@lendview/ui';
import '../App.tsx';
import { problemDetailKey } from '../api/problem-detail.ts';
import ComplaintDetailPage from '../pages/ComplaintDetailPage.tsx';
import { PATHS, SIGNED_A, SIGNED_B, SIGNED_C, problemDetail } from '../test/fixtures.ts';
import { ok, setLang, stubApi } from '../test/render.tsx';

// /complainDetails opened by a link or a reload is server-rendered (issue 14) with the detail the server fetched.
// Its photos are the API's signed URLs (issue 33 item 3, docs/security.md "Signed file URLs"): the server's markup
// and the page's first render must show the same src, with no session in it, even though the page has `tok`.

const PAGE = '/complainDetails?problemId=7&tok=tok-1&isNeedPop=1';

afterEach(() => {
  unmountHydrated();
  forgetHydrated();
  setSharedParams({ tok: undefined });
});

function withServerData() {
  const client = createQueryClient();
  client.setQueryData(problemDetailKey('7', 'en'), problemDetail({ isScore: 0 }));
  markHydrated(
    client
      .getQueryCache()
      .getAll()
      .map((q) => q.queryHash),
  );
  return client;
}

describe('/complainDetails, server-rendered with its photos', () => {
  it('the signed URLs are in the markup as the API gave them, hydrated as drawn, no session in any src', async () => {
    await setLang('en');
    setSharedParams({ tok: 'tok-1' });
    stubApi({ [PATHS.detail]: ok(problemDetail({ isScore: 0 })) });
    const { html, recoverable, container } = await hydrateServerRendered(<ComplaintDetailPage />, { url: PAGE, client: withServerData });
    for (const url of [SIGNED_A, SIGNED_B, SIGNED_C]) expect(html).toContain(`src="${url.replace(/&/g, '&amp;')}"`);
    expect(html).not.toContain('tok-1');
    expect(recoverable).toEqual([]);
    const srcs = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(srcs).toEqual([SIGNED_A, SIGNED_B, SIGNED_C]);
  });
});
