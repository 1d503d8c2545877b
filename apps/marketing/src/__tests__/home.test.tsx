import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTACT, renderApp } from '../test/render.tsx';

function text(): string {
  return document.body.textContent ?? '';
}

describe('home page /', () => {
  it('shows the Indonesian figures in rupiah', async () => {
    await renderApp('/', { lang: 'id' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pinjaman Rp 1.000.000 hingga Rp 15.000.000');
    expect(text()).toContain('Rp 1.000.000');
    expect(text()).toContain('Rp 15.000.000');
    expect(text()).toContain('Gaji Rp 5.000.000 ke atas');
    expect(text()).toContain('Lebih dari 3 juta pengguna');
    expect(text()).toContain('dalam 2 jam');
    expect(text()).not.toContain('₹');
  });

  it('shows the English figures in rupees', async () => {
    await renderApp('/', { lang: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loans of ₹2,000 to ₹80,000');
    expect(text()).toContain('₹2,000');
    expect(text()).toContain('₹80,000');
    expect(text()).toContain('Salary of ₹12,000 and above');
    expect(text()).toContain('More than 3 million users');
    expect(text()).toContain('within 2 hours');
    expect(text()).not.toContain('Rp');
  });

  it('stacks five sized images with alt text', async () => {
    await renderApp('/');
    const main = screen.getByRole('main');
    const images = within(main).getAllByRole('img');
    expect(images).toHaveLength(5);
    for (const img of images) {
      expect(img.getAttribute('alt')).toMatch(/\w{3,}/);
      expect(img.getAttribute('width')).toBe('320');
      expect(img.getAttribute('height')).toBe('200');
    }
  });

  it('has the four tabs with Home marked current', async () => {
    await renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Site sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'About Us', 'Privacy Policy', 'Loan terms and conditions']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/', '/About', '/Policy', '/Loan']);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'About Us' }).getAttribute('aria-current')).toBeNull();
  });

  it('has the contact block with phone and email from the API, the address and the 2025 copyright', async () => {
    const { fetchMock } = await renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText(CONTACT.smWa)).toBeTruthy();
    expect(within(footer).getByText(CONTACT.email).getAttribute('href')).toBe(`mailto:${CONTACT.email}`);
    expect(within(footer).getByText(/21 Residency Road, Bengaluru/)).toBeTruthy();
    expect(within(footer).getByText('© 2025 Lendview. All rights reserved.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/v3/personal-center/contact-kf-info');
    expect(init.method).toBe('POST');
    expect(init.body).toEqual(expect.stringContaining('overall=30'));
  });

  it('sets the document title', async () => {
    await renderApp('/');
    await waitFor(() => expect(document.title).toBe('Lendview: personal loans in 2 hours'));
  });
});
