import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@lendview/api-client';
import { i18n, setLanguage } from '@lendview/i18n';
import { ok, stubApi, type RequestBody } from '@lendview/test-utils';
import '../messages.ts';
import type { RemotesManifest } from './manifest.ts';

// Issue 15 item 4: a remote that fails to load or crashes is reported with a request id, and the panel shows the
// reference a borrower can read out to support.

const loadRemoteApp = vi.hoisted(() => vi.fn());
vi.mock('./load-remote.ts', () => ({ loadRemoteApp }));
const { RemoteRoute } = await import('./RemoteRoute.tsx');

// The shell keeps loaded remotes by name and entry: each test has an entry of its own.
let version = 0;
const manifest = (): RemotesManifest => {
  version += 1;
  const v = `1.0.${version}`;
  return {
    remotes: [
      {
        name: 'loan_details',
        app: 'loan-details',
        version: v,
        entry: `/remotes/loan-details/${v}/mf-manifest.json`,
        routes: ['/loanDetails'],
      },
    ],
  };
};

interface Report extends RequestBody {
  message: string;
  requestId: string;
  where: string;
}

function page() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/loanDetails?productId=1&orderId=DEMO-170']}>
        <RemoteRoute manifest={manifest()} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

let api: ReturnType<typeof stubApi<Report>>;
beforeEach(async () => {
  await setLanguage('en');
  loadRemoteApp.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  api = stubApi<Report>({ '/api/client-errors': ok({ received: true }) });
});

describe('reference on the shell error panels', () => {
  it('a remote that does not load: reported once (remote-load), the panel shows "Reference: <first 8>"', async () => {
    loadRemoteApp.mockRejectedValue(new Error('Failed to fetch dynamically imported module: /remotes/loan-details/1.0.0/x.js?tok=T'));
    page();
    expect(await screen.findByText(/This part of the app could not be loaded/)).toBeTruthy();
    const reports = api.to('/api/client-errors');
    expect(reports).toHaveLength(1);
    const report = reports[0]!.body;
    expect(report).toEqual({
      message: 'Error: Failed to fetch dynamically imported module: /remotes/loan-details/1.0.0/x.js',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      where: 'remote-load:loan_details',
    });
    expect(screen.getByText(`Reference: ${report.requestId.slice(0, 8)}`)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(`Reference: ${report.requestId.slice(0, 8)}`);
    expect(screen.getByRole('alert').textContent).not.toContain(report.requestId);
  });

  it('in Indonesian: "Referensi: <first 8>"', async () => {
    await setLanguage('id');
    loadRemoteApp.mockRejectedValue(new Error('offline'));
    page();
    expect(await screen.findByText(/Bagian aplikasi ini tidak dapat dimuat/)).toBeTruthy();
    const report = api.to('/api/client-errors')[0]!.body;
    expect(screen.getByText(`Referensi: ${report.requestId.slice(0, 8)}`)).toBeTruthy();
  });

  it("a remote that crashes on an API error: reported with that call's id (remote-crash), its reference shown; Retry clears it", async () => {
    const requestId = 'abcdef12-3456-4789-8abc-def012345678';
    let crash = true;
    function LoanDetails() {
      if (crash) throw new ApiError({ code: 'SERVER_ERROR', data: null, message: 'Something went wrong' }, requestId);
      return <h1>Loan details</h1>;
    }
    loadRemoteApp.mockResolvedValue(LoanDetails);
    page();
    expect(await screen.findByText('Reference: abcdef12')).toBeTruthy();
    await waitFor(() => expect(api.to('/api/client-errors')).toHaveLength(1));
    expect(api.to('/api/client-errors')[0]!.body).toEqual({
      message: 'ApiError: Something went wrong',
      requestId,
      where: 'remote-crash:loan_details',
    });
    crash = false;
    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('heading', { name: 'Loan details' })).toBeTruthy();
    expect(screen.queryByText(/Reference:/)).toBeNull();
    expect(api.to('/api/client-errors')).toHaveLength(1);
  });

  it('a crash on a network error carries its id too', async () => {
    function Broken(): never {
      throw new NetworkError('network', '/v3/loan-details/detail?tok=T', { requestId: '99887766-aaaa-4bbb-8ccc-ddddeeeeffff' });
    }
    loadRemoteApp.mockResolvedValue(Broken);
    page();
    expect(await screen.findByText('Reference: 99887766')).toBeTruthy();
    await waitFor(() => expect(api.to('/api/client-errors')).toHaveLength(1));
    const report = api.to('/api/client-errors')[0]!.body;
    expect(report.requestId).toBe('99887766-aaaa-4bbb-8ccc-ddddeeeeffff');
    // The token in the failed URL does not go out with the report.
    expect(JSON.stringify(api.calls)).not.toContain('tok=T');
  });
});
