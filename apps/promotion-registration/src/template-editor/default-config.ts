import type { LandingConfig } from '../api/channel-template.ts';

/**
 * What "New template" starts from: a complete, valid page in the platform's colours with the marketing copy of
 * spec 1, so the preview shows a real page at once and the operator only changes what differs.
 */
export function defaultConfig(): LandingConfig {
  return {
    name: 'New landing page',
    appName: 'LendView',
    logo: '',
    heroImage: '',
    headline: { en: 'Loans of ₹2,000 to ₹80,000 within 2 hours', id: 'Pinjaman Rp 1.000.000 - Rp 15.000.000 dalam 2 jam' },
    subheadline: { en: 'Trusted by more than 3 million users', id: 'Dipercaya lebih dari 3 juta pengguna' },
    highlights: [
      { en: 'Salary of ₹12,000 and above', id: 'Gaji Rp 5.000.000 ke atas' },
      { en: 'Money in your account within 2 hours', id: 'Dana cair dalam 2 jam' },
    ],
    buttonText: { en: 'Apply now', id: 'Ajukan sekarang' },
    agreementTitle: { en: 'Registration agreement', id: 'Perjanjian pendaftaran' },
    agreementBody: {
      en: 'By registering you confirm that you are over 18, a national, and have a permanent address.',
      id: 'Dengan mendaftar, Anda menyatakan berusia di atas 18 tahun, warga negara, dan memiliki alamat tetap.',
    },
    download: {
      headline: { en: 'Download the app to get your loan', id: 'Unduh aplikasi untuk mendapatkan pinjaman' },
      buttonText: { en: 'Download now', id: 'Unduh sekarang' },
      iosUrl: 'https://apps.apple.com/',
      androidUrl: 'https://play.google.com/store',
    },
    theme: { backgroundFrom: '#2563eb', backgroundTo: '#1e40af', fontColor: '#ffffff', highlightColor: '#f59e0b' },
  };
}
