import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS, audit, complaint, contactItem, operators, queue, queueItem } from '../test/fixtures.ts';
import { ok, renderApp, signIn, stubConsole, stubObjectUrls } from '../test/render.tsx';

// Issue 18 item 3: a complaint whose borrower is shown how to escalate (the API's `escalated`) carries an Escalated
// badge next to Overdue, in the queue and on its page, where a note says what the borrower sees.

beforeEach(() => signIn());

const badgesOf = (row: HTMLElement) => [...row.querySelectorAll('.oc-badge')].map((b) => b.textContent);

describe('Escalated', () => {
  it('queue: Overdue then Escalated on an escalated complaint; an overdue contact message is not escalated', async () => {
    stubConsole({
      [PATHS.queue]: ok(
        queue([
          queueItem(),
          contactItem({ overdue: true, escalated: false }),
          queueItem({ id: 14, overdue: false, escalated: false, summary: 'Fresh one.' }),
        ]),
      ),
    });
    await renderApp('/ops');
    await screen.findByText('3 items');
    const rows = screen.getAllByRole('listitem').filter((li) => li.classList.contains('oc-row'));
    expect(rows.map(badgesOf)).toEqual([['Overdue', 'Escalated', 'Waiting for an answer'], ['Overdue', 'Open'], ['Waiting for an answer']]);
    expect(within(rows[0]!).getByText('Escalated').className).toContain('oc-badge--escalated');
    // Overdue keeps its look and its row marking.
    expect(within(rows[0]!).getByText('Overdue').className).toContain('oc-badge--overdue');
    expect(rows[1]!.classList.contains('is-overdue')).toBe(true);
  });

  it('item page, English: the badge and what the borrower is shown', async () => {
    stubConsole({ [PATHS.complaint]: ok(complaint()), [PATHS.operators]: ok(operators), [PATHS.audit]: ok(audit([])) });
    stubObjectUrls();
    await renderApp('/ops/item?kind=complaint&id=12');
    await screen.findByTestId('complaint-text');
    const main = screen.getByRole('heading', { level: 2, name: 'Complaint' }).closest('.lv-card') as HTMLElement;
    expect(badgesOf(main).slice(0, 3)).toEqual(['Overdue', 'Escalated', 'Waiting for an answer']);
    expect(screen.getByTestId('escalated-note').textContent).toBe(
      'Not answered in time: the borrower is now shown how to escalate, to our grievance officer first and then to the regulator ' +
        '(the RBI Integrated Ombudsman in English, OJK in Indonesian). Answer it now.',
    );
  });

  it('item page, Indonesian: Dieskalasi; a complaint that is not escalated has neither badge nor note', async () => {
    stubConsole({ [PATHS.complaint]: ok(complaint()), [PATHS.operators]: ok(operators), [PATHS.audit]: ok(audit([])) });
    stubObjectUrls();
    const view = await renderApp('/ops/item?kind=complaint&id=12', { lang: 'id' });
    await screen.findByTestId('complaint-text');
    expect(screen.getAllByText('Dieskalasi').length).toBeGreaterThan(0);
    expect(screen.getByTestId('escalated-note').textContent).toMatch(/^Tidak dijawab tepat waktu: peminjam kini diberi tahu/);
    view.unmount();

    stubConsole({
      [PATHS.complaint]: ok(complaint({ overdue: false, escalated: false })),
      [PATHS.operators]: ok(operators),
      [PATHS.audit]: ok(audit([])),
    });
    await renderApp('/ops/item?kind=complaint&id=12');
    await screen.findByTestId('complaint-text');
    expect(screen.queryByText('Escalated')).toBeNull();
    expect(screen.queryByTestId('escalated-note')).toBeNull();
  });
});
