import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render.tsx';

const headings = (level: number) => screen.getAllByRole('heading', { level }).map((h) => h.textContent);

describe('/privacyPolicy', () => {
  it('has every section heading (English)', async () => {
    await renderApp('/privacyPolicy');
    expect(headings(1)).toEqual(['Privacy Policy']);
    await waitFor(() => expect(document.title).toBe('Privacy Policy'));
    expect(headings(2)).toEqual([
      'Contents',
      'Information we collect',
      'Use of information',
      'Disclosure of information',
      'Cookies',
      'Data security',
      'Non-discrimination statement',
      'Your rights',
      'Protection of minors',
      'Changes to this policy',
      'Contact us',
    ]);
    expect(headings(3)).toEqual([
      'Right of access',
      'Right to correction',
      'Right to erasure',
      'Cancelling your account',
      'Right to object',
      'Right to restrict processing',
      'Right to withdraw consent',
      'Right to complain',
    ]);
  });

  it('states the rules of spec 2.3', async () => {
    await renderApp('/privacyPolicy');
    const text = document.body.textContent ?? '';
    expect(text).toContain('You can cancel your account at any time when you have no outstanding loan.');
    expect(text).toContain('Our services are only for adults of legal age.');
  });

  it('links each section from the table of contents', async () => {
    await renderApp('/privacyPolicy');
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    for (const link of within(toc).getAllByRole('link')) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)).not.toBeNull();
    }
  });

  it('has every section heading (Indonesian)', async () => {
    await renderApp('/privacyPolicy', { lang: 'id' });
    expect(headings(1)).toEqual(['Kebijakan Privasi']);
    expect(headings(2)).toEqual([
      'Daftar isi',
      'Informasi yang kami kumpulkan',
      'Penggunaan informasi',
      'Pengungkapan informasi',
      'Cookie',
      'Keamanan data',
      'Pernyataan nondiskriminasi',
      'Hak-hak Anda',
      'Perlindungan anak di bawah umur',
      'Perubahan kebijakan ini',
      'Hubungi kami',
    ]);
    expect(headings(3)).toHaveLength(8);
  });
});
