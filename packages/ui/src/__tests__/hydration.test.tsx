import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HYDRATION_WAIT_MS, fullyHydrated, liveOnceHydrated } from '../hydration.ts';

function Landing() {
  return (
    <main>
      <img src="/favicon.svg" alt="LendView" width={32} height={32} />
      <button type="button">Get code</button>
    </main>
  );
}

describe('fullyHydrated', () => {
  it("is true once React hydrated the page, though React's image preload in the body never is", async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Landing />);
    document.body.append(root);
    // What /promo's server markup holds (React 19): a <link rel="preload"> that no fiber will ever own.
    expect(root.querySelector('link[rel="preload"][as="image"]')).not.toBeNull();
    expect(fullyHydrated(root)).toBe(false);
    await act(async () => {
      hydrateRoot(root, <Landing />);
    });
    expect(fullyHydrated(root)).toBe(true);
    root.remove();
  });

  it('is false while an element of the markup is not hydrated yet', () => {
    const root = document.createElement('div');
    root.innerHTML = '<main><button type="button">Pay</button></main>';
    expect(fullyHydrated(root)).toBe(false);
  });
});

describe('liveOnceHydrated', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('a page still not hydrated at the time limit is let go, and that is said as a hydration problem and reported', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.fn(() => Promise.resolve(new Response('{"code":"00"}')));
    vi.stubGlobal('fetch', fetch);
    const root = document.createElement('div');
    root.setAttribute('inert', '');
    root.innerHTML = '<main class="pr-landing"><button type="button">Pay</button></main>';
    liveOnceHydrated(root, 'shell', performance.now() - HYDRATION_WAIT_MS - 1);
    expect(root.hasAttribute('inert')).toBe(false);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^\[shell\] hydration not finished within 10000 ms; .*not hydrated: main\.pr-landing\)$/);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/client-errors');
  });
});
