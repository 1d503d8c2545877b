import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '@lendview/bridge';
import { CATEGORIES, HOW_TO_REPAY, PATHS, REPAYMENT_QUESTIONS, problemInit } from '../test/fixtures.ts';
import { type Handler, currentLocation, fail, ok, renderApp, stubApi, toastText } from '../test/render.tsx';

const CHAT = '/intelligentCustomerService?selectedIndex=1&orderNo=DEMO-170';

const qaList: Handler = (q) => {
  if (q.pid === '0') return ok(CATEGORIES);
  if (q.pid === '2') return ok(REPAYMENT_QUESTIONS);
  if (q.pid === '21') return ok(HOW_TO_REPAY);
  return fail('Not found');
};

function setup(record: Handler = ok({ reply: '', matched: false, qaId: 0 }), extra: Record<string, Handler> = {}) {
  return stubApi({ [PATHS.qaList]: qaList, [PATHS.qaRecord]: record, ...extra });
}

const log = () => within(screen.getByRole('log', { name: 'Conversation' }));

/** The chat is open on Repayment with its questions shown. */
async function openAtQuestions() {
  await renderApp(CHAT);
  await log().findByRole('button', { name: 'How do I repay?' });
}

async function openAnswer() {
  await openAtQuestions();
  await userEvent.setup().click(log().getByRole('button', { name: 'How do I repay?' }));
  await log().findByText(HOW_TO_REPAY.data);
}

const records = (api: ReturnType<typeof stubApi>) => api.to(PATHS.qaRecord).map((c) => c.body);

