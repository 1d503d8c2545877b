import {
  DEFAULT_SCENE,
  DEMO_BANK_CARDS,
  DEMO_BORROWERS,
  DEMO_DISABLED_PRODUCT_ID,
  DEMO_EMPTY_SCENE,
  DEMO_H5_ORDER,
  DEMO_H5_PRODUCT_ID,
  DEMO_IN_HOUSE_PRODUCT_ID,
  DEMO_LANDING_TEMPLATE_ID,
  DEMO_OPERATORS,
  DEMO_ORDERS,
  DEMO_PAST_HALF_TERM_ORDER,
  DEMO_SECOND_BORROWER_ORDER,
  type LandingConfig,
} from '@lendview/contracts';
import { tokenHash } from '../lib/crypto.ts';
import { jakartaDate } from '../lib/dates.ts';
import { repaymentPlan, simpleInterest } from '../lib/money.ts';
import { hashPassword } from '../lib/passwords.ts';
import { DEV_CARD_FINGERPRINT_SECRET, cardFingerprint } from '../repositories/bank-cards.ts';
import { CONFIRM_CONTRACT_SCENE } from '../repositories/contracts.ts';
import { SETTING } from '../repositories/settings.ts';
import { DEMO_CONTRACTS } from './seed-demo-contracts.ts';
import type { Db, Queryable } from './types.ts';

/**
 * Demo data of ARCHITECTURE.md "Demo data". Loaded only in demo mode (DEMO_MODE=1), never in production.
 *
 * Idempotent and self-resetting: every run upserts the same fixtures, so after a start the demo rows are in
 * their seeded state again (statuses, amounts, instalments, fixed session tokens) and dates are re-anchored
 * to "now" (DEMO-180 is always 40 days overdue, DEMO-174 always due in 2 days). Rows created by people using
 * the demo (new sessions, complaints, ...) are left alone. Operator passwords are only set when the account
 * does not exist yet. Money is in minor units (sen): Rp 1.000.000 = 100_000_000.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const rp = (rupiah: number) => rupiah * 100;

/** Business dates are calendar days in Asia/Jakarta (lib/dates.ts). */
export { jakartaDate };

