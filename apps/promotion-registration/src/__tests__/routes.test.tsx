import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { ROUTES } from '../routes.ts';
import { OPS_SESSION_KEY } from '../template-editor/session.ts';
import { PATHS, landingRoutes, template } from '../test/fixtures.ts';
import { type Handler, ok, renderApp, stubApi } from '../test/render.tsx';

interface Screen {
  /** A URL of the route. */
  url: string;
  /** The API it reads, answered with the fixtures. */
  api: Record<string, Handler>;
  /** Its h1 in English and Indonesian. */
  h1: [en: string, id: string];
  /** Waits for what the screen shows from its data (so the route reached the right page, and it rendered). */
  loaded: () => Promise<unknown>;
  /** The landmark that holds the screen: the editor's main; the landing is a header (hero) and a form, no main. */
  landmark: 'main' | 'banner';
}

const { id: _id, ...config } = template();
const summary = {
  id: 1,
  name: 'Spring campaign',
  published: true,
  hasUnpublishedChanges: false,
  updatedAt: '2026-11-20T08:00:00Z',
  publishedAt: '2026-11-20T08:00:00Z',
  updatedBy: 'ops-marketing',
};
const opsApi = {
  [PATHS.opsList]: ok({ items: [summary] }),
  [PATHS.opsDetail]: ok({ ...summary, draft: config, live: config }),
};

// Every route this remote owns, keyed by route: the test below fails for a route of package.json missing here. The
// two editor routes are shown to a signed-in marketing operator (signed out, both are the sign-in screen).
const SCREENS: Record<string, Screen> = {
  '/promo': {
    url: '/promo?templateId=1',
    api: landingRoutes(),
    h1: ['Loans up to ₹80,000 in 2 hours', 'Pinjaman hingga Rp 15.000.000 dalam 2 jam'],
    // The template's button text (the landing is a lazily loaded screen: its chunk may take a moment).
    loaded: () => screen.findByRole('button', { name: /^(Apply now|Ajukan sekarang)$/ }),
    landmark: 'banner',
  },
  '/ops/templates': {
    url: '/ops/templates',
    api: opsApi,
    h1: ['Landing templates', 'Template halaman promosi'],
    loaded: () => screen.findAllByRole('row').then((rows) => within(rows[1]!).findByText('Spring campaign')),
    landmark: 'main',
  },
  '/ops/templates/edit': {
    url: '/ops/templates/edit?id=1',
    api: opsApi,
    h1: ['Edit: Spring campaign', 'Ubah: Spring campaign'],
    loaded: () => screen.findByTestId('preview'),
    landmark: 'main',
  },
};

afterEach(() => sessionStorage.clear());

/** The page's h1s, not counting the editor's preview (the landing as visitors see it, its own h1 included). */
const pageHeadings = () =>
  screen
    .getAllByRole('heading', { level: 1 })
    .filter((h) => !h.closest('[data-testid="preview"]'))
    .map((h) => h.textContent);

describe('routes', () => {
  it('the routes of package.json (and so /remotes.json) are the routes App serves, each with a screen below', () => {
    expect(ROUTES).toEqual(pkg.lendview.routes);
    expect(Object.keys(SCREENS)).toEqual(pkg.lendview.routes);
  });

  it.each(pkg.lendview.routes)('renders %s: its screen with its data, one h1 and its landmark in each language', async (route) => {
    const { url, api, h1, loaded, landmark } = SCREENS[route]!;
    expect(url.split('?')[0]).toBe(route);
    sessionStorage.setItem(
      OPS_SESSION_KEY,
      JSON.stringify({ token: 'tok-marketing-0123456789abcdef', username: 'ops-marketing', role: 'marketing' }),
    );
    for (const [lang, title] of [
      ['en', h1[0]],
      ['id', h1[1]],
    ] as const) {
      stubApi(api);
      const { unmount } = await renderApp(url, { lang });
      await loaded();
      await waitFor(() => expect(pageHeadings()).toEqual([title]));
      expect(screen.getAllByRole(landmark)).toHaveLength(1);
      unmount();
    }
  });
});
