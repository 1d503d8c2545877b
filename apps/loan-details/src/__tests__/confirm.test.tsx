import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSharedParams } from '@lendview/api-client';
import { bridge } from '@lendview/bridge';
import type { LoanConfirm } from '../api/loan-detail-confirm.ts';
import { externalNav } from '../lib/navigation.ts';
import { showsPopup } from '../lib/confirm-rules.ts';
import { keyFacts, loanConfirm } from '../test/fixtures.ts';
import { type Handler, fail, ok, renderApp, stubApi, toastText } from '../test/render.tsx';

const CONFIRM = '/v3/loan-confirm/loan-detail-confirm';
const PUSH = '/v3/loan-confirm/loan-detail-push';
const CONTRACTS = '/v3/contract/contract';
const JUMP = '/v3/contract/contract-jump';
const KEY_FACTS = '/v3/loan-confirm/key-facts';

const CONTRACT_LIST = [
  { id: 11, title: 'Loan agreement' },
  { id: 12, title: 'Privacy authorisation' },
];

function setup(over: Partial<LoanConfirm> = {}, extra: Record<string, Handler> = {}) {
  return stubApi({ [CONFIRM]: ok(loanConfirm(over)), [CONTRACTS]: ok(CONTRACT_LIST), [KEY_FACTS]: ok(keyFacts()), ...extra });
}

/** Opens the key facts statement and closes it again, as a borrower must before Confirm (issue 18). */
async function readKeyFacts(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Read the key facts statement' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Key facts statement' })).getByRole('button', { name: 'I have read it' }));
}

async function open(lang: 'en' | 'id' = 'en', path = '/confirm?productId=1&orderId=&position=0') {
  await renderApp(path, { lang });
  await screen.findByTestId('confirm-amount');
}

afterEach(() => {
  setSharedParams({ tok: undefined });
});

const confirmButton = (name = 'Confirm') => screen.getByRole<HTMLButtonElement>('button', { name });

describe('/confirm: what it shows', () => {
  it('shows the product, amount, term, rate, repayment date, rows, plan and agreements', async () => {
    const api = setup();
    await open();
    expect(api.to(CONFIRM).map((c) => c.body)).toEqual([{ productId: '1' }]);
    await waitFor(() => expect(api.to(CONTRACTS).map((c) => c.body)).toEqual([{ productId: '1', scene: '3' }]));
    expect(screen.getByText('LendView Cepat')).toBeTruthy();
    expect(screen.getByTestId('confirm-amount').textContent).toBe('₹2,000,000');
    const facts = Array.from(document.querySelectorAll('.ld-offer__fact')).map((f) => f.textContent);
    expect(facts).toEqual(['Loan term91 days', 'Daily rate0.05%', 'Repayment date2025-06-01']);
    for (const text of ['Service fee', 'Received amount', 'Total repayment', 'Repay on time to raise your limit.']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(await screen.findByRole('button', { name: 'Loan agreement' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Privacy authorisation' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Confirm loan']);
  });

  it('shows the money and term in Indonesian', async () => {
    setup();
    await open('id');
    expect(screen.getByTestId('confirm-amount').textContent).toBe('Rp 2.000.000');
    expect(screen.getByText('91 hari')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Saya telah membaca dan menyetujui perjanjian di atas' })).toBeTruthy();
  });

  it('opens the detailed repayment plan with every instalment', async () => {
    setup({
      repay_plans: [
        { title: 'Instalment 1 of 2', amount: 100_000_000, description: 'Principal ₹1,000,000 + interest ₹0', pay_time: '2025-05-01' },
        { title: 'Instalment 2 of 2', amount: 109_100_000, description: 'Principal ₹1,000,000 + interest ₹91,000', pay_time: '2025-06-01' },
      ],
    });
    await open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Detailed repayment plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Detailed repayment plan' });
    expect(within(dialog).getByText('Daily interest rate 0.05% · 91 days')).toBeTruthy();
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Instalment 1 of 2₹1,000,000BreakdownPrincipal ₹1,000,000 + interest ₹0Repayment date2025-05-01',
      'Instalment 2 of 2₹1,091,000BreakdownPrincipal ₹1,000,000 + interest ₹91,000Repayment date2025-06-01',
    ]);
  });

  it('a failed load shows the server message and a retry', async () => {
    stubApi({ [CONFIRM]: fail('Product not available', 'BAD_REQUEST'), [CONTRACTS]: ok([]) });
    await renderApp('/confirm?productId=9');
    expect(await screen.findByText('This loan offer could not be loaded.')).toBeTruthy();
    await waitFor(() => expect(toastText()).toBe('Product not available'));
    expect(confirmButton().disabled).toBe(true);
  });
});

describe('/confirm: agreement checkbox (spec 4.8)', () => {
  it('is checked by default; unchecking disables Confirm and sends nothing', async () => {
    const api = setup({}, { [PUSH]: ok({ orderId: 'N1', lendDetailsUrl: '/loanDetails?productId=1&orderId=N1' }) });
    await open();
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'I have read and agreed to the above' });
    expect(box.checked).toBe(true);
    const user = userEvent.setup();
    await readKeyFacts(user);
    expect(confirmButton().disabled).toBe(false);
    await user.click(box);
    expect(box.checked).toBe(false);
    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByText('Tick the box above to confirm your loan.')).toBeTruthy();
    await user.click(confirmButton());
    expect(api.to(PUSH)).toHaveLength(0);
    await user.click(box);
    expect(confirmButton().disabled).toBe(false);
  });
});

