import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeyOf } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import { hydrateServerRendered, unmountHydrated } from '@lendview/test-utils';
import { createQueryClient, forgetHydrated, markHydrated } from '@lendview/ui';
import '../App.tsx';
import { savePayChoice } from '../lib/pay-choice.ts';
import { vcodeRequest } from '../lib/vcode-request.ts';
import { paymentContext } from '../lib/links.ts';
import VirtualAccountPage from '../pages/VirtualAccountPage.tsx';
import { EARLY_REPAYMENT, type CodeAnswer } from '../api/generate-vcode.ts';
import { marketVa, paymentState, vaDetail } from '../test/fixtures.ts';
import { ok, setLang, stubApi } from '../test/render.tsx';

// /that is server-rendered (issue 14): the server asks the page's code for is_default 1 (vcode-for-page since issue 33:
// the code on file, or on a first visit a new one, issued by generate-vcode's rules) and the page comes with it. The
// method saved for the order (localStorage) is the browser's alone: the page must hydrate as the server drew it (else
// React throws the markup away, error #418) and apply the saved method right after.

const PAGE = '/that?productId=1&orderId=DEMO-170&amount=262500000';
const VCODE = '/v3/loan-details/generate-vcode';
const STATE = '/v3/loan-details/payment-state';

afterEach(() => {
  unmountHydrated();
  forgetHydrated();
  localStorage.clear();
});

/** A client with what the server's render fetched: the payment state and the code of is_default 1 (or its refusal). */
function withServerData(code: CodeAnswer = vaDetail()) {
  const client = createQueryClient();
  const ctx = paymentContext(new URL(PAGE, 'http://x').searchParams);
  const stateKey = queryKeyOf(routes.paymentState, { productId: '1', orderId: 'DEMO-170' }, ['repayment', 'en']);
  const codeKey = ['repayment', 'generate-vcode', vcodeRequest(ctx, 262_500_000, null), 'en'];
  client.setQueryData(stateKey, paymentState({ pending: null, receipts: [], lastPaidAt: null }));
  client.setQueryData(codeKey, code);
  markHydrated(
    client
      .getQueryCache()
      .getAll()
      .map((q) => q.queryHash),
  );
  return client;
}

async function hydrated(vcode: Parameters<typeof stubApi>[0][string], code?: CodeAnswer) {
  await setLang('en');
  const api = stubApi({ [VCODE]: vcode, [STATE]: ok(paymentState({ pending: null, receipts: [], lastPaidAt: null })) });
  const result = await hydrateServerRendered(<VirtualAccountPage />, { url: PAGE, client: () => withServerData(code) });
  return { api, ...result };
}

describe('/that, server-rendered with the code on file', () => {
  it('the code is in the server markup; hydrated as drawn, the browser does not ask for a code', async () => {
    const { html, recoverable, api } = await hydrated(ok(vaDetail({ vcode: 'NOT-ASKED' })));
    expect(html).toContain('8808123456789012');
    expect(recoverable).toEqual([]);
    expect(screen.getByTestId('vcode').textContent?.replace(/\s/g, '')).toBe('8808123456789012');
    expect(api.to(VCODE)).toHaveLength(0);
  });

  it('a saved method that is the code on file: hydrated as drawn, the code stays while generate-vcode answers for the method', async () => {
    savePayChoice('DEMO-170', { payType: 1, payCode: 'BCA', specificNum: '101' });
    const { recoverable, api } = await hydrated('pending');
    expect(recoverable).toEqual([]);
    expect(api.to(VCODE).map((c) => c.body)).toEqual([expect.objectContaining({ is_default: '0', pay_type: '1', payCode: 'BCA' })]);
    // Its answer never came: the code the page came with is still shown, not the loading placeholder.
    expect(screen.getByTestId('vcode').textContent?.replace(/\s/g, '')).toBe('8808123456789012');
  });

  it('a saved method of another kind: hydrated as drawn, then the code of the saved method', async () => {
    savePayChoice('DEMO-170', { payType: 2, payCode: 'ALFAMART', specificNum: '' });
    const { recoverable, api } = await hydrated(ok(marketVa()));
    expect(recoverable).toEqual([]);
    expect(api.to(VCODE).map((c) => c.body)).toEqual([expect.objectContaining({ is_default: '0', pay_type: '2', payCode: 'ALFAMART' })]);
    expect((await screen.findByText('ALF7788990011', { exact: false })).textContent).toContain('ALF');
    expect(screen.queryByText('8808', { exact: false })).toBeNull();
  });

  // Issue 33: spec 9's refusal of an early full repayment is the query's answer, so the server's page comes with it.
  it('an early full repayment: the refusal is in the server markup, hydrated as drawn, no code asked', async () => {
    const message =
      'Early repayment is possible from 2026-03-18: half of the loan term must have passed and at least 7 days since the loan was disbursed.';
    const { html, recoverable, api } = await hydrated(ok(vaDetail({ vcode: 'NOT-ASKED' })), { refused: EARLY_REPAYMENT, message });
    expect(html).toContain(message);
    expect(html).not.toContain('data-testid="vcode"');
    expect(recoverable).toEqual([]);
    expect(screen.getByText(message)).toBeTruthy();
    expect(api.to(VCODE)).toHaveLength(0);
  });
});