function logo(initials: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="22" fill="${color}"/>` +
    `<text x="48" y="60" font-family="Arial,sans-serif" font-size="38" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

interface ProductSeed {
  id: number;
  name: string;
  logo: string;
  inHouse: boolean;
  min: number;
  max: number;
  termMin: number;
  termMax: number;
  rateBp: number;
  rateEn: string;
  rateId: string;
  descEn: string;
  descId: string;
  tagsEn: string[];
  tagsId: string[];
  buttonEn: string;
  buttonId: string;
  buttonStatus: 0 | 1;
  applyUrl: string | null;
  /** The offer on /confirm. */
  defaultRupiah: number;
  defaultTermDays: number;
  /** Applications per day; null = no limit, 0 = full every day. */
  dailyQuota: number | null;
  /** Partner's repayment page (loan details h5Url). */
  repayUrl?: string;
}

export const DEMO_PRODUCTS: ProductSeed[] = [
  {
    id: DEMO_IN_HOUSE_PRODUCT_ID,
    name: 'LendView Cepat',
    logo: logo('LV', '#2f6bff'),
    inHouse: true,
    min: rp(1_000_000),
    max: rp(15_000_000),
    termMin: 91,
    termMax: 365,
    rateBp: 5,
    rateEn: '0.05% / day',
    rateId: '0,05% / hari',
    descEn: 'Our own loan: decision within 1 day, money in your account within 2 hours of approval.',
    descId: 'Pinjaman kami sendiri: keputusan dalam 1 hari, dana masuk ke rekening dalam 2 jam setelah disetujui.',
    tagsEn: ['Fast approval', 'No collateral', 'Repeat-client bonus'],
    tagsId: ['Persetujuan cepat', 'Tanpa agunan', 'Bonus nasabah setia'],
    buttonEn: 'Apply',
    buttonId: 'Ajukan',
    buttonStatus: 1,
    applyUrl: null,
    defaultRupiah: 3_000_000,
    defaultTermDays: 91,
    dailyQuota: null,
  },
  {
    id: 2,
    name: 'Dana Kilat',
    logo: logo('DK', '#f08c00'),
    inHouse: false,
    min: rp(500_000),
    max: rp(5_000_000),
    termMin: 91,
    termMax: 180,
    rateBp: 8,
    rateEn: '0.08% / day',
    rateId: '0,08% / hari',
    descEn: 'Small loans for urgent needs, approved in minutes.',
    descId: 'Pinjaman kecil untuk kebutuhan mendesak, disetujui dalam hitungan menit.',
    tagsEn: ['Instant', 'First loan friendly'],
    tagsId: ['Instan', 'Cocok untuk pinjaman pertama'],
    buttonEn: 'Borrow now',
    buttonId: 'Pinjam sekarang',
    buttonStatus: 1,
    applyUrl: 'https://dana-kilat.example.com/apply',
    defaultRupiah: 2_000_000,
    defaultTermDays: 91,
    dailyQuota: 500,
    repayUrl: 'https://dana-kilat.example.com/repay',
  },
  {
    id: 3,
    name: 'Kredit Pintar Plus',
    logo: logo('KP', '#2b8a3e'),
    inHouse: false,
    min: rp(1_000_000),
    max: rp(10_000_000),
    termMin: 120,
    termMax: 365,
    rateBp: 6,
    rateEn: '0.06% / day',
    rateId: '0,06% / hari',
    descEn: 'Longer terms and lower instalments for salaried workers.',
    descId: 'Tenor lebih panjang dan cicilan lebih ringan untuk karyawan.',
    tagsEn: ['Long term', 'Low instalment'],
    tagsId: ['Tenor panjang', 'Cicilan ringan'],
    buttonEn: 'Apply',
    buttonId: 'Ajukan',
    buttonStatus: 1,
    applyUrl: 'https://kredit-pintar.example.com/start',
    defaultRupiah: 5_000_000,
    defaultTermDays: 120,
    dailyQuota: 300,
  },
  {
    id: 4,
    name: 'Rupiah Mudah',
    logo: logo('RM', '#c2255c'),
    inHouse: false,
    min: rp(300_000),
    max: rp(3_000_000),
    termMin: 91,
    termMax: 120,
    rateBp: 9,
    rateEn: '0.09% / day',
    rateId: '0,09% / hari',
    descEn: 'Simple application with only your ID card.',
    descId: 'Pengajuan mudah hanya dengan KTP.',
    tagsEn: ['ID card only', '24/7'],
    tagsId: ['Cukup KTP', '24/7'],
    buttonEn: 'Get cash',
    buttonId: 'Dapatkan dana',
    buttonStatus: 1,
    applyUrl: 'https://rupiah-mudah.example.com/apply?ref=lendview',
    defaultRupiah: 1_000_000,
    defaultTermDays: 91,
    dailyQuota: 200,
  },
  {
    id: 5,
    name: 'Tunai Sahabat',
    logo: logo('TS', '#5f3dc4'),
    inHouse: false,
    min: rp(1_000_000),
    max: rp(8_000_000),
    termMin: 91,
    termMax: 270,
    rateBp: 7,
    rateEn: '0.07% / day',
    rateId: '0,07% / hari',
    descEn: 'Friendly limits that grow with every loan repaid on time.',
    descId: 'Limit bersahabat yang naik setiap kali pinjaman dibayar tepat waktu.',
    tagsEn: ['Growing limit', 'On-time reward'],
    tagsId: ['Limit bertambah', 'Hadiah tepat waktu'],
    buttonEn: 'Apply',
    buttonId: 'Ajukan',
    buttonStatus: 1,
    applyUrl: 'https://tunai-sahabat.example.com/',
    defaultRupiah: 3_000_000,
    defaultTermDays: 180,
    dailyQuota: 400,
  },
  {
    id: 6,
    name: 'Pinjam Aman',
    logo: logo('PA', '#868e96'),
    inHouse: false,
    min: rp(2_000_000),
    max: rp(12_000_000),
    termMin: 180,
    termMax: 365,
    rateBp: 5,
    rateEn: '0.05% / day',
    rateId: '0,05% / hari',
    descEn: "Today's quota is full. Come back tomorrow.",
    descId: 'Kuota hari ini sudah penuh. Silakan kembali besok.',
    tagsEn: ['Quota full'],
    tagsId: ['Kuota penuh'],
    buttonEn: 'Quota full',
    buttonId: 'Kuota penuh',
    buttonStatus: 0,
    applyUrl: 'https://pinjam-aman.example.com/apply',
    defaultRupiah: 5_000_000,
    defaultTermDays: 180,
    dailyQuota: 100,
  },
  // Only in the banner_fudai scene, with a daily quota of 0: always full, so that scene's list is empty.
  {
    id: 7,
    name: 'Pundi Rejeki',
    logo: logo('PR', '#0b7285'),
    inHouse: false,
    min: rp(1_000_000),
    max: rp(6_000_000),
    termMin: 91,
    termMax: 180,
    rateBp: 7,
    rateEn: '0.07% / day',
    rateId: '0,07% / hari',
    descEn: 'Limited daily places for our lucky-bag campaign.',
    descId: 'Tempat terbatas setiap hari untuk kampanye kantong keberuntungan.',
    tagsEn: ['Campaign', 'Limited places'],
    tagsId: ['Kampanye', 'Tempat terbatas'],
    buttonEn: 'Apply',
    buttonId: 'Ajukan',
    buttonStatus: 1,
    applyUrl: 'https://pundi-rejeki.example.com/apply',
    defaultRupiah: 2_000_000,
    defaultTermDays: 91,
    dailyQuota: 0,
  },
  {
    id: 8,
    name: 'Kas Harian',
    logo: logo('KH', '#e8590c'),
    inHouse: false,
    min: rp(500_000),
    max: rp(4_000_000),
    termMin: 91,
    termMax: 120,
    rateBp: 9,
    rateEn: '0.09% / day',
    rateId: '0,09% / hari',
    descEn: 'Daily cash for small businesses, a few places each day.',
    descId: 'Dana harian untuk usaha kecil, tempat terbatas setiap hari.',
    tagsEn: ['Small business', 'Limited places'],
    tagsId: ['Usaha kecil', 'Tempat terbatas'],
    buttonEn: 'Borrow now',
    buttonId: 'Pinjam sekarang',
    buttonStatus: 1,
    applyUrl: 'https://kas-harian.example.com/apply',
    defaultRupiah: 1_500_000,
    defaultTermDays: 91,
    dailyQuota: 0,
  },
];

/**
 * Recommendation scenes (spec 7.5) and their products in list order. Every scene but DEMO_EMPTY_SCENE has 3+
 * products including the disabled one; DEMO_EMPTY_SCENE holds only products whose daily quota is 0 (full).
 */
export const DEMO_SCENES: Record<string, number[]> = {
  [DEFAULT_SCENE]: [DEMO_IN_HOUSE_PRODUCT_ID, 2, 3, 4, 5, DEMO_DISABLED_PRODUCT_ID],
  banner_jingzhun: [DEMO_IN_HOUSE_PRODUCT_ID, 3, 2, DEMO_DISABLED_PRODUCT_ID],
  tanchuang_jingzhun: [3, 4, 5, DEMO_DISABLED_PRODUCT_ID],
  tanchuang_fudai: [5, 2, 4, DEMO_DISABLED_PRODUCT_ID],
  [DEMO_EMPTY_SCENE]: [7, 8],
};

interface OrderSeed {
  orderNo: string;
  borrower: 'main' | 'second';
  /** Default: the in-house product. */
  productId?: number;
  status: number;
  rupiah: number;
  termDays: number;
  /** Days from now; undefined = not happened. */
  appliedDaysAgo: number;
  disbursedDaysAgo?: number;
  settledDaysAgo?: number;
  instalments?: number;
  isDelay?: boolean;
}

/** Every status of the catalogue, plus the instalment loan and the second borrower's order. */
export const DEMO_ORDER_SEEDS: OrderSeed[] = [
  { orderNo: DEMO_ORDERS.underReview, borrower: 'main', status: 21, rupiah: 2_000_000, termDays: 91, appliedDaysAgo: 1 },
  { orderNo: DEMO_ORDERS.rejected, borrower: 'main', status: 110, rupiah: 3_000_000, termDays: 120, appliedDaysAgo: 10 },
  { orderNo: DEMO_ORDERS.disbursing, borrower: 'main', status: 151, rupiah: 1_500_000, termDays: 91, appliedDaysAgo: 2 },
  { orderNo: DEMO_ORDERS.repaying, borrower: 'main', status: 170, rupiah: 2_500_000, termDays: 91, appliedDaysAgo: 31, disbursedDaysAgo: 30 },
  { orderNo: DEMO_ORDERS.dueSoon, borrower: 'main', status: 174, rupiah: 1_000_000, termDays: 91, appliedDaysAgo: 90, disbursedDaysAgo: 89, isDelay: true },
  { orderNo: DEMO_ORDERS.overdue, borrower: 'main', status: 180, rupiah: 1_200_000, termDays: 91, appliedDaysAgo: 132, disbursedDaysAgo: 131, isDelay: true },
  { orderNo: DEMO_ORDERS.settled, borrower: 'main', status: 200, rupiah: 2_000_000, termDays: 91, appliedDaysAgo: 201, disbursedDaysAgo: 200, settledDaysAgo: 112 },
  // Day 50 of 91, past half its term: the legacy card flow can repay it in full today (spec 9 early prepayment).
  { orderNo: DEMO_ORDERS.legacyRepaying, borrower: 'main', status: 3, rupiah: 1_000_000, termDays: 91, appliedDaysAgo: 51, disbursedDaysAgo: 50 },
  { orderNo: DEMO_ORDERS.legacySettled, borrower: 'main', status: 4, rupiah: 800_000, termDays: 91, appliedDaysAgo: 301, disbursedDaysAgo: 300, settledDaysAgo: 215 },
  { orderNo: DEMO_ORDERS.legacyOverdue, borrower: 'main', status: 5, rupiah: 1_500_000, termDays: 91, appliedDaysAgo: 102, disbursedDaysAgo: 101 },
  { orderNo: DEMO_ORDERS.instalments, borrower: 'main', status: 170, rupiah: 4_000_000, termDays: 120, appliedDaysAgo: 6, disbursedDaysAgo: 5, instalments: 4 },
  { orderNo: DEMO_SECOND_BORROWER_ORDER, borrower: 'second', status: 170, rupiah: 1_000_000, termDays: 91, appliedDaysAgo: 11, disbursedDaysAgo: 10 },
  // Repaying on a partner product: loan details answer inside 0 and the partner's repayment page as h5Url.
  { orderNo: DEMO_H5_ORDER, borrower: 'main', productId: DEMO_H5_PRODUCT_ID, status: 170, rupiah: 1_500_000, termDays: 91, appliedDaysAgo: 21, disbursedDaysAgo: 20 },
  // Spec 9 early prepayment: DEMO-170 (day 30 of 91) cannot be repaid in full yet; this twin is on day 60 of 91,
  // past half its term, so a full repayment today is allowed (the /that full-repayment flow of the demo).
  { orderNo: DEMO_PAST_HALF_TERM_ORDER, borrower: 'main', status: 170, rupiah: 2_500_000, termDays: 91, appliedDaysAgo: 61, disbursedDaysAgo: 60 },
];

/** Extension (delay) terms offered on DEMO-174 and DEMO-180. */
const EXTENSION_DAYS = 7;
const extensionFee = (principal: number) => Math.round(principal * 0.15);

const rateOf = (productId: number) => DEMO_PRODUCTS.find((p) => p.id === productId)!.rateBp;

/**
 * Landing template 1 (published) and template 2 (a draft never published, so the editor shows both states and
 * the landing answers "not found" for it). Shape: landingConfig of @lendview/contracts; docs/promotion.md.
 * The contract allows https or same-origin images, but the page's CSP (img-src 'self') loads only same-origin
 * ones: the logo is the shell's icon, and no hero image.
 */
export const DEMO_DRAFT_TEMPLATE_ID = 2;

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
  theme: { backgroundFrom: '#4c8dff', backgroundTo: '#1c4fd8', fontColor: '#ffffff', highlightColor: '#2f6bff' },
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
  theme: { backgroundFrom: '#12b5a6', backgroundTo: '#07776d', fontColor: '#ffffff', highlightColor: '#ff8a00' },
};

