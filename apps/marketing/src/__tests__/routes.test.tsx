import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render.tsx';

const ROUTES: [path: string, h1: string, siteFrame: boolean][] = [
  ['/', 'Loans of ₹2,000 to ₹80,000', true],
  ['/Policy', 'Privacy Policy', true],
  ['/Loan', 'Loan terms and conditions', true],
  ['/About', 'About Us', true],
  ['/User', 'My account', true],
  ['/Contact', 'Contact', true],
  ['/privacyPolicy', 'Privacy Policy', false],
  ['/aboutUs', 'About us', false],
  ['/customerService', 'Customer service', false],
  ['/loanTerms', 'Loan terms and conditions', false],
];

describe('routes', () => {
  it.each(ROUTES)('%s has one h1, one main and the right frame', async (path, h1, siteFrame) => {
    await renderApp(path);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([h1]);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.queryAllByRole('navigation', { name: 'Site sections' })).toHaveLength(siteFrame ? 1 : 0);
    expect(screen.queryAllByRole('contentinfo')).toHaveLength(siteFrame ? 1 : 0);
  });

  it('answers an unknown path with a localized not-found', async () => {
    await renderApp('/no-such-page', { lang: 'id' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Halaman tidak ditemukan');
    expect(screen.getByRole('link', { name: 'Kembali ke beranda' }).getAttribute('href')).toBe('/');
  });

  it('/About shows three captioned images', async () => {
    await renderApp('/About');
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(3);
    for (const figure of figures) {
      const img = within(figure).getByRole('img');
      expect(img.getAttribute('alt')).toMatch(/\w{3,}/);
      expect(img.getAttribute('width')).toBe('320');
      expect(img.getAttribute('height')).toBe('200');
      expect(figure.querySelector('figcaption')?.textContent).toMatch(/^Our (mission|team|promise): /);
    }
  });

  it('/User has an empty body', async () => {
    await renderApp('/User');
    const main = screen.getByRole('main');
    expect(main.children).toHaveLength(1);
    expect(main.textContent).toBe('My account');
  });

  it('/aboutUs describes the company as a licensed non-bank lender', async () => {
    await renderApp('/aboutUs', { lang: 'id' });
    expect(screen.getByRole('main').textContent).toContain('Lendview adalah pemberi pinjaman non-bank berizin.');
    expect(screen.getByRole('main').textContent).toContain('Rp 1.000.000 hingga Rp 15.000.000');
  });
});
