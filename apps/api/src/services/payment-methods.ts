import { DEFAULT_MARKET, type BankOption } from '@lendview/contracts';
import type { Lang } from '../i18n/messages.ts';

/**
 * The repayment methods we offer (spec 3 "Bank option", "Market list", 4.6): banks with their channels
 * (ATM, mobile banking, internet banking; `specificNum` is the channel number) and the mini markets, with the
 * step-by-step instructions of the virtual-account page (spec 2.5). The payment provider decides the numbers
 * (providers/payments.ts); this file decides what the borrower is shown. docs/repayment.md.
 */

export type ChannelKind = 'atm' | 'mobile' | 'internet';

/**
 * How a bank's cards are charged in the legacy card repayment (spec 4.3): `otp` needs a 6-digit SMS code
 * (needValid 1), `direct` is charged at once (needValid 0), `redirect` sends the borrower to the provider's
 * hosted page (url).
 */
export type CardFlow = 'otp' | 'direct' | 'redirect';

export interface Bank {
  code: string;
  name: string;
  cardFlow: CardFlow;
  channels: { name: string; specificNum: string; kind: ChannelKind }[];
}

/** In the order the method page lists them; the first is the default (spec 4.6 default flag 1). */
export const BANKS: readonly Bank[] = [
  {
    code: 'BCA',
    name: 'BCA',
    cardFlow: 'otp',
    channels: [
      { name: 'ATM BCA', specificNum: '1', kind: 'atm' },
      { name: 'm-BCA', specificNum: '2', kind: 'mobile' },
      { name: 'KlikBCA', specificNum: '3', kind: 'internet' },
    ],
  },
  {
    code: 'BNI',
    name: 'BNI',
    cardFlow: 'direct',
    channels: [
      { name: 'ATM BNI', specificNum: '1', kind: 'atm' },
      { name: 'BNI Mobile Banking', specificNum: '2', kind: 'mobile' },
      { name: 'BNI Internet Banking', specificNum: '3', kind: 'internet' },
    ],
  },
  {
    code: 'BRI',
    name: 'BRI',
    cardFlow: 'direct',
    channels: [
      { name: 'ATM BRI', specificNum: '1', kind: 'atm' },
      { name: 'BRImo', specificNum: '2', kind: 'mobile' },
      { name: 'Internet Banking BRI', specificNum: '3', kind: 'internet' },
    ],
  },
  {
    code: 'MANDIRI',
    name: 'Mandiri',
    cardFlow: 'otp',
    channels: [
      { name: 'ATM Mandiri', specificNum: '1', kind: 'atm' },
      { name: "Livin' by Mandiri", specificNum: '2', kind: 'mobile' },
      { name: 'Mandiri Internet Banking', specificNum: '3', kind: 'internet' },
    ],
  },
  {
    code: 'PERMATA',
    name: 'Permata',
    cardFlow: 'redirect',
    channels: [
      { name: 'ATM Permata', specificNum: '1', kind: 'atm' },
      { name: 'PermataMobile X', specificNum: '2', kind: 'mobile' },
      { name: 'PermataNet', specificNum: '3', kind: 'internet' },
    ],
  },
  {
    code: 'CIMB',
    name: 'CIMB Niaga',
    cardFlow: 'direct',
    channels: [
      { name: 'ATM CIMB Niaga', specificNum: '1', kind: 'atm' },
      { name: 'OCTO Mobile', specificNum: '2', kind: 'mobile' },
      { name: 'OCTO Clicks', specificNum: '3', kind: 'internet' },
    ],
  },
];

/** Mini markets, ALFAMART first (spec 9: the default market). */
export const MARKETS = [
  { code: DEFAULT_MARKET, name: 'Alfamart' },
  { code: 'INDOMARET', name: 'Indomaret' },
] as const;

export const findBank = (code: string): Bank | undefined => BANKS.find((b) => b.code === code.toUpperCase());
export const findMarket = (code: string) => MARKETS.find((m) => m.code === code.toUpperCase());

