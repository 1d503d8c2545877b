import { DEFAULT_SCENE } from '@lendview/contracts';
import { DEMO_DISABLED_PRODUCT_ID, DEMO_EMPTY_SCENE, DEMO_IN_HOUSE_PRODUCT_ID } from './names.ts';

/** Rupiah → minor units (sen): Rp 1.000.000 = 100_000_000. */
export const rp = (rupiah: number) => rupiah * 100;

function logo(initials: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="22" fill="${color}"/>` +
    `<text x="48" y="60" font-family="Arial,sans-serif" font-size="38" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export interface ProductSeed {
  id: number;
  name: string;
  logo: string;
  inHouse: boolean;
  min: number;
  max: number;
  termMin: number;
  termMax: number;
  rateBp: number;
  /** One-time processing fee, basis points of the principal, deducted from the disbursement (0 when absent). */
  processingFeeBp?: number;
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
    // 1 %: so the key facts statement, its APR and the cooling-off terms show a fee in the demo.
    processingFeeBp: 100,
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
