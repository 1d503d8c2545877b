import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { ROUTES } from '../routes.ts';
import { CATEGORIES, PATHS, REPAYMENT_QUESTIONS, problemDetail, problemInit, problemInitV3, problemList } from '../test/fixtures.ts';
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
}

// Every route this remote owns, keyed by route: the test below fails for a route of package.json missing here.
const SCREENS: Record<string, Screen> = {
  '/complaint': {
    url: '/complaint?orderNo=DEMO-170',
    api: { [PATHS.init]: ok(problemInit()) },
    h1: ['Complaints and help', 'Pengaduan dan bantuan'],
    loaded: () => waitFor(() => expect(screen.getByTestId('order-card').textContent).toContain('DEMO-170')),
  },
  '/complainNewPage': {
    url: '/complainNewPage?orderNo=DEMO-170',
    api: { [PATHS.initV3]: ok(problemInitV3()) },
    h1: ['How can we help?', 'Ada yang bisa kami bantu?'],
    loaded: () =>
      screen
        .findByRole('region', { name: /^(Choose a topic|Pilih topik)$/ })
        .then((r) => within(r).findByRole('button', { name: 'Repayment' })),
  },
  '/intelligentCustomerService': {
    url: '/intelligentCustomerService?selectedIndex=1&orderNo=DEMO-170',
    // The categories (pid 0), then the questions of the chosen one, Repayment (pid 2).
    api: { [PATHS.qaList]: (q) => ok(q.pid === '0' ? CATEGORIES : REPAYMENT_QUESTIONS) },
    h1: ['Customer service assistant', 'Asisten layanan pelanggan'],
    loaded: () => screen.findByRole('log').then((log) => within(log).findByRole('button', { name: 'How do I repay?' })),
  },
  '/complainPageNext': {
    url: '/complainPageNext?problemType=2&problemSonType=0&orderNo=DEMO-170',
    api: { [PATHS.init]: ok(problemInit()) },
    h1: ['Submit a complaint', 'Ajukan pengaduan'],
    loaded: () => waitFor(() => expect(screen.getByTestId('complaint-type').textContent).toBe('Repayment')),
  },
  '/complaintList': {
    url: '/complaintList',
    api: { [PATHS.list]: ok(problemList()) },
    h1: ['My complaints', 'Pengaduan saya'],
    loaded: () => waitFor(() => expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Processing', 'Processed'])),
  },
  '/complainDetails': {
    url: '/complainDetails?problemId=7',
    api: { [PATHS.detail]: ok(problemDetail({ isScore: 0 })) },
    h1: ['Complaint details', 'Detail pengaduan'],
    loaded: () => screen.findByText('A collector called me ten times today.'),
  },
};

describe('routes', () => {
  it('the routes of package.json (and so /remotes.json) are the routes App serves, each with a screen below', () => {
    expect(ROUTES).toEqual(pkg.lendview.routes);
    expect(Object.keys(SCREENS)).toEqual(pkg.lendview.routes);
  });

  it.each(pkg.lendview.routes)(
    'renders %s: its screen with its data, one h1 and one main in each language, and the title',
    async (route) => {
      const { url, api, h1, loaded } = SCREENS[route]!;
      expect(url.split('?')[0]).toBe(route);
      stubApi(api);
      const { unmount } = await renderApp(url);
      await loaded();
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([h1[0]]);
      expect(screen.getAllByRole('main')).toHaveLength(1);
      // Page sets the title in an effect: under load the h1 can be there a moment before it.
      await waitFor(() => expect(document.title).toBe(h1[0]));
      unmount();
      stubApi(api);
      await renderApp(url, { lang: 'id' });
      await loaded();
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([h1[1]]);
      expect(screen.getAllByRole('main')).toHaveLength(1);
    },
  );
});