describe('/intelligentCustomerService (spec 4.2)', () => {
  it('loads the categories (pid 0), chooses the one at selectedIndex and loads its questions', async () => {
    const api = setup();
    await openAtQuestions();
    expect(api.to(PATHS.qaList).map((c) => ({ pid: c.body.pid, orderNo: c.body.orderNo, method: c.method }))).toEqual([
      { pid: '0', orderNo: 'DEMO-170', method: 'GET' },
      { pid: '2', orderNo: 'DEMO-170', method: 'GET' },
    ]);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Customer service assistant']);
    expect(log().getByRole('button', { name: 'Account and security' })).toBeTruthy();
    expect(log().getByText('Repayment', { selector: '.cc-bubble--user p' })).toBeTruthy();
  });

  it('a question shows its answer with Resolved / Not resolved', async () => {
    setup();
    await openAnswer();
    expect(log().getByText('How do I repay?', { selector: '.cc-answer__question' })).toBeTruthy();
    expect(log().getByRole('button', { name: 'Resolved' })).toBeTruthy();
    expect(log().getByRole('button', { name: 'Not resolved' })).toBeTruthy();
  });

  it('action_type 4 records type 1 and goes to the complaint form', async () => {
    const api = setup(ok({ reply: '', matched: false, qaId: 23 }), { [PATHS.init]: ok(problemInit()) });
    await openAtQuestions();
    await userEvent.setup().click(log().getByRole('button', { name: 'I have paid but my loan is still unpaid' }));
    await screen.findByRole('heading', { level: 1, name: 'Submit a complaint' });
    expect(records(api)).toEqual([{ orderNo: 'DEMO-170', type: '1', value: '', qaId: '23' }]);
    expect(currentLocation()).toBe('/complainPageNext?orderNo=DEMO-170');
  });

  it('Resolved records type 2 value 1 and opens the stars; 3 stars record type 3 and show the server message', async () => {
    const api = setup((body) =>
      ok({ reply: body.type === '3' ? 'Sorry it was not better. Tell us how we can improve.' : '', matched: false, qaId: 21 }),
    );
    const goRating = vi.spyOn(bridge, 'goRating').mockReturnValue(true);
    await openAnswer();
    const user = userEvent.setup();
    await user.click(log().getByRole('button', { name: 'Resolved' }));
    const dialog = await screen.findByRole('dialog', { name: 'How would you rate this answer?' });
    await waitFor(() => expect(records(api)).toEqual([{ orderNo: 'DEMO-170', type: '2', value: '1', qaId: '21' }]));
    await user.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await log().findByText('Sorry it was not better. Tell us how we can improve.');
    expect(records(api)[1]).toEqual({ orderNo: 'DEMO-170', type: '3', value: '3', qaId: '21' });
    expect(goRating).not.toHaveBeenCalled();
    expect(log().getByText('Glad we could help.')).toBeTruthy();
  });

  it('5 stars record type 3 and call the native rating', async () => {
    const api = setup();
    const goRating = vi.spyOn(bridge, 'goRating').mockReturnValue(true);
    await openAnswer();
    const user = userEvent.setup();
    await user.click(log().getByRole('button', { name: 'Resolved' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('radio', { name: '5 stars' }));
    expect(goRating).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(records(api)[1]).toEqual({ orderNo: 'DEMO-170', type: '3', value: '5', qaId: '21' }));
  });

  it('Not resolved records type 2 value 2', async () => {
    const api = setup();
    await openAnswer();
    await userEvent.setup().click(log().getByRole('button', { name: 'Not resolved' }));
    await waitFor(() => expect(records(api)).toEqual([{ orderNo: 'DEMO-170', type: '2', value: '2', qaId: '21' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(log().queryByRole('button', { name: 'Resolved' })).toBeNull();
  });

  it('free text records type 4 and shows the reply with Contact CS', async () => {
    const api = setup(ok({ reply: 'Payments are usually confirmed within minutes.', matched: true, qaId: 23 }));
    await openAtQuestions();
    const user = userEvent.setup();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Your question' });
    await user.type(input, 'Where is my payment?{Enter}');
    await log().findByText('Payments are usually confirmed within minutes.');
    expect(records(api)).toEqual([{ orderNo: 'DEMO-170', type: '4', value: 'Where is my payment?', qaId: '0' }]);
    expect(input.value).toBe('');
    const cs = log().getByRole('link', { name: 'Contact CS' });
    expect(cs.getAttribute('href')).toBe('/customerService');
    await user.click(cs);
    expect(screen.getByTestId('elsewhere').textContent).toBe('/customerService');
  });

  it('an empty send does nothing', async () => {
    const api = setup();
    await openAtQuestions();
    const user = userEvent.setup();
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    // Disabled, not a button that does nothing when tapped (issue 40 item 6).
    expect(send.disabled).toBe(true);
    await user.click(send);
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), '   {Enter}');
    expect(send.disabled).toBe(true);
    expect(records(api)).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'Where is my payment?');
    expect(send.disabled).toBe(false);
  });

  it('a send that fails keeps the text in the box', async () => {
    setup(fail('Too many messages, try again later', 'RATE_LIMITED'));
    await openAtQuestions();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Your question' });
    await userEvent.setup().type(input, 'Where is my payment?{Enter}');
    await waitFor(() => expect(toastText()).toBe('Too many messages, try again later'));
    expect(input.value).toBe('Where is my payment?');
    expect(log().queryByText('Where is my payment?')).toBeNull();
  });

  it('server text is shown as text, never as markup', async () => {
    stubApi({
      [PATHS.qaList]: ok({
        ...CATEGORIES,
        answerList: [{ id: 1, title_local: '<img src=x onerror=alert(1)>Loans', title_local_alias: '', action_type: 0 }],
      }),
    });
    await renderApp('/intelligentCustomerService?selectedIndex=5&orderNo=DEMO-170');
    expect(await log().findByRole('button', { name: '<img src=x onerror=alert(1)>Loans' })).toBeTruthy();
    expect(document.querySelector('.cc-chat img')).toBeNull();
  });

  it('a list that fails to load offers a retry', async () => {
    let failing = true;
    stubApi({ [PATHS.qaList]: (q) => (failing ? 'network-error' : qaList(q)) });
    await renderApp(CHAT);
    const retry = await log().findByRole('button', { name: 'Retry' });
    failing = false;
    await userEvent.setup().click(retry);
    await log().findByRole('button', { name: 'How do I repay?' });
  });

  it('speaks Indonesian', async () => {
    setup();
    await renderApp(CHAT, { lang: 'id' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Asisten layanan pelanggan']);
    await screen.findByRole('log', { name: 'Percakapan' });
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeTruthy();
  });
});