describe('/confirm: key facts statement (issue 18)', () => {
  it('Confirm stays disabled until the statement is opened; it shows the APR, every section and the schedule', async () => {
    const api = setup({}, { [PUSH]: ok({ orderId: 'N1', lendDetailsUrl: '/loanDetails?productId=1&orderId=N1' }) });
    await open();
    await waitFor(() => expect(api.to(KEY_FACTS).map((c) => c.body)).toEqual([{ productId: '1', amount: '200000000', periods: '91' }]));
    const card = await screen.findByTestId('kfs-card');
    expect(card.textContent).toContain('33.16%');
    expect(card.textContent).toContain('₹2,091,000');
    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByText('Read the key facts statement above before you confirm.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(confirmButton());
    expect(api.to(PUSH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Read the key facts statement' }));
    const dialog = screen.getByRole('dialog', { name: 'Key facts statement' });
    expect(within(dialog).getByTestId('kfs-apr').textContent).toBe('33.16%');
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Loan and its cost', 'Grievance officer', 'Repayment schedule']);
    const rows = within(dialog)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'No.Due dateAmount',
      '12025-04-01₹696,666.66Principal ₹666,666.66 · Interest ₹30,000',
      '22025-05-01₹696,666.66Principal ₹666,666.66 · Interest ₹30,000',
      '32025-06-01₹697,666.68Principal ₹666,666.68 · Interest ₹31,000',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'I have read it' }));
    expect(screen.getByText('You have opened the key facts statement.')).toBeTruthy();
    expect(screen.queryByText('Read the key facts statement above before you confirm.')).toBeNull();
    expect(confirmButton().disabled).toBe(false);
    await user.click(confirmButton());
    await waitFor(() => expect(api.to(PUSH).map((c) => c.body.keyFacts)).toEqual(['a'.repeat(64)]));
  });

  it('a statement that changed (409) is fetched again and must be opened again', async () => {
    let facts = keyFacts();
    setup(
      {},
      {
        [KEY_FACTS]: () => ok(facts),
        [PUSH]: fail('The key facts of this loan have changed. Please read them again before you confirm.', 'CONFLICT'),
      },
    );
    await open();
    const user = userEvent.setup();
    await readKeyFacts(user);
    facts = keyFacts({ sha256: 'b'.repeat(64), apr: '34.00%' });
    await user.click(confirmButton());
    await waitFor(() => expect(toastText()).toBe('The key facts of this loan have changed. Please read them again before you confirm.'));
    await waitFor(() => expect(screen.getByTestId('kfs-card').textContent).toContain('34.00%'));
    expect(confirmButton().disabled).toBe(true);
    await readKeyFacts(user);
    expect(confirmButton().disabled).toBe(false);
  });

  it('a statement that cannot be loaded says so and offers a retry; Confirm stays disabled', async () => {
    setup({}, { [KEY_FACTS]: fail('Something went wrong on our side. Please try again later.', 'SERVER_ERROR') });
    await open();
    expect(await screen.findByText('The key facts statement could not be loaded.')).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);
  });
});

