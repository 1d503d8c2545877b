import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS, audit, contact, operators } from '../test/fixtures.ts';
import { fail, ok, renderApp, signIn, stubConsole, toastText } from '../test/render.tsx';

const AT = '/ops/item?kind=contact&id=3';
const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('.lv-card') as HTMLElement;

beforeEach(() => signIn());

describe('/ops/item?kind=contact: a message from the site', () => {
  it('who sent it, how to reach them in full, what they wrote; close it with what was done', async () => {
    let closed = false;
    const api = stubConsole({
      [PATHS.contact]: () =>
        ok(
          contact(
            closed
              ? {
                  state: 'processed',
                  reply: 'Called back, explained the loan.',
                  closedBy: 'ops-support',
                  closedAt: '2026-11-18T02:00:00.000Z',
                }
              : {},
          ),
        ),
      [PATHS.operators]: ok(operators),
      [PATHS.audit]: () => ok(audit(closed ? [{ action: 'contact_close', kind: 'contact', itemId: '3' }] : [])),
      [PATHS.close]: () => {
        closed = true;
        return ok(contact().message);
      },
    });
    await renderApp(AT);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact message #3');
    await screen.findByTestId('contact-text');
    expect(api.to(PATHS.contact)[0]!.body).toEqual({ id: '3' });
    const msg = within(card('Message'));
    expect(msg.getByText('Siti')).toBeTruthy();
    expect(msg.getByText('081234567878')).toBeTruthy();
    expect(msg.getByText('siti@example.co.id')).toBeTruthy();
    expect(msg.getByText('Contact page form')).toBeTruthy();
    expect(msg.getByText('Open')).toBeTruthy();
    expect(screen.getByTestId('contact-text').textContent).toBe('Please call me about a loan.');
    expect((await screen.findByTestId('assignee')).textContent).toBe('Nobody is assigned.');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close message' }));
    expect(screen.getByText('Please write what was done.')).toBeTruthy();
    expect(api.to(PATHS.close)).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'What was done' }), 'Called back, explained the loan.');
    await user.click(screen.getByRole('button', { name: 'Close message' }));
    await screen.findByText('Closed by ops-support on 2026-11-18 09:00:00');
    expect(api.to(PATHS.close)[0]!.body).toEqual({ id: '3', reply: 'Called back, explained the loan.' });
    expect(toastText()).toBe('Message closed.');
    expect(screen.getByText('Closed')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('audit').textContent).toContain('Closed the message'));
    expect(screen.queryByRole('button', { name: 'Close message' })).toBeNull();
  });

  it('a message without e-mail (the Contact page form has none)', async () => {
    stubConsole({
      [PATHS.contact]: ok(contact({ email: '', source: 'home' })),
      [PATHS.operators]: ok(operators),
      [PATHS.audit]: ok(audit([])),
    });
    await renderApp(AT);
    await screen.findByTestId('contact-text');
    expect(screen.getByText('Not given')).toBeTruthy();
    expect(screen.getByText('Home page form')).toBeTruthy();
  });

  it('closing twice (409) shows the server message', async () => {
    stubConsole({
      [PATHS.contact]: ok(contact()),
      [PATHS.operators]: ok(operators),
      [PATHS.audit]: ok(audit([])),
      [PATHS.close]: fail('This message has already been closed.', 'CONFLICT'),
    });
    await renderApp(AT);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'What was done' }), 'Called.');
    await user.click(screen.getByRole('button', { name: 'Close message' }));
    await screen.findByText('This message has already been closed.');
  });

  it('an address without a kind or id says so', async () => {
    stubConsole({ [PATHS.operators]: ok(operators) });
    await renderApp('/ops/item?kind=loan&id=3');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This item could not be found.');
    expect(screen.getByText('This address does not name a complaint or a contact message.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the queue' }).getAttribute('href')).toBe('/ops');
  });
});
