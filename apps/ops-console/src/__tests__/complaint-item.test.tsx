import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { COLLEAGUE, ME, PATHS, audit, complaint, operators } from '../test/fixtures.ts';
import { TOKEN, fail, ok, renderApp, signIn, stubConsole, stubObjectUrls, toastText } from '../test/render.tsx';

const AT = '/ops/item?kind=complaint&id=12';
const PHOTOS = { '/ops/api/console/photo/p1': 'jpeg-1', '/ops/api/console/photo/p2': 'jpeg-2', '/ops/api/console/photo/a1': 'jpeg-a' };

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('.lv-card') as HTMLElement;

beforeEach(() => signIn());

describe('/ops/item?kind=complaint: what the agent sees', () => {
  it('the complaint, its order, earlier complaints, the chatbot transcript, notes and the audit trail', async () => {
    const api = stubConsole(
      {
        [PATHS.complaint]: ok(complaint()),
        [PATHS.operators]: ok(operators),
        [PATHS.audit]: ok(
          audit([
            { action: 'assign', detail: { to: 'ops-ana' } },
            { action: 'note', operator: 'ops-ana' },
          ]),
        ),
      },
      PHOTOS,
    );
    stubObjectUrls();
    await renderApp(AT);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Complaint #12');
    await screen.findByTestId('complaint-text');
    expect(api.to(PATHS.complaint)[0]!.body).toEqual({ id: '12' });
    expect(screen.getByTestId('complaint-text').textContent).toBe('A collector called me ten times today.');
    const main = within(card('Complaint'));
    expect(main.getByText('Overdue')).toBeTruthy();
    expect(main.getByText('Collection · Harassing calls or messages')).toBeTruthy();
    expect(main.getByText('2026-11-19 23:59:59')).toBeTruthy();

    const order = within(card('Order'));
    expect(order.getByText('Cash 91')).toBeTruthy();
    expect(order.getByText('Overdue')).toBeTruthy();
    expect(order.getByText('91 days')).toBeTruthy();
    expect(order.getByText('2026-10-31')).toBeTruthy();
    // Amounts are minor units (150000000 is 1,500,000 of the currency English shows).
    expect(order.getAllByText('₹1,500,000')).toHaveLength(2);
    expect(order.getByText('₹1,650,000')).toBeTruthy();
    expect(order.getByText('₹150,000')).toBeTruthy();

    const earlier = within(card('Earlier complaints'));
    expect(earlier.getByRole('link', { name: 'Complaint #4' }).getAttribute('href')).toBe('/ops/item?kind=complaint&id=4');
    expect(earlier.getByText('Answered')).toBeTruthy();

    const transcript = within(card('Chatbot conversation'));
    expect(transcript.getByText('Asked: Why do they call my mother?')).toBeTruthy();
    expect(transcript.getByText('Reply: Please tell us in a collection complaint.')).toBeTruthy();
    expect(transcript.getByText('Went on to the complaint form')).toBeTruthy();

    const notes = within(card('Internal notes'));
    expect(notes.getByText('Called the agency.')).toBeTruthy();
    expect(notes.getByText('ops-ana, 2026-11-17 10:00:00')).toBeTruthy();

    await screen.findByTestId('audit');
    const trail = within(screen.getByTestId('audit'));
    expect(trail.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Assigned to ops-ana2026-11-17 10:00:00 · ops-support',
      'Added a note2026-11-17 11:00:00 · ops-ana',
    ]);
    expect(api.to(PATHS.audit)[0]!.body).toEqual({ kind: 'complaint', id: '12' });
  });

  it('photos are fetched with the bearer token and shown from blobs; one opens large', async () => {
    const api = stubConsole({ [PATHS.complaint]: ok(complaint()), [PATHS.operators]: ok(operators), [PATHS.audit]: ok(audit([])) }, PHOTOS);
    const urls = stubObjectUrls();
    await renderApp(AT);
    const list = await screen.findByRole('list', { name: 'Photos' });
    await waitFor(() => expect(within(list).getAllByRole('img')).toHaveLength(2));
    expect(api.photoCalls).toEqual([
      { path: '/ops/api/console/photo/p1', authorization: `Bearer ${TOKEN}` },
      { path: '/ops/api/console/photo/p2', authorization: `Bearer ${TOKEN}` },
    ]);
    const imgs = within(list).getAllByRole('img');
    expect(imgs.map((i) => i.getAttribute('alt'))).toEqual(['Photo 1 of 2', 'Photo 2 of 2']);
    expect(imgs.every((i) => i.getAttribute('src')?.startsWith('blob:test/'))).toBe(true);
    expect(await urls.made.get(imgs[0]!.getAttribute('src')!)!.text()).toBe('jpeg-1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open photo 2 of 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(imgs[1]!.getAttribute('src'));
  });

  it('Assign to me sends who the agent saw as assignee; a race lost shows the server message', async () => {
    let assigned = false;
    const api = stubConsole({
      [PATHS.complaint]: () => ok(complaint(assigned ? { assignee: ME } : {})),
      [PATHS.operators]: ok(operators),
      [PATHS.audit]: ok(audit([])),
      [PATHS.assign]: (b) => {
        if (b.operatorId === String(COLLEAGUE.id))
          return fail('Someone else changed who has this item meanwhile. Reload it to see who has it now.', 'CONFLICT');
        assigned = true;
        return ok({ kind: 'complaint', id: 12, assignee: ME });
      },
    });
    await renderApp(AT);
    expect((await screen.findByTestId('assignee')).textContent).toBe('Nobody is assigned.');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(screen.getByTestId('assignee').textContent).toBe('Assigned to ops-support'));
    expect(api.to(PATHS.assign)[0]!.body).toEqual({ kind: 'complaint', id: '12', operatorId: '1', expectedAssigneeId: '0' });
    expect(toastText()).toBe('Assigned to ops-support.');
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Colleague' }), 'ops-ana');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(
      (await screen.findByText('Someone else changed who has this item meanwhile. Reload it to see who has it now.')).getAttribute('role'),
    ).toBe('alert');
    expect(api.to(PATHS.assign)[1]!.body).toEqual({ kind: 'complaint', id: '12', operatorId: '2', expectedAssigneeId: '1' });
  });

  it('an internal note: empty is refused, a note is sent and the list refreshes', async () => {
    let notes = complaint().notes;
    const api = stubConsole({
      [PATHS.complaint]: () => ok(complaint({}, { notes })),
      [PATHS.operators]: ok(operators),
      [PATHS.audit]: ok(audit([])),
      [PATHS.notes]: (b) => {
        const n = { id: 6, operator: 'ops-support', text: String(b.text), createdAt: '', time: '2026-11-18 09:00:00' };
        notes = [...notes, n];
        return ok(n);
      },
    });
    await renderApp(AT);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Please write the note.')).toBeTruthy();
    expect(api.to(PATHS.notes)).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'New note' }), 'Borrower asked for a call back.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByText('Borrower asked for a call back.');
    expect(api.to(PATHS.notes)[0]!.body).toEqual({ kind: 'complaint', id: '12', text: 'Borrower asked for a call back.' });
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'New note' }).value).toBe('');
  });
});