describe('/confirm: Confirm', () => {
  it('sends the loan once and goes to the loan details with from=confirm', async () => {
    let answer: (v: unknown) => void = () => {};
    const api = setup(
      {},
      {
        [PUSH]: () =>
          new Promise((r) => (answer = r)).then(() => ok({ orderId: 'N1', lendDetailsUrl: '/loanDetails?productId=1&orderId=N1' })),
      },
    );
    await open();
    const user = userEvent.setup();
    await readKeyFacts(user);
    await user.click(confirmButton());
    await user.click(confirmButton());
    await waitFor(() => expect(api.to(PUSH)).toHaveLength(1));
    expect(confirmButton().disabled).toBe(true);
    answer(null);
    // The details page is a lazy route: under a loaded machine it can take longer than the default second to mount.
    await screen.findByRole('heading', { level: 1, name: 'Loan details' });
    expect(api.to(PUSH).map((c) => c.body)).toEqual([
      { amount: '200000000', periods: '91', termUnit: 'day', productId: '1', loanType: '1', keyFacts: 'a'.repeat(64) },
    ]);
    // The details page asks for the new order once it has mounted (under load, after its heading shows).
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/v3/loan-details/detail').map((c) => c.body)).toEqual([{ productId: '1', orderId: 'N1' }]),
    );
  });

  it('a full URL of another site is opened by the browser, with from=confirm', async () => {
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    setup({}, { [PUSH]: ok({ orderId: 'N1', lendDetailsUrl: 'https://other.example.com/loanDetails?orderId=N1' }) });
    await open();
    const user = userEvent.setup();
    await readKeyFacts(user);
    await user.click(confirmButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://other.example.com/loanDetails?orderId=N1&from=confirm'));
  });

  it('a refused confirm shows the message and can be tried again', async () => {
    const api = setup({}, { [PUSH]: fail('Limit reached', 'BAD_REQUEST') });
    await open();
    const user = userEvent.setup();
    await readKeyFacts(user);
    await user.click(confirmButton());
    await waitFor(() => expect(toastText()).toBe('Limit reached'));
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await user.click(confirmButton());
    await waitFor(() => expect(api.to(PUSH)).toHaveLength(2));
  });
});

describe('/confirm: agreements', () => {
  it('an agreement link asks contract-jump with its position and opens the URL with the session', async () => {
    setSharedParams({ tok: 'tok-5' });
    const assign = vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    const api = setup({}, { [JUMP]: ok({ contract_url: '/v3/contract/view?id=2&productId=1&isNeedPop=1' }) });
    await open('en', '/confirm?productId=1&orderId=DEMO-21&position=0');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Privacy authorisation' }));
    // back=confirm: the agreement page links back here (issue 40).
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/v3/contract/view?tok=tok-5&id=2&productId=1&isNeedPop=1&back=confirm'));
    expect(api.to(JUMP).map((c) => c.body)).toEqual([{ productId: '1', scene: '3', position: '1', orderId: 'DEMO-21', loanType: '1' }]);
  });
});

describe('/confirm: popup agreement (spec 4.8)', () => {
  it.each([
    [1, 'https://x.example/agree', true],
    [1, '', false],
    [1, '   ', false],
    [0, 'https://x.example/agree', false],
  ] as const)('isPopType %i with url %j → shown: %s', async (isPopType, url, shown) => {
    expect(showsPopup({ isPopType, popAgreementUrl: url })).toBe(shown);
    setup({ isPopType, popAgreementUrl: url, popTitle: 'Loan agreement' });
    await open();
    expect(screen.queryByRole('dialog', { name: 'Loan agreement' }) !== null).toBe(shown);
  });

  it('shows the agreement in a frame (with the session); Agree closes it', async () => {
    setSharedParams({ tok: 'tok-6' });
    setup({
      isPopType: 1,
      popAgreementUrl: '/v3/contract/view?id=1',
      popTitle: 'Loan agreement',
      popContent: 'Please read before you borrow.',
    });
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'Loan agreement' });
    expect(within(dialog).getByTitle('Agreement: Loan agreement').getAttribute('src')).toBe('/v3/contract/view?tok=tok-6&id=1');
    expect(within(dialog).getByText('Please read before you borrow.')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Agree' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('back from an agreement page (a new load of /confirm): the popup stays agreed and the statement opened', async () => {
    vi.spyOn(externalNav, 'assign').mockImplementation(() => {});
    setup({ isPopType: 1, popAgreementUrl: '/v3/contract/view?id=1', popTitle: 'Loan agreement' });
    await open();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('dialog', { name: 'Loan agreement' })).getByRole('button', { name: 'Agree' }));
    await readKeyFacts(user);
    expect(confirmButton().disabled).toBe(false);

    cleanup();
    await open();
    expect(screen.queryByRole('dialog', { name: 'Loan agreement' })).toBeNull();
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(screen.getByText('You have opened the key facts statement.')).toBeTruthy();
  });

  it('a statement that changed since it was opened is asked for again after a return', async () => {
    setup({ isPopType: 0 });
    await open();
    await readKeyFacts(userEvent.setup());
    cleanup();
    setup({ isPopType: 0 }, { [KEY_FACTS]: ok({ ...keyFacts(), sha256: 'f'.repeat(64) }) });
    await open();
    await screen.findByTestId('kfs-card');
    expect(confirmButton().disabled).toBe(true);
  });

  it('Cancel closes the web view', async () => {
    const close = vi.spyOn(bridge, 'closeWebView').mockReturnValue(true);
    setup({ isPopType: 1, popAgreementUrl: '/Loan', popTitle: 'Loan agreement' });
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'Loan agreement' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
