import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANDING_TEMPLATE_ELEMENT } from '@lendview/contracts/routes';
import { seedLandingTemplate, useChannelTemplate } from '../api/channel-template.ts';
import { template as templateOf } from '../test/fixtures.ts';

const template = templateOf();

// /landing's page carries the template's answer (apps/api/src/routes/landing): the page shows it without asking.

function page(content: string) {
  document.body.innerHTML = `<script id="${LANDING_TEMPLATE_ELEMENT}" type="application/json">${content}</script>`;
}

function setup() {
  const fetch = vi.fn(() => Promise.reject(new TypeError('offline')));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { fetch, client, wrapper };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the template /landing came with', () => {
  it('is there at the first render, and the API is not asked for it; another template is asked for as before', async () => {
    const { fetch, client, wrapper } = setup();
    page(JSON.stringify({ templateId: 1, data: template }));
    seedLandingTemplate(client);
    const { result } = renderHook(() => useChannelTemplate(1), { wrapper });
    expect(result.current.data).toEqual(template);
    expect(result.current.isFetching).toBe(false);
    const other = renderHook(() => useChannelTemplate(2), { wrapper });
    await waitFor(() => expect(other.result.current.isError).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('templateId=2');
  });

  it('a page without it, or with something else in it, changes nothing: the page asks', async () => {
    for (const content of [
      '',
      'not json',
      JSON.stringify({ templateId: '1', data: template }),
      JSON.stringify({ templateId: 1, data: null }),
    ]) {
      const { fetch, client, wrapper } = setup();
      if (content) page(content);
      seedLandingTemplate(client);
      const { result } = renderHook(() => useChannelTemplate(1), { wrapper });
      expect(result.current.data, content).toBeUndefined();
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
      vi.unstubAllGlobals();
      document.body.innerHTML = '';
    }
  });
});