interface QaSeed {
  id: number;
  pid: number;
  titleEn: string;
  titleId: string;
  answerEn?: string;
  answerId?: string;
  actionType?: number;
}

/** Chatbot tree: pid 0 = categories; action_type 4 = "go to the complaint form" (spec 4.2). */
export const DEMO_QA: QaSeed[] = [
  { id: 1, pid: 0, titleEn: 'Loan application', titleId: 'Pengajuan pinjaman' },
  { id: 2, pid: 0, titleEn: 'Repayment', titleId: 'Pembayaran' },
  { id: 3, pid: 0, titleEn: 'Account and security', titleId: 'Akun dan keamanan' },
  {
    id: 11,
    pid: 1,
    titleEn: 'How long does approval take?',
    titleId: 'Berapa lama proses persetujuan?',
    answerEn: 'Most applications are decided within 1 day. After approval the money arrives within 1 to 3 calendar days.',
    answerId: 'Sebagian besar pengajuan diputuskan dalam 1 hari. Setelah disetujui, dana diterima dalam 1 sampai 3 hari kalender.',
  },
  {
    id: 12,
    pid: 1,
    titleEn: 'Who can apply?',
    titleId: 'Siapa yang bisa mengajukan?',
    answerEn: 'You must be over 18, a national, and have a permanent address.',
    answerId: 'Anda harus berusia di atas 18 tahun, warga negara Indonesia, dan memiliki alamat tetap.',
  },
  {
    id: 13,
    pid: 1,
    titleEn: 'Why was my application rejected?',
    titleId: 'Mengapa pengajuan saya ditolak?',
    answerEn: 'Applications are assessed on your data and repayment history. You may apply again after 30 days.',
    answerId: 'Pengajuan dinilai berdasarkan data dan riwayat pembayaran Anda. Anda dapat mengajukan kembali setelah 30 hari.',
  },
  {
    id: 21,
    pid: 2,
    titleEn: 'How do I repay?',
    titleId: 'Bagaimana cara membayar?',
    answerEn: 'Open your loan and tap Repay, choose a bank or a mini market, then pay to the virtual account number shown.',
    answerId: 'Buka pinjaman Anda dan ketuk Bayar, pilih bank atau minimarket, lalu bayar ke nomor virtual account yang ditampilkan.',
  },
  {
    id: 22,
    pid: 2,
    titleEn: 'What happens if I pay late?',
    titleId: 'Apa yang terjadi jika saya terlambat membayar?',
    answerEn: 'A one-time late penalty is charged and daily interest runs on the unpaid amount. Some orders can be extended before the due date.',
    answerId: 'Denda keterlambatan dikenakan satu kali dan bunga harian berjalan atas jumlah yang belum dibayar. Beberapa pesanan dapat diperpanjang sebelum jatuh tempo.',
  },
  {
    id: 23,
    pid: 2,
    titleEn: 'I have paid but my loan is still unpaid',
    titleId: 'Saya sudah membayar tetapi pinjaman saya masih belum lunas',
    answerEn: 'Payments are usually confirmed within minutes. If it still shows unpaid after 24 hours, file a complaint with your proof of payment.',
    answerId: 'Pembayaran biasanya dikonfirmasi dalam beberapa menit. Jika setelah 24 jam masih belum lunas, ajukan pengaduan dengan bukti pembayaran Anda.',
    actionType: 4,
  },
  {
    id: 31,
    pid: 3,
    titleEn: 'How do I change my phone number?',
    titleId: 'Bagaimana cara mengganti nomor telepon saya?',
    answerEn: 'Contact customer service from the Contact us page. Changes of personal details must be reported within 3 days.',
    answerId: 'Hubungi layanan pelanggan melalui halaman Hubungi kami. Perubahan data pribadi wajib dilaporkan dalam 3 hari.',
  },
  {
    id: 32,
    pid: 3,
    titleEn: 'How do I close my account?',
    titleId: 'Bagaimana cara menutup akun saya?',
    answerEn: 'You can cancel your account when you have no outstanding loan. Contact customer service to do so.',
    answerId: 'Anda dapat menutup akun jika tidak memiliki pinjaman yang belum lunas. Hubungi layanan pelanggan untuk melakukannya.',
  },
  {
    id: 33,
    pid: 3,
    titleEn: 'A collector is harassing me',
    titleId: 'Petugas penagihan mengganggu saya',
    answerEn: 'We are sorry. Please tell us what happened in a collection complaint; we answer within 3 working days.',
    answerId: 'Kami mohon maaf. Ceritakan kejadiannya melalui pengaduan penagihan; kami menjawab dalam 3 hari kerja.',
    actionType: 4,
  },
];

