import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PATHS, order, problemInit } from '../test/fixtures.ts';
import { currentLocation, expectLocation, settle, fail, ok, renderApp, stubApi, toastText } from '../test/render.tsx';

async function open(path = '/complaint?orderNo=DEMO-170', lang: 'en' | 'id' = 'en') {
  await renderApp(path, { lang });
  await screen.findByTestId('order-card');
}

describe('/complaint: the complaint entry', () => {
  it('loads problem-init for the order (as orderId) and shows header image, My complaints, the order and the types', async () => {
    const api = stubApi({ [PATHS.init]: ok(problemInit()) });
    await open();
    expect(api.to(PATHS.init).map((c) => c.body)).toEqual([{ orderId: 'DEMO-170' }]);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Complaints and help']);
    expect(document.querySelector('.cc-hero__image')?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('link', { name: /My complaints/ }).getAttribute('href')).toBe('/complaintList');
    const card = screen.getByTestId('order-card');
    expect(within(card).getByText('LendView Cepat')).toBeTruthy();
    expect(within(card).getByText('Order no. DEMO-170')).toBeTruthy();
    expect(within(card).getByText('Repaying')).toBeTruthy();
    expect(Array.from(card.querySelectorAll('.lv-rows__row')).map((r) => r.textContent)).toEqual([
      'Loan amountRp 2.500.000',
      'Due date2025-03-01',
    ]);
    const types = within(screen.getByRole('region', { name: 'What is your complaint about?' })).getAllByRole('button');
    expect(types.map((b) => b.textContent)).toEqual(['Collection', 'Repayment', 'Loan application']);
  });

  it('a type other than collection goes straight to the form', async () => {
    stubApi({ [PATHS.init]: ok(problemInit()) });
    await open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Repayment' }));
    await expectLocation('/complainPageNext?problemType=2&problemSonType=0&orderNo=DEMO-170');
  });

  it('collection (type 1) shows its sub-types first; a sub-type goes to the form', async () => {
    stubApi({ [PATHS.init]: ok(problemInit()) });
    await open();
    const collection = screen.getByRole('button', { name: 'Collection' });
    expect(collection.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(collection);
    expect(collection.getAttribute('aria-expanded')).toBe('true');
    await settle();
    expect(currentLocation()).toBe('/complaint?orderNo=DEMO-170');
    expect(screen.getByText('What happened?')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Contacting my family or friends' }));
    await expectLocation('/complainPageNext?problemType=1&problemSonType=2&orderNo=DEMO-170');
  });

  it('collection on an order whose isShow is not 1 says so and goes nowhere', async () => {
    const init = problemInit();
    stubApi({ [PATHS.init]: ok({ ...init, orderDetail: { ...init.orderDetail!, isShow: 0 } }) });
    await open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Collection' }));
    expect(toastText()).toBe('The selected order does not support sending collection types');
    expect(screen.queryByText('Harassing calls or messages')).toBeNull();
    await settle();
    expect(currentLocation()).toBe('/complaint?orderNo=DEMO-170');
  });

  it('the same message in Indonesian', async () => {
    const init = problemInit();
    stubApi({ [PATHS.init]: ok({ ...init, orderDetail: { ...init.orderDetail!, isShow: 0 } }) });
    await open('/complaint?orderNo=DEMO-170', 'id');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Pengaduan dan bantuan']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Collection' }));
    expect(toastText()).toBe('Pesanan yang dipilih tidak mendukung pengaduan jenis penagihan');
  });

  it("'All' lists the orders in a sheet; picking one reloads with that order", async () => {
    const other = order('DEMO-200', { status: 200, productName: 'Dana Kilat', isShow: 0 });
    const api = stubApi({
      [PATHS.init]: (body) => ok(problemInit(body.orderId === 'DEMO-200' ? { orderDetail: other } : {})),
    });
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'All, choose another order' }));
    const sheet = screen.getByRole('dialog', { name: 'Choose an order' });
    const choices = within(sheet)
      .getAllByRole('button')
      .filter((b) => b.classList.contains('cc-picker__item'));
    expect(choices.map((b) => b.getAttribute('aria-current'))).toEqual(['true', null]);
    expect(choices[0]!.querySelector('.cc-picker__check')).not.toBeNull();
    await user.click(within(sheet).getByRole('button', { name: /Dana Kilat/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(within(screen.getByTestId('order-card')).getByText('Order no. DEMO-200')).toBeTruthy());
    expect(currentLocation()).toBe('/complaint?orderNo=DEMO-200');
    expect(api.to(PATHS.init).map((c) => c.body.orderId)).toEqual(['DEMO-170', 'DEMO-200']);
    expect(within(screen.getByTestId('order-card')).getByText('Settled')).toBeTruthy();
  });

  it('a borrower without orders still sees the types', async () => {
    stubApi({ [PATHS.init]: ok(problemInit({ orderDetail: null, orderList: [] })) });
    await open('/complaint');
    expect(screen.getByText('You have no loan orders yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^All/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Loan application' }));
    await expectLocation('/complainPageNext?problemType=3&problemSonType=0&orderNo=');
  });

  it('a failed load offers a retry', async () => {
    stubApi({ [PATHS.init]: fail('Server busy', 'SERVER_ERROR') });
    await renderApp('/complaint?orderNo=DEMO-170');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(toastText()).toBe('Server busy');
    stubApi({ [PATHS.init]: ok(problemInit()) });
    await userEvent.setup().click(retry);
    await screen.findByTestId('order-card');
  });
});
