import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PATHS, PROBLEM_TYPES, contactItem, queue, queueItem } from '../test/fixtures.ts';
import { TOKEN, currentLocation, fail, ok, renderApp, signIn, stubConsole } from '../test/render.tsx';

describe('/ops: the queue', () => {
  it('lists overdue items first as the server orders them, with due time, assignee, and the bearer token', async () => {
    signIn();
    const api = stubConsole({
      [PATHS.queue]: ok(
        queue([
          queueItem(),
          contactItem({ assignee: { id: 2, username: 'ops-ana' } }),
          queueItem({ id: 13, state: 'processed', overdue: false, escalated: false, score: 4, due: '2026-11-25 23:59:59', orderNo: '' }),
        ]),
      ),
    });
    await renderApp('/ops');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Queue');
    await screen.findByText('3 items');
    const call = api.to(PATHS.queue)[0]!;
    expect(call.body).toEqual({ state: 'processing', kind: 'all', page: '1', pageSize: '20' });
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);

    const rows = screen.getAllByRole('listitem').filter((li) => li.classList.contains('oc-row'));
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Complaint #12', 'Contact message #3', 'Complaint #13']);
    const first = within(rows[0]!);
    expect(first.getByText('Overdue').className).toContain('oc-badge--overdue');
    expect(first.getByText('Waiting for an answer')).toBeTruthy();
    expect(first.getByText('Due 2026-11-19 23:59:59')).toBeTruthy();
    expect(first.getByText('Received 2026-11-16 09:00:00')).toBeTruthy();
    expect(first.getByText('Collection · Harassing calls or messages')).toBeTruthy();
    expect(first.getByText('138****0000')).toBeTruthy();
    expect(first.getByText('Unassigned')).toBeTruthy();
    expect(rows[0]!.classList.contains('is-overdue')).toBe(true);
    const second = within(rows[1]!);
    expect(second.queryByText('Overdue')).toBeNull();
    expect(second.getByText('Open')).toBeTruthy();
    expect(second.getByText('Siti · 0812****78')).toBeTruthy();
    expect(second.getByText('Assigned to ops-ana')).toBeTruthy();
    const third = within(rows[2]!);
    expect(third.getByText('Answered')).toBeTruthy();
    expect(third.getByText('Rated 4 of 5')).toBeTruthy();
    expect(third.getByText('No order')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/ops/item?kind=complaint&id=12');
  });

  it('filters and search go to the API and into the address; Clear filters empties them', async () => {
    signIn();
    const api = stubConsole({ [PATHS.queue]: ok(queue([queueItem()])), [PATHS.problemTypes]: ok(PROBLEM_TYPES) });
    await renderApp('/ops');
    await screen.findByText('1 item');
    const user = userEvent.setup();
    // The types come from the API: a type without sub-types offers no second list.
    await screen.findByRole('option', { name: 'Repayment' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Complaint type' }), 'Repayment');
    expect(screen.queryByRole('combobox', { name: 'Repayment issue' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'mother');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'All');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Complaints');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Complaint type' }), 'Collection');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Collection issue' }), 'Harassing calls or messages');
    await user.type(screen.getByRole('textbox', { name: 'Order number' }), 'DEMO-180');
    await user.type(screen.getByRole('textbox', { name: 'Phone (last digits)' }), '0000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Age' }), 'Over 3 days');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'Assigned to me');
    await user.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.to(PATHS.queue)).toHaveLength(2));
    expect(api.to(PATHS.queue)[1]!.body).toEqual({
      state: 'all',
      kind: 'complaint',
      problemType: '1',
      sonType: '1',
      orderNo: 'DEMO-180',
      phone: '0000',
      minAgeDays: '3',
      assignee: 'me',
      overdueOnly: '1',
      q: 'mother',
      page: '1',
      pageSize: '20',
    });
    expect(currentLocation()).toBe(
      '/ops?q=mother&state=all&kind=complaint&problemType=1&sonType=1&orderNo=DEMO-180&phone=0000&age=over3&assignee=me&overdueOnly=1',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/ops'));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('');
  });

  it('on a phone the filters beyond search fold behind a toggle that says how many are on', async () => {
    signIn();
    stubConsole({ [PATHS.queue]: ok(queue([])) });
    await renderApp('/ops');
    const toggle = screen.getByRole('button', { name: 'More filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)!.className).toBe('oc-filters__more');
    await userEvent.setup().click(toggle);
    expect(screen.getByRole('button', { name: 'Fewer filters' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)!.className).toBe('oc-filters__more is-open');
  });

  it('filters in force open the fold and are counted', async () => {
    signIn();
    stubConsole({ [PATHS.queue]: ok(queue([])) });
    await renderApp('/ops?q=x&state=all&overdueOnly=1');
    expect(screen.getByRole('button', { name: 'Fewer filters' }).getAttribute('aria-expanded')).toBe('true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fewer filters' }));
    expect(screen.getByRole('button', { name: 'More filters (2 on)' })).toBeTruthy();
  });

  it('a phone filter that is not 3 to 15 digits is refused before any call', async () => {
    signIn();
    const api = stubConsole({ [PATHS.queue]: ok(queue([])) });
    await renderApp('/ops');
    await screen.findByText('Nothing here.');
    expect(screen.getByText('No complaint or message matches these filters.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Phone (last digits)' }), '12');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('Enter 3 to 15 digits.')).toBeTruthy();
    expect(api.to(PATHS.queue)).toHaveLength(1);
  });

  it('pages: Page 1 of 3, Next asks page 2', async () => {
    signIn();
    const api = stubConsole({ [PATHS.queue]: (b) => ok(queue([queueItem()], 45, Number(b.page))) });
    await renderApp('/ops');
    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous page' }).disabled).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3');
    expect(api.to(PATHS.queue).at(-1)!.body.page).toBe('2');
    expect(currentLocation()).toBe('/ops?page=2');
  });

  it('a failed load says why and retries', async () => {
    signIn();
    let n = 0;
    stubConsole({
      [PATHS.queue]: () => (n++ === 0 ? fail('The service is busy. Please try again.', 'INTERNAL') : ok(queue([queueItem()]))),
    });
    await renderApp('/ops');
    await screen.findByText('The service is busy. Please try again.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('1 item');
  });

  it('an ended session (401) goes back to sign-in', async () => {
    signIn();
    stubConsole({ [PATHS.queue]: fail('Please log in to the back office.', 'UNAUTHORIZED') });
    await renderApp('/ops');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Queue' })).toBeNull());
    expect(sessionStorage.getItem('lv.ops.session')).toBeNull();
  });

  it('in Indonesian', async () => {
    signIn();
    stubConsole({ [PATHS.queue]: ok(queue([queueItem()])) });
    await renderApp('/ops', { lang: 'id' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Antrean');
    await screen.findByText('1 item');
    expect(screen.getByText('Terlambat')).toBeTruthy();
    expect(screen.getByText('Batas 2026-11-19 23:59:59')).toBeTruthy();
    expect(screen.getByText('Pengaduan #12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Terapkan filter' })).toBeTruthy();
  });
});
