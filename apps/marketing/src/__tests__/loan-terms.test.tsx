import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render.tsx';

const text = () => document.body.textContent ?? '';

/** Spec 9 loan-term figures and spec 5 applicant rules, as the English page states them. */
const EN_FIGURES = [
  'The loan term is 91 to 365 days.',
  'We decide on your application within 1 day of receiving it complete.',
  'the money is disbursed to your bank account within 1 to 3 calendar days.',
  'a late payment penalty is charged once: ₹1,000 for new clients or ₹800 for repeat clients.',
  // Issue 11: the late-charge cap (penalty + late interest ≤ 100 % of the principal).
  'the late payment penalty and the daily interest on the overdue amount together never exceed 100% of the principal of your loan, however late the payment.',
  'only after half of the loan term has passed, and never within 7 days after disbursement.',
  'within 3 days of the change',
  'at least 7 business days before the assignment takes effect.',
  'you must pay it within 10 days of the judgment.',
  'be over 18 years old;',
  'be a national of India;',
  'have a permanent address;',
];

const ID_FIGURES = [
  'Tenor pinjaman adalah 91 hingga 365 hari.',
  'dalam 1 hari setelah pengajuan diterima lengkap.',
  'dalam 1 hingga 3 hari kalender.',
  'denda keterlambatan dikenakan satu kali: Rp 1.000 untuk nasabah baru atau Rp 800 untuk nasabah lama.',
  'denda keterlambatan dan bunga harian atas jumlah yang terlambat secara keseluruhan tidak pernah melebihi 100% dari pokok pinjaman Anda, selama apa pun keterlambatannya.',
  'hanya setelah separuh tenor pinjaman berlalu, dan tidak dalam 7 hari setelah pencairan.',
  'dalam 3 hari sejak perubahan',
  'paling lambat 7 hari kerja sebelum pengalihan berlaku.',
  'dalam 10 hari sejak putusan.',
  'berusia di atas 18 tahun;',
  'warga negara Indonesia;',
  'memiliki alamat tetap;',
];

function tableRows(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

describe('/loanTerms', () => {
  it('is titled Loan terms and conditions, document title too', async () => {
    await renderApp('/loanTerms');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Loan terms and conditions']);
    await waitFor(() => expect(document.title).toBe('Loan terms and conditions'));
  });

  it('states every figure of the terms (English)', async () => {
    await renderApp('/loanTerms');
    for (const figure of EN_FIGURES) expect(text()).toContain(figure);
  });

  it("the loan's interest is the product's, not the late rates; the late rates are late interest (issue 40 item 4)", async () => {
    await renderApp('/loanTerms');
    expect(text()).toContain('Interest is charged at the daily rate of the loan product you choose.');
    expect(screen.queryByRole('table', { name: 'Daily interest on the unpaid amount' })).toBeNull();
    expect(tableRows('Late interest on the overdue amount')).toEqual([
      ['Days late', 'Late interest a day'],
      ['Days 1 to 30', '5%'],
      ['Days 31 to 90', '4%'],
      ['From day 91', '2%'],
    ]);
    expect(tableRows('Late payment penalty (charged once)')).toEqual([
      ['Client', 'Penalty'],
      ['New client', '₹1,000'],
      ['Repeat client', '₹800'],
    ]);
    // The day the server counts (services/early-repayment.ts: disbursement + max(7, ⌈120 / 2⌉)), not day 61.
    expect(text()).toContain('Example: on a 120-day loan, early repayment is possible from day 60 after disbursement.');
  });

  it('states every figure in Indonesian, money in rupiah', async () => {
    await renderApp('/loanTerms', { lang: 'id' });
    await waitFor(() => expect(document.title).toBe('Syarat dan ketentuan pinjaman'));
    for (const figure of ID_FIGURES) expect(text()).toContain(figure);
    expect(tableRows('Bunga keterlambatan atas jumlah yang terlambat')).toEqual([
      ['Hari terlambat', 'Bunga keterlambatan per hari'],
      ['Hari ke-1 sampai ke-30', '5%'],
      ['Hari ke-31 sampai ke-90', '4%'],
      ['Mulai hari ke-91', '2%'],
    ]);
    expect(text()).toContain('Contoh: untuk pinjaman 120 hari, pelunasan lebih awal dapat dilakukan mulai hari ke-60 setelah pencairan.');
  });
});

describe('/Loan', () => {
  it('shows the same terms inside the site frame, Loan tab current', async () => {
    await renderApp('/Loan');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loan terms and conditions');
    for (const figure of EN_FIGURES) expect(text()).toContain(figure);
    const nav = screen.getByRole('navigation', { name: 'Site sections' });
    expect(within(nav).getByRole('link', { name: 'Loan terms and conditions' }).getAttribute('aria-current')).toBe('page');
  });
});
