import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter, StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '@lendview/ui';
import '../App.tsx';
import { savePayChoice } from '../lib/pay-choice.ts';
import MethodChoicePage from '../pages/MethodChoicePage.tsx';
import { BANKS, MARKETS } from '../test/fixtures.ts';
import { ok, setLang, stubApi } from '../test/render.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// /individual is server-rendered (issue 14) and hydrated. The method saved for the order (lib/pay-choice.ts,
// localStorage) is the browser's alone: the server draws the default choice (Bank), so the page must hydrate as that
// (else React throws the markup away, error #418) and show the saved choice right after.

const PAGE = '/individual?productId=1&orderId=DEMO-170&amount=262500000';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

async function hydrated() {
  await setLang('en');
  stubApi({
    '/v3/loan-details/init-pay-type': (body) => ok(body.pay_type === '2' ? { banks: [], markets: MARKETS } : { banks: BANKS, markets: [] }),
  });
  const tree = (router: 'server' | 'browser') => {
    const page = (
      <AppProviders queryClient={createQueryClient()}>
        <MethodChoicePage />
      </AppProviders>
    );
    return router === 'server' ? <StaticRouter location={PAGE}>{page}</StaticRouter> : <BrowserRouter>{page}</BrowserRouter>;
  };
  // What the server draws has no localStorage: the saved choice is put there for the browser only.
  const saved = Object.keys(localStorage).map((k) => [k, localStorage.getItem(k) ?? ''] as const);
  localStorage.clear();
  const html = renderToString(tree('server'));
  for (const [k, v] of saved) localStorage.setItem(k, v);
  window.history.replaceState(null, '', PAGE);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, tree('browser'), { onRecoverableError: (e) => recoverable.push(e) });
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
  const checked = (value: string) => container.querySelector<HTMLInputElement>(`input[name="payType"][value="${value}"]`)?.checked;
  return { recoverable, checked };
}

describe('/individual, server-rendered', () => {
  it('with a saved mini-market choice: hydrates as the server drew it (Bank), then shows the saved choice', async () => {
    savePayChoice('DEMO-170', { payType: 2, payCode: 'INDOMARET', specificNum: '' });
    const { recoverable, checked } = await hydrated();
    expect(recoverable).toEqual([]);
    expect(checked('2')).toBe(true);
    expect(checked('1')).toBe(false);
  });

  it('without one: hydrates as drawn, Bank chosen', async () => {
    const { recoverable, checked } = await hydrated();
    expect(recoverable).toEqual([]);
    expect(checked('1')).toBe(true);
  });
});