export const bankOptions = (): BankOption[] =>
  BANKS.map((b) => ({
    bankName: b.name,
    bankCode: b.code,
    methods: b.channels.map((c) => ({ name: c.name, specificNum: c.specificNum })),
  }));

const fill = (template: string, vars: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, k: string) => vars[k] ?? whole);

const STEPS: Record<ChannelKind | 'market', Record<Lang, string[]>> = {
  atm: {
    en: [
      'Insert your card into a {bank} ATM and enter your PIN.',
      'Choose Other Transactions, then Transfer, then Virtual Account.',
      'Enter the virtual account number {vcode} and press Correct.',
      'Check that the amount is {amount} and the recipient is LendView, then confirm.',
      'Keep the ATM receipt as proof of payment.',
    ],
    id: [
      'Masukkan kartu Anda di ATM {bank} dan masukkan PIN.',
      'Pilih Transaksi Lainnya, lalu Transfer, lalu Virtual Account.',
      'Masukkan nomor virtual account {vcode} lalu tekan Benar.',
      'Pastikan jumlahnya {amount} dan penerimanya LendView, lalu konfirmasi.',
      'Simpan struk ATM sebagai bukti pembayaran.',
    ],
  },
  mobile: {
    en: [
      'Open {channel} and log in.',
      'Choose Transfer, then Virtual Account.',
      'Enter the virtual account number {vcode}.',
      'Check that the amount is {amount} and the recipient is LendView.',
      'Confirm with your PIN and keep the receipt screen as proof of payment.',
    ],
    id: [
      'Buka {channel} dan masuk ke akun Anda.',
      'Pilih Transfer, lalu Virtual Account.',
      'Masukkan nomor virtual account {vcode}.',
      'Pastikan jumlahnya {amount} dan penerimanya LendView.',
      'Konfirmasi dengan PIN Anda dan simpan bukti transaksi.',
    ],
  },
  internet: {
    en: [
      'Log in to {channel} on your computer.',
      'Choose Fund Transfer, then Transfer to Virtual Account.',
      'Enter the virtual account number {vcode}.',
      'Check that the amount is {amount} and the recipient is LendView.',
      'Confirm with your token code and keep the receipt as proof of payment.',
    ],
    id: [
      'Masuk ke {channel} melalui komputer Anda.',
      'Pilih Transfer Dana, lalu Transfer ke Virtual Account.',
      'Masukkan nomor virtual account {vcode}.',
      'Pastikan jumlahnya {amount} dan penerimanya LendView.',
      'Konfirmasi dengan kode token dan simpan bukti transaksi.',
    ],
  },
  market: {
    en: [
      'Go to the nearest {market} store and tell the cashier you want to pay LendView.',
      'Show the payment code {vcode} to the cashier.',
      'Pay {amount} (the store may add its own fee).',
      'Keep the receipt as proof of payment.',
    ],
    id: [
      'Datang ke gerai {market} terdekat dan sampaikan kepada kasir bahwa Anda ingin membayar LendView.',
      'Tunjukkan kode pembayaran {vcode} kepada kasir.',
      'Bayar {amount} (gerai dapat menambahkan biaya sendiri).',
      'Simpan struk sebagai bukti pembayaran.',
    ],
  },
};

/**
 * Bank instructions grouped by channel name (spec 3 payStep, bank): every channel of the bank, the chosen one
 * (`specificNum`) first.
 */
export function bankSteps(bank: Bank, specificNum: string, vcode: string, amount: string, lang: Lang): { name: string; steps: string[] }[] {
  const chosen = bank.channels.find((c) => c.specificNum === specificNum);
  const ordered = chosen ? [chosen, ...bank.channels.filter((c) => c !== chosen)] : [...bank.channels];
  return ordered.map((c) => ({
    name: c.name,
    steps: STEPS[c.kind][lang].map((s) => fill(s, { bank: bank.name, channel: c.name, vcode, amount })),
  }));
}

/** Mini-market instructions (spec 3 payStep, market: a list of strings). */
export function marketSteps(marketName: string, vcode: string, amount: string, lang: Lang): string[] {
  return STEPS.market[lang].map((s) => fill(s, { market: marketName, vcode, amount }));
}
