import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PATHS, problemList } from '../test/fixtures.ts';
import { expectLocation, ok, renderApp, stubApi } from '../test/render.tsx';

describe('/complaintList: my complaints', () => {
  it('shows the tabs and, in each, time, type and content; a complaint opens its detail', async () => {
    const api = stubApi({ [PATHS.list]: ok(problemList()), [PATHS.detail]: 'pending' });
    await renderApp('/complaintList');
    const tabs = await screen.findAllByRole('tab');
    expect(api.to(PATHS.list)).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['My complaints']);
    expect(tabs.map((t) => t.textContent)).toEqual(['All', 'Processing', 'Processed']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    const panel = within(screen.getByRole('tabpanel'));
    const links = panel.getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute('href')).toBe('/complainDetails?problemId=7');
    expect(links[0]!.querySelector('.cc-complaint__time')?.textContent).toBe('2025-02-01 10:20:30');
    expect(links[0]!.querySelector('.cc-complaint__type')?.textContent).toBe('Repayment');
    expect(links[0]!.querySelector('.cc-complaint__content')?.textContent).toBe(
      'I paid yesterday but the loan still shows unpaid. Please check my payment.',
    );
    await userEvent.setup().click(links[1]!);
    await expectLocation('/complainDetails?problemId=5');
  });

  it('switching tabs shows that tab; an empty tab says so', async () => {
    stubApi({ [PATHS.list]: ok(problemList()) });
    await renderApp('/complaintList');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Processing' }));
    expect(
      within(screen.getByRole('tabpanel'))
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/complainDetails?problemId=7']);
    await user.click(screen.getByRole('tab', { name: 'Processed' }));
    const panel = within(screen.getByRole('tabpanel'));
    expect(panel.getByText('No complaints here.')).toBeTruthy();
    expect(panel.getByRole('link', { name: 'Submit a complaint' }).getAttribute('href')).toBe('/complaint');
  });

  it('in Indonesian (tab titles come from the server)', async () => {
    stubApi({ [PATHS.list]: ok(problemList({ tabs: [{ title: 'Semua', state: 'all', items: [] }] })) });
    await renderApp('/complaintList', { lang: 'id' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Pengaduan saya']);
    expect((await screen.findByRole('tab')).textContent).toBe('Semua');
    expect(screen.getByText('Belum ada pengaduan di sini.')).toBeTruthy();
  });
});