export const DEMO_PROBLEM_TYPES = [
  {
    value: 1,
    titleEn: 'Collection',
    titleId: 'Penagihan',
    subTypes: [
      { value: 1, titleEn: 'Harassing calls or messages', titleId: 'Telepon atau pesan yang mengganggu' },
      { value: 2, titleEn: 'Contacting my family or friends', titleId: 'Menghubungi keluarga atau teman saya' },
      { value: 3, titleEn: 'Abusive or threatening language', titleId: 'Bahasa kasar atau mengancam' },
      { value: 4, titleEn: 'Other collection issue', titleId: 'Masalah penagihan lainnya' },
    ],
  },
  { value: 2, titleEn: 'Repayment', titleId: 'Pembayaran', subTypes: [] },
  { value: 3, titleEn: 'Loan application', titleId: 'Pengajuan pinjaman', subTypes: [] },
  { value: 4, titleEn: 'Account and app', titleId: 'Akun dan aplikasi', subTypes: [] },
  { value: 5, titleEn: 'Other', titleId: 'Lainnya', subTypes: [] },
];

/** Far-future expiry of the fixed demo session tokens. */
const DEMO_SESSION_TTL_MS = 10 * 365 * DAY_MS;

async function bumpSequence(tx: Queryable, table: string) {
  await tx.query(
    `SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST((SELECT COALESCE(max(id), 0) FROM ${table}), 1))`,
    [table],
  );
}

