import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keyFacts, loanDetails } from '../test/fixtures.ts';
import { ok, renderApp, stubApi } from '../test/render.tsx';

// Issue 18: a loan of ours carries its key facts statement on /loanDetails, fetched when opened.
const DETAIL = '/v3/loan-details/detail';
const KEY_FACTS = '/v3/loan-details/key-facts';

describe('/loanDetails: the loan’s key facts statement', () => {
  it('is asked only when opened, for this order, and shows the statement', async () => {
    const api = stubApi({
      [DETAIL]: ok(loanDetails({ orderId: 'DEMO-170' })),
      [KEY_FACTS]: ok(keyFacts({ provisionalDates: false, scheduleTitle: 'Repayment schedule' })),
    });
    await renderApp('/loanDetails?productId=1&orderId=DEMO-170', { lang: 'en' });
    const button = await screen.findByRole('button', { name: 'Key facts statement' });
    expect(api.to(KEY_FACTS)).toHaveLength(0);
    await userEvent.setup().click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Key facts statement' });
    expect(api.to(KEY_FACTS).map((c) => c.body)).toEqual([{ orderId: 'DEMO-170', productId: '1' }]);
    expect(within(dialog).getByTestId('kfs-apr').textContent).toBe('33.16%');
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Repayment schedule' })).toBeTruthy();
  });

  it("is not offered for a partner's loan or a rejected application", async () => {
    stubApi({ [DETAIL]: ok(loanDetails({ inside: 0 })) });
    await renderApp('/loanDetails?productId=2&orderId=DEMO-H5', { lang: 'en' });
    await waitFor(() => expect(document.querySelector('.lv-rows')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Key facts statement' })).toBeNull();
  });
});
