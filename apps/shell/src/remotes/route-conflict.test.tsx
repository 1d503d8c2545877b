import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '@lendview/i18n';
import { ok, stubApi, type RequestBody } from '@lendview/test-utils';
import '../messages.ts';
import type { RemoteEntry, RemotesManifest } from './manifest.ts';

// Issue 16 item 1: a route several live remotes claim renders its owner (never a blank page) and the conflict is
// logged and reported once (POST /api/client-errors, where 'route-conflict:<route>').

const loadRemoteApp = vi.hoisted(() => vi.fn());
vi.mock('./load-remote.ts', () => ({ loadRemoteApp }));
const { RemoteRoute } = await import('./RemoteRoute.tsx');

interface Report extends RequestBody {
  message: string;
  requestId: string;
  where: string;
}

let n = 0;
const remote = (name: string, routes: string[]): RemoteEntry => {
  n += 1;
  return { name, app: name, version: `1.0.${n}`, entry: `/remotes/${name}/1.0.${n}/mf-manifest.json`, routes };
};

function page(manifest: RemotesManifest, path: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <RemoteRoute manifest={manifest} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

let api: ReturnType<typeof stubApi<Report>>;
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await setLanguage('en');
  loadRemoteApp.mockReset();
  loadRemoteApp.mockImplementation(async (r: RemoteEntry) => () => <h1>{`page of ${r.name}`}</h1>);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  api = stubApi<Report>({ '/api/client-errors': ok({ received: true }) });
});

describe('a conflicted route', () => {
  it("renders the owner the server named and reports the conflict once (console and 'route-conflict:/repay')", async () => {
    const manifest: RemotesManifest = {
      remotes: [remote('hijack', ['/hijack']), remote('repayment', ['/repay', '/that'])],
      conflicts: [{ route: '/repay', owner: 'repayment', others: ['hijack'] }],
    };
    const view = page(manifest, '/repay/');
    expect(await screen.findByRole('heading', { name: 'page of repayment' })).toBeTruthy();
    expect(loadRemoteApp).toHaveBeenCalledTimes(1);
    expect((loadRemoteApp.mock.calls[0]![0] as RemoteEntry).name).toBe('repayment');
    await waitFor(() => expect(api.to('/api/client-errors')).toHaveLength(1));
    expect(api.to('/api/client-errors')[0]!.body).toEqual({
      message: 'route /repay is claimed by repayment, hijack; repayment renders it',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      where: 'route-conflict:/repay',
    });
    expect(consoleError).toHaveBeenCalledWith('[shell] route /repay is claimed by repayment, hijack; repayment renders it');
    // Rendered again (another visit in the same page load): not reported again.
    view.unmount();
    page(manifest, '/repay');
    expect(await screen.findByRole('heading', { name: 'page of repayment' })).toBeTruthy();
    expect(api.to('/api/client-errors')).toHaveLength(1);
  });

  it('from a server that lists no conflicts: the first remote in manifest order renders it, and the overlap is reported', async () => {
    const manifest: RemotesManifest = { remotes: [remote('aaa', ['/dup']), remote('bbb', ['/dup', '/bbb'])] };
    page(manifest, '/dup');
    expect(await screen.findByRole('heading', { name: 'page of aaa' })).toBeTruthy();
    await waitFor(() => expect(api.to('/api/client-errors')).toHaveLength(1));
    expect(api.to('/api/client-errors')[0]!.body.where).toBe('route-conflict:/dup');
  });

  it('a route one remote owns alone reports nothing', async () => {
    page({ remotes: [remote('repayment', ['/repay'])] }, '/repay');
    expect(await screen.findByRole('heading', { name: 'page of repayment' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.to('/api/client-errors')).toHaveLength(0);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
