import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PATHS, problemInitV3 } from '../test/fixtures.ts';
import { currentLocation, expectLocation, ok, renderApp, stubApi } from '../test/render.tsx';

describe('/complainNewPage: the problem grid', () => {
  it('loads the v3 problem-init by orderNo and shows the order, the open count and the topics', async () => {
    const api = stubApi({ [PATHS.initV3]: ok(problemInitV3()) });
    await renderApp('/complainNewPage?orderNo=DEMO-170');
    await screen.findByTestId('order-card');
    expect(api.to(PATHS.initV3).map((c) => c.body)).toEqual([{ orderNo: 'DEMO-170' }]);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['How can we help?']);
    expect(screen.getByRole('link', { name: 'My complaints, 2 open' }).getAttribute('href')).toBe('/complaintList');
    const grid = within(screen.getByRole('region', { name: 'Choose a topic' }));
    expect(grid.getAllByRole('button').map((b) => b.textContent)).toEqual(['Loan application', 'Repayment', 'Account and security']);
  });

  it('a topic opens the chatbot on it (selectedIndex = its position)', async () => {
    stubApi({ [PATHS.initV3]: ok(problemInitV3()) });
    await renderApp('/complainNewPage?orderNo=DEMO-170');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Repayment' }));
    await expectLocation('/intelligentCustomerService?selectedIndex=1&orderNo=DEMO-170');
  });

  it("'Semua' opens the order picker in Indonesian; picking an order reloads", async () => {
    const api = stubApi({ [PATHS.initV3]: ok(problemInitV3()) });
    await renderApp('/complainNewPage?orderNo=DEMO-170', { lang: 'id' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Ada yang bisa kami bantu?']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Semua, pilih pesanan lain' }));
    const sheet = screen.getByRole('dialog', { name: 'Pilih pesanan' });
    await user.click(within(sheet).getByRole('button', { name: /Dana Kilat/ }));
    await waitFor(() => expect(api.to(PATHS.initV3).map((c) => c.body.orderNo)).toEqual(['DEMO-170', 'DEMO-200']));
    expect(currentLocation()).toBe('/complainNewPage?orderNo=DEMO-200');
  });

  it('no open complaints: no count on the link', async () => {
    stubApi({ [PATHS.initV3]: ok(problemInitV3({ problemStatus: 0 })) });
    await renderApp('/complainNewPage?orderNo=DEMO-170');
    await screen.findByTestId('order-card');
    expect(screen.getByRole('link', { name: 'My complaints' })).toBeTruthy();
  });
});