describe('/ops/item?kind=complaint: the answer', () => {
  it('empty is refused; text and a photo: confirm, upload with the token, then the answer with its URL', async () => {
    let answered = false;
    const api = stubConsole(
      {
        [PATHS.complaint]: () =>
          ok(
            complaint(
              answered
                ? {
                    state: 'processed',
                    overdue: false,
                    escalated: false,
                    disposeDetail: 'We stopped the calls.',
                    disposeAgent: 'ops-support',
                    disposeImages: ['/ops/api/console/photo/a1'],
                    disposedAt: '2026-11-18T02:00:00.000Z',
                  }
                : {},
            ),
          ),
        [PATHS.operators]: ok(operators),
        [PATHS.audit]: ok(audit([])),
        [PATHS.upload]: ok({ url: '/ops/api/console/photo/a1' }),
        [PATHS.answer]: () => {
          answered = true;
          return ok({ problemId: 12, state: 'processed' });
        },
      },
      PHOTOS,
    );
    stubObjectUrls();
    await renderApp(AT);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send answer' }));
    expect(screen.getByText('Please write the answer.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'We stopped the calls.');
    expect(screen.getByText('21/2000')).toBeTruthy();
    const photo = new File(['png-bytes'], 'receipt.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('answer-photo-input'), photo);
    expect(screen.getByRole('button', { name: 'Remove photo 1: receipt.png' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this answer?' });
    expect(within(dialog).getByText('The borrower sees it at once. An answer cannot be changed or sent again.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await screen.findByTestId('answer-text');
    expect(api.uploads).toHaveLength(1);
    expect(api.uploads[0]!.path).toBe(PATHS.upload);
    expect(api.uploads[0]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(api.uploads[0]!.file?.name).toBe('receipt.png');
    expect(api.to(PATHS.answer)[0]!.body).toEqual({
      problemId: '12',
      disposeDetail: 'We stopped the calls.',
      disposeImages: '/ops/api/console/photo/a1',
    });
    expect(api.to(PATHS.answer)[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(toastText()).toBe('Answer sent.');
    expect(screen.getByTestId('answer-text').textContent).toBe('We stopped the calls.');
    expect(screen.queryByRole('button', { name: 'Send answer' })).toBeNull();
    expect(screen.getByTestId('csat').textContent).toBe('Not rated yet.');
  });

  it('a second answer (409) shows the server message', async () => {
    stubConsole({
      [PATHS.complaint]: ok(complaint()),
      [PATHS.operators]: ok(operators),
      [PATHS.audit]: ok(audit([])),
      [PATHS.answer]: fail('This complaint has already been answered.', 'CONFLICT'),
    });
    await renderApp(AT);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Answer' }), 'Done.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    await screen.findByText('This complaint has already been answered.');
  });

  it('an answered and rated complaint shows the answer and the CSAT score', async () => {
    stubConsole({
      [PATHS.complaint]: ok(
        complaint({
          state: 'processed',
          overdue: false,
          escalated: false,
          disposeDetail: 'Refunded.',
          disposeAgent: 'ops-ana',
          score: 4,
          scoredAt: '2026-11-19T02:00:00.000Z',
          disposedAt: '2026-11-18T02:00:00.000Z',
        }),
      ),
      [PATHS.operators]: ok(operators),
      [PATHS.audit]: ok(audit([{ action: 'answer', operator: 'ops-ana' }])),
    });
    await renderApp(AT);
    expect((await screen.findByTestId('csat')).textContent).toContain('4 of 5');
    expect(screen.getByRole('img', { name: 'Borrower rating: 4 stars' })).toBeTruthy();
    expect(screen.getByText('Answered by ops-ana on 2026-11-18 09:00:00')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Answer' })).toBeNull();
    expect((await screen.findByTestId('audit')).textContent).toContain('Answered the complaint');
  });

  it('an unknown complaint says so', async () => {
    stubConsole({ [PATHS.complaint]: fail('This complaint does not exist.', 'NOT_FOUND'), [PATHS.operators]: ok(operators) });
    await renderApp(AT);
    await screen.findByText('This item could not be found.');
    expect(screen.getByText('This complaint does not exist.')).toBeTruthy();
  });
});
