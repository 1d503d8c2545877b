import type { LandingConfig } from '@lendview/contracts';

const DEMO_AGREEMENT_EN = [
  'By registering on this page you ask LendView to open an account for your mobile number. LendView is operated by a licensed non-bank lender. Registering is free and does not oblige you to take a loan.',
  'We use your mobile number to send you a one-time verification code, to create your account and to contact you about your application. We never sell your data. Your personal information is handled as described in our Privacy Policy, which you can read in the app at any time.',
  'To apply for a loan you must be over 18 years of age, a national of the country where you apply, and have a permanent address. Loan amounts, terms (91 to 365 days), interest and fees are shown in full in the app before you confirm any loan.',
  'Never share your verification code with anyone, including people who say they work for LendView. Our staff will never ask for it.',
  'You may close your account at any time when you have no outstanding loan, by contacting customer service from the app.',
].join('\n\n');

const DEMO_AGREEMENT_ID = [
  'Dengan mendaftar di halaman ini, Anda meminta LendView membuka akun untuk nomor ponsel Anda. LendView dioperasikan oleh penyelenggara pinjaman non-bank yang berizin. Pendaftaran tidak dipungut biaya dan tidak mewajibkan Anda mengambil pinjaman.',
  'Kami menggunakan nomor ponsel Anda untuk mengirim kode verifikasi sekali pakai, membuat akun Anda, dan menghubungi Anda terkait pengajuan Anda. Kami tidak pernah menjual data Anda. Informasi pribadi Anda diperlakukan sesuai Kebijakan Privasi kami, yang dapat Anda baca di aplikasi kapan saja.',
  'Untuk mengajukan pinjaman, Anda harus berusia di atas 18 tahun, warga negara tempat Anda mengajukan, dan memiliki alamat tetap. Jumlah pinjaman, tenor (91 sampai 365 hari), bunga, dan biaya ditampilkan lengkap di aplikasi sebelum Anda mengonfirmasi pinjaman.',
  'Jangan pernah memberikan kode verifikasi Anda kepada siapa pun, termasuk orang yang mengaku sebagai karyawan LendView. Staf kami tidak akan pernah memintanya.',
  'Anda dapat menutup akun kapan saja selama tidak ada pinjaman yang belum lunas, dengan menghubungi layanan pelanggan melalui aplikasi.',
].join('\n\n');

const DEMO_DOWNLOAD = {
  headline: {
    en: 'You are registered! Download LendView to apply',
    id: 'Pendaftaran berhasil! Unduh LendView untuk mengajukan',
  },
  buttonText: { en: 'Download the app', id: 'Unduh aplikasi' },
  iosUrl: 'https://apps.apple.com/app/lendview/id6400000000',
  androidUrl: 'https://play.google.com/store/apps/details?id=co.id.lendview',
};

/**
 * Landing template 1 (DEMO_LANDING_TEMPLATE_ID, published) and template 2 (DEMO_DRAFT_TEMPLATE_ID, a draft never
 * published, so the editor shows both states and the landing answers "not found" for it). Shape: landingConfig
 * of @lendview/contracts; docs/promotion.md. The contract allows https or same-origin images, but the page's CSP
 * (img-src 'self') loads only same-origin ones: the logo is the shell's icon, and no hero image.
 */
export const DEMO_LANDING_TEMPLATE: LandingConfig = {
  name: 'Default registration page',
  appName: 'LendView',
  logo: '/favicon.svg',
  heroImage: '',
  headline: { en: 'Loans of ₹2,000 to ₹80,000 within 2 hours', id: 'Pinjaman Rp 1.000.000 - Rp 15.000.000 dalam 2 jam' },
  subheadline: { en: 'More than 3 million users trust LendView', id: 'Lebih dari 3 juta pengguna mempercayai LendView' },
  highlights: [
    { en: 'Salary of ₹12,000 and above', id: 'Gaji Rp 5.000.000 ke atas' },
    { en: 'Decision within 1 day', id: 'Keputusan dalam 1 hari' },
    { en: 'Repay over 91 to 365 days', id: 'Tenor 91 sampai 365 hari' },
    { en: 'Fully online, no collateral', id: 'Sepenuhnya online, tanpa agunan' },
  ],
  buttonText: { en: 'Apply now', id: 'Ajukan sekarang' },
  agreementTitle: { en: 'Registration and privacy agreement', id: 'Perjanjian pendaftaran dan privasi' },
  agreementBody: { en: DEMO_AGREEMENT_EN, id: DEMO_AGREEMENT_ID },
  download: DEMO_DOWNLOAD,
  // WCAG AA (issue 13 item 5): white text needs 4.5:1 on the top of the gradient (#4c8dff gave the subheadline
  // 3.2:1) and the highlight is link text on the white card (#2f6bff was 4.49:1).
  theme: { backgroundFrom: '#2a6af0', backgroundTo: '#1c4fd8', fontColor: '#ffffff', highlightColor: '#2f6bf0' },
};

export const DEMO_DRAFT_TEMPLATE: LandingConfig = {
  ...DEMO_LANDING_TEMPLATE,
  name: 'Payday campaign (draft)',
  headline: { en: 'Short on cash before payday? Get up to ₹80,000', id: 'Butuh dana sebelum gajian? Dapatkan hingga Rp 15.000.000' },
  subheadline: { en: 'Register in 1 minute, money in your account within 2 hours', id: 'Daftar dalam 1 menit, dana cair dalam 2 jam' },
  highlights: [
    { en: 'Salary of ₹12,000 and above', id: 'Gaji Rp 5.000.000 ke atas' },
    { en: 'Only your ID card and a bank account', id: 'Cukup KTP dan rekening bank' },
  ],
  buttonText: { en: 'Register now', id: 'Daftar sekarang' },
  // WCAG AA: white on #0b7d73 5.01:1, the #c2410c links 5.18:1 on the white card (issue 13 item 5).
  theme: { backgroundFrom: '#0b7d73', backgroundTo: '#07776d', fontColor: '#ffffff', highlightColor: '#c2410c' },
};