export async function seedDemo(db: Db, options: { now?: Date; cardFingerprintSecret?: string } = {}): Promise<void> {
  // The server's card key (CARD_FINGERPRINT_SECRET), so that binding a demo card's number again finds it.
  const cardKey = options.cardFingerprintSecret ?? DEV_CARD_FINGERPRINT_SECRET;
  const now = options.now ?? new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const dateIn = (days: number) => jakartaDate(new Date(now.getTime() + days * DAY_MS));

  // Hash outside the transaction (scrypt is slow-ish), only for accounts that do not exist yet.
  const existing = new Set(
    (await db.query<{ username: string }>('SELECT username FROM operators')).map((r) => r.username),
  );
  const newOperators: { username: string; role: string; hash: string }[] = [];
  for (const op of Object.values(DEMO_OPERATORS)) {
    if (!existing.has(op.username)) {
      newOperators.push({ username: op.username, role: op.role, hash: await hashPassword(op.password) });
    }
  }

  await db.transaction(async (tx) => {
    // Borrowers and their fixed session tokens.
    const borrowerIds: Record<'main' | 'second', number> = { main: 0, second: 0 };
    for (const key of ['main', 'second'] as const) {
      const b = DEMO_BORROWERS[key];
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO borrowers (phone, display_name, is_repeat_client) VALUES ($1, $2, $3)
         ON CONFLICT (phone) DO UPDATE SET is_repeat_client = EXCLUDED.is_repeat_client, display_name = EXCLUDED.display_name
         RETURNING id`,
        [b.phone, key === 'main' ? 'Demo Borrower' : 'Demo Borrower Two', b.isRepeatClient],
      );
      borrowerIds[key] = row!.id;
      await tx.query(
        `INSERT INTO sessions (token_hash, borrower_id, device_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (token_hash) DO UPDATE SET borrower_id = EXCLUDED.borrower_id, expires_at = EXCLUDED.expires_at`,
        [tokenHash(b.token), row!.id, 'demo-device', now, new Date(now.getTime() + DEMO_SESSION_TTL_MS)],
      );
    }

    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      await tx.query(
        `INSERT INTO products (id, name, logo_url, in_house, amount_min, amount_max, term_min_days, term_max_days,
           daily_rate_bp, rate_text_en, rate_text_id, description_en, description_id, tags_en, tags_id,
           button_text_en, button_text_id, button_status, apply_url, sort_order, active, default_amount,
           default_term_days, daily_quota, repay_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15::jsonb, $16, $17, $18, $19, $20, true,
           $21, $22, $23, $24)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, logo_url = EXCLUDED.logo_url, in_house = EXCLUDED.in_house,
           amount_min = EXCLUDED.amount_min, amount_max = EXCLUDED.amount_max, term_min_days = EXCLUDED.term_min_days,
           term_max_days = EXCLUDED.term_max_days, daily_rate_bp = EXCLUDED.daily_rate_bp,
           rate_text_en = EXCLUDED.rate_text_en, rate_text_id = EXCLUDED.rate_text_id,
           description_en = EXCLUDED.description_en, description_id = EXCLUDED.description_id,
           tags_en = EXCLUDED.tags_en, tags_id = EXCLUDED.tags_id, button_text_en = EXCLUDED.button_text_en,
           button_text_id = EXCLUDED.button_text_id, button_status = EXCLUDED.button_status,
           apply_url = EXCLUDED.apply_url, sort_order = EXCLUDED.sort_order, active = true,
           default_amount = EXCLUDED.default_amount, default_term_days = EXCLUDED.default_term_days,
           daily_quota = EXCLUDED.daily_quota, repay_url = EXCLUDED.repay_url`,
        [
          p.id, p.name, p.logo, p.inHouse, p.min, p.max, p.termMin, p.termMax, p.rateBp, p.rateEn, p.rateId,
          p.descEn, p.descId, JSON.stringify(p.tagsEn), JSON.stringify(p.tagsId), p.buttonEn, p.buttonId,
          p.buttonStatus, p.applyUrl, i, rp(p.defaultRupiah), p.defaultTermDays, p.dailyQuota, p.repayUrl ?? null,
        ],
      );
    }
    await bumpSequence(tx, 'products');

    // Scenes: the seeded membership of the demo products, exactly (other products' rows are left alone).
    const demoProductIds = DEMO_PRODUCTS.map((p) => p.id);
    await tx.query('DELETE FROM product_scenes WHERE product_id = ANY($1::integer[])', [demoProductIds]);
    for (const [scene, ids] of Object.entries(DEMO_SCENES)) {
      for (const [i, productId] of ids.entries()) {
        await tx.query('INSERT INTO product_scenes (scene, product_id, sort_order) VALUES ($1, $2, $3)', [scene, productId, i]);
      }
    }

    // Agreements of the confirm scene, both languages.
    for (const [i, c] of DEMO_CONTRACTS.entries()) {
      await tx.query(
        `INSERT INTO contracts (id, scene, product_id, popup, sort_order, title_en, title_id, body_en, body_id, active, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10)
         ON CONFLICT (id) DO UPDATE SET scene = EXCLUDED.scene, product_id = EXCLUDED.product_id, popup = EXCLUDED.popup,
           sort_order = EXCLUDED.sort_order, title_en = EXCLUDED.title_en, title_id = EXCLUDED.title_id,
           body_en = EXCLUDED.body_en, body_id = EXCLUDED.body_id, active = true, updated_at = EXCLUDED.updated_at`,
        [c.id, CONFIRM_CONTRACT_SCENE, c.productId, c.popup, i, c.titleEn, c.titleId, c.bodyEn, c.bodyId, now],
      );
    }
    await bumpSequence(tx, 'contracts');

    for (const o of DEMO_ORDER_SEEDS) {
      const productId = o.productId ?? DEMO_IN_HOUSE_PRODUCT_ID;
      const rateBp = rateOf(productId);
      const principal = rp(o.rupiah);
      const interest = simpleInterest(principal, o.termDays, rateBp);
      const amountDue = principal + interest;
      const disbursed = o.disbursedDaysAgo === undefined ? null : ago(o.disbursedDaysAgo);
      const dueDate = o.disbursedDaysAgo === undefined ? null : dateIn(o.termDays - o.disbursedDaysAgo);
      const settled = o.settledDaysAgo === undefined ? null : ago(o.settledDaysAgo);
      await tx.query(
        `INSERT INTO orders (order_no, borrower_id, product_id, status, principal, interest_amount, service_fee,
           amount_due, paid_amount, term_days, daily_rate_bp, instalment_count, is_delay, extension_fee,
           extension_days, repay_url, applied_at, disbursed_at, due_date, settled_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, $11, $12, $13, $14, NULL, $15, $16, $17, $18, $19)
         ON CONFLICT (order_no) DO UPDATE SET borrower_id = EXCLUDED.borrower_id, product_id = EXCLUDED.product_id,
           status = EXCLUDED.status, principal = EXCLUDED.principal, interest_amount = EXCLUDED.interest_amount,
           service_fee = EXCLUDED.service_fee, amount_due = EXCLUDED.amount_due, paid_amount = EXCLUDED.paid_amount,
           term_days = EXCLUDED.term_days, daily_rate_bp = EXCLUDED.daily_rate_bp,
           instalment_count = EXCLUDED.instalment_count, is_delay = EXCLUDED.is_delay,
           extension_fee = EXCLUDED.extension_fee, extension_days = EXCLUDED.extension_days,
           repay_url = EXCLUDED.repay_url, applied_at = EXCLUDED.applied_at, disbursed_at = EXCLUDED.disbursed_at,
           due_date = EXCLUDED.due_date, settled_at = EXCLUDED.settled_at, updated_at = EXCLUDED.updated_at,
           late_penalty_paid = 0, late_interest_paid = 0, extension_fees_paid = 0, extension_count = 0`,
        [
          o.orderNo, borrowerIds[o.borrower], productId, o.status, principal, interest, amountDue,
          settled ? amountDue : 0, o.termDays, rateBp, o.instalments ?? 1, o.isDelay ?? false,
          o.isDelay ? extensionFee(principal) : null, o.isDelay ? EXTENSION_DAYS : null, ago(o.appliedDaysAgo),
          disbursed, dueDate, settled, now,
        ],
      );

      if (o.instalments && o.disbursedDaysAgo !== undefined) {
        // The server's own plan (lib/money.ts) from the disbursement day; all unpaid: the first is payable.
        const plan = repaymentPlan({ principal, termDays: o.termDays, dailyRateBp: rateBp, startDate: dateIn(-o.disbursedDaysAgo) });
        if (plan.instalments.length !== o.instalments || plan.interest !== interest || plan.instalments.at(-1)!.dueDate !== dueDate) {
          throw new Error(`demo order ${o.orderNo}: the plan does not match the order`);
        }
        for (const i of plan.instalments) {
          await tx.query(
            `INSERT INTO instalments (order_no, period_no, principal, interest, amount, due_date, status, paid_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'unpaid', NULL)
             ON CONFLICT (order_no, period_no) DO UPDATE SET principal = EXCLUDED.principal, interest = EXCLUDED.interest,
               amount = EXCLUDED.amount, due_date = EXCLUDED.due_date, status = 'unpaid', paid_at = NULL`,
            [o.orderNo, i.periodNo, i.principal, i.interest, i.amount, i.dueDate],
          );
        }
        await tx.query('DELETE FROM instalments WHERE order_no = $1 AND period_no > $2', [o.orderNo, plan.instalments.length]);
      }
    }

    // Repayments made on the demo orders are undone with them: their payments (and applied events) go, so no
    // old code can pay a re-seeded order.
    await tx.query('DELETE FROM payments WHERE order_no = ANY($1::text[])', [DEMO_ORDER_SEEDS.map((o) => o.orderNo)]);

    // Bank cards of the legacy repayment: a BCA card needing an SMS code and a BNI card charged at once, both
    // already verified (migration 007: only verified cards are listed and charged).
    for (const card of Object.values(DEMO_BANK_CARDS)) {
      await tx.query(
        `INSERT INTO bank_cards (id, borrower_id, bank_code, last4, fingerprint, holder_name, provider_token, active, created_at,
           verified_at)
         VALUES ($1, $2, $3, $4, $5, 'DEMO BORROWER', $6, true, $7, $7)
         ON CONFLICT (id) DO UPDATE SET borrower_id = EXCLUDED.borrower_id, bank_code = EXCLUDED.bank_code,
           last4 = EXCLUDED.last4, fingerprint = EXCLUDED.fingerprint, holder_name = EXCLUDED.holder_name,
           provider_token = EXCLUDED.provider_token, active = true, verified_at = EXCLUDED.verified_at,
           verify_salt = NULL, verify_hash = NULL, verify_sent_at = NULL, verify_expires_at = NULL`,
        [
          card.id, borrowerIds.main, card.bankCode, card.last4, cardFingerprint(cardKey, card.bankCode, card.cardNo),
          `sbx_card_demo_${card.id}`, now,
        ],
      );
    }
    await bumpSequence(tx, 'bank_cards');

    // The late-charge cap of the Indonesian market (migration 003 inserts it; the demo puts it back).
    await tx.query(
      `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, '100', $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [SETTING.lateChargeCapPercent, now],
    );

    // The demo borrowers have not rated the app yet (isScore 1 on DEMO-200 / DEMO-4 after every start).
    await tx.query('DELETE FROM app_ratings WHERE borrower_id = ANY($1::bigint[])', [Object.values(borrowerIds)]);

    // Template 1 published (draft = live), template 2 a draft only; both back to that state at every start.
    for (const [id, config, published] of [
      [DEMO_LANDING_TEMPLATE_ID, DEMO_LANDING_TEMPLATE, true],
      [DEMO_DRAFT_TEMPLATE_ID, DEMO_DRAFT_TEMPLATE, false],
    ] as const) {
      await tx.query(
        `INSERT INTO landing_templates (id, draft_config, live_config, active, updated_at, updated_by, published_at, published_by)
         VALUES ($1, $2::jsonb, CASE WHEN $3::boolean THEN $2::jsonb END, true, $4, '', CASE WHEN $3::boolean THEN $4::timestamptz END, NULL)
         ON CONFLICT (id) DO UPDATE SET draft_config = EXCLUDED.draft_config, live_config = EXCLUDED.live_config,
           active = true, updated_at = EXCLUDED.updated_at, updated_by = '', published_at = EXCLUDED.published_at,
           published_by = NULL`,
        [id, JSON.stringify(config), published, now],
      );
    }
    await bumpSequence(tx, 'landing_templates');

    for (const [i, q] of DEMO_QA.entries()) {
      await tx.query(
        `INSERT INTO qa_nodes (id, pid, sort_order, title_en, title_id, answer_en, answer_id, action_type, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true)
         ON CONFLICT (id) DO UPDATE SET pid = EXCLUDED.pid, sort_order = EXCLUDED.sort_order,
           title_en = EXCLUDED.title_en, title_id = EXCLUDED.title_id, answer_en = EXCLUDED.answer_en,
           answer_id = EXCLUDED.answer_id, action_type = EXCLUDED.action_type, active = true`,
        [q.id, q.pid, i, q.titleEn, q.titleId, q.answerEn ?? null, q.answerId ?? null, q.actionType ?? 0],
      );
    }
    await bumpSequence(tx, 'qa_nodes');

    for (const [i, pt] of DEMO_PROBLEM_TYPES.entries()) {
      await tx.query(
        `INSERT INTO problem_types (value, title_en, title_id, sort_order, active) VALUES ($1, $2, $3, $4, true)
         ON CONFLICT (value) DO UPDATE SET title_en = EXCLUDED.title_en, title_id = EXCLUDED.title_id,
           sort_order = EXCLUDED.sort_order, active = true`,
        [pt.value, pt.titleEn, pt.titleId, i],
      );
      for (const [j, st] of pt.subTypes.entries()) {
        await tx.query(
          `INSERT INTO problem_sub_types (type_value, value, title_en, title_id, sort_order, active)
           VALUES ($1, $2, $3, $4, $5, true)
           ON CONFLICT (type_value, value) DO UPDATE SET title_en = EXCLUDED.title_en, title_id = EXCLUDED.title_id,
             sort_order = EXCLUDED.sort_order, active = true`,
          [pt.value, st.value, st.titleEn, st.titleId, j],
        );
      }
    }

    for (const op of newOperators) {
      await tx.query(
        'INSERT INTO operators (username, password_hash, role) VALUES ($1, $2, $3) ON CONFLICT (username) DO NOTHING',
        [op.username, op.hash, op.role],
      );
    }
  });
}
