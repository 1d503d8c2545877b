import { afterEach, describe, expect, it } from 'vitest';
import { hydrateServerRendered, unmountHydrated } from '@lendview/test-utils';
import '../App.tsx';
import { savePayChoice } from '../lib/pay-choice.ts';
import MethodChoicePage from '../pages/MethodChoicePage.tsx';
import { BANKS, MARKETS } from '../test/fixtures.ts';
import { ok, setLang, stubApi } from '../test/render.tsx';

// /individual is server-rendered (issue 14) and hydrated. The method saved for the order (lib/pay-choice.ts,
// localStorage) is the browser's alone: the server draws the default choice (Bank), so the page must hydrate as that
// (else React throws the markup away, error #418) and show the saved choice right after.

const PAGE = '/individual?productId=1&orderId=DEMO-170&amount=262500000';

afterEach(() => {
  unmountHydrated();
  localStorage.clear();
});

async function hydrated() {
  await setLang('en');
  stubApi({
    '/v3/loan-details/init-pay-type': (body) => ok(body.pay_type === '2' ? { banks: [], markets: MARKETS } : { banks: BANKS, markets: [] }),
  });
  const { container, recoverable } = await hydrateServerRendered(<MethodChoicePage />, { url: PAGE });
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
