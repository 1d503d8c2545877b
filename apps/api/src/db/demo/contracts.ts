import { DEMO_CONTRACT_IDS, DEMO_IN_HOUSE_PRODUCT_ID } from './names.ts';

/**
 * Agreements of the confirm scene (3) for the demo seed, in English and Indonesian. Plain text: paragraphs
 * separated by a blank line, '# ' starts a heading (services/contract-page.ts renders it). The figures are
 * the loan terms of spec 9. Demo copy, not legal text: legal supplies the real agreements.
 */
export interface ContractSeed {
  id: number;
  /** null: every product. */
  productId: number | null;
  popup: boolean;
  titleEn: string;
  titleId: string;
  bodyEn: string;
  bodyId: string;
}

const LOAN_AGREEMENT_EN = `This agreement is made between LendView, the lender, and the borrower identified by the phone number in the loan particulars above. It takes effect when the borrower confirms the loan in the app.

# 1. The loan
The lender lends the borrower the loan amount shown above for the loan term shown above. Loan terms are between 91 and 365 days. The lender decides on an application within 1 day and, once it is approved, pays the loan amount into the borrower's account within 1 to 3 calendar days.

# 2. Interest and repayment
Interest is charged at the daily rate shown above on the loan amount for the whole term. The borrower repays the loan amount and the interest in the instalments and on the dates of the repayment plan shown before confirmation.

# 3. Early repayment
The borrower may repay the whole loan early once half of the loan term has passed, but not within 7 days after disbursement.

# 4. Late repayment
If an instalment is not paid on its due date, a one-time late penalty of ₹1,000 (new clients) or ₹800 (repeat clients) is charged, and daily interest runs on the unpaid amount: 5% a day on days 1 to 30, 4% a day on days 31 to 90 and 2% a day from day 91, until it is paid.

# 5. Changes of personal details
The borrower must tell the lender about any change of name, address, phone number, employment or bank account within 3 days.

# 6. Assignment
The lender may assign its rights under this agreement to a third party after giving the borrower 7 business days' notice.

# 7. Disputes
If a court orders the borrower to pay an amount owed under this agreement, the borrower pays it within 10 days of the judgment.`;

const LOAN_AGREEMENT_ID = `Perjanjian ini dibuat antara LendView sebagai pemberi pinjaman dan peminjam yang diidentifikasi dengan nomor telepon pada rincian pinjaman di atas. Perjanjian ini berlaku sejak peminjam mengonfirmasi pinjaman di aplikasi.

# 1. Pinjaman
Pemberi pinjaman meminjamkan jumlah pinjaman yang tercantum di atas kepada peminjam untuk jangka waktu yang tercantum di atas. Jangka waktu pinjaman adalah 91 sampai 365 hari. Pemberi pinjaman memutuskan pengajuan dalam 1 hari dan, setelah disetujui, mencairkan dana ke rekening peminjam dalam 1 sampai 3 hari kalender.

# 2. Bunga dan pembayaran
Bunga dikenakan dengan tarif harian yang tercantum di atas atas jumlah pinjaman selama seluruh jangka waktu. Peminjam membayar kembali jumlah pinjaman dan bunga sesuai cicilan dan tanggal pada rencana pembayaran yang ditampilkan sebelum konfirmasi.

# 3. Pelunasan lebih awal
Peminjam dapat melunasi seluruh pinjaman lebih awal setelah separuh jangka waktu pinjaman berlalu, tetapi tidak dalam 7 hari setelah pencairan.

# 4. Keterlambatan pembayaran
Jika cicilan tidak dibayar pada tanggal jatuh temponya, dikenakan denda keterlambatan satu kali sebesar Rp 1.000 (nasabah baru) atau Rp 800 (nasabah lama), dan bunga harian berjalan atas jumlah yang belum dibayar: 5% per hari pada hari ke-1 sampai ke-30, 4% per hari pada hari ke-31 sampai ke-90 dan 2% per hari mulai hari ke-91, sampai dibayar.

# 5. Perubahan data pribadi
Peminjam wajib memberi tahu pemberi pinjaman tentang perubahan nama, alamat, nomor telepon, pekerjaan atau rekening bank dalam 3 hari.

# 6. Pengalihan
Pemberi pinjaman dapat mengalihkan haknya berdasarkan perjanjian ini kepada pihak ketiga setelah memberi tahu peminjam 7 hari kerja sebelumnya.

# 7. Sengketa
Jika pengadilan memerintahkan peminjam membayar jumlah yang terutang berdasarkan perjanjian ini, peminjam membayarnya dalam 10 hari sejak putusan.`;

const PRIVACY_EN = `By confirming a loan you allow LendView to use the personal data you gave in the app (identity, contact details, employment, bank account and device information) to assess your application, pay out and collect the loan, and meet its legal duties.

# What we share
We share your data only with the lender of the product you apply for, payment providers that process your repayments, and authorities where the law requires it. We never sell your data.

# Your rights
You may access, correct or erase your data, object to or restrict its use, withdraw your consent, and cancel your account when you have no outstanding loan. Contact customer service to do so, or to complain.`;

const PRIVACY_ID = `Dengan mengonfirmasi pinjaman, Anda mengizinkan LendView menggunakan data pribadi yang Anda berikan di aplikasi (identitas, kontak, pekerjaan, rekening bank dan informasi perangkat) untuk menilai pengajuan Anda, mencairkan dan menagih pinjaman, serta memenuhi kewajiban hukumnya.

# Data yang kami bagikan
Kami hanya membagikan data Anda kepada pemberi pinjaman produk yang Anda ajukan, penyedia pembayaran yang memproses pembayaran Anda, dan pihak berwenang jika diwajibkan oleh hukum. Kami tidak pernah menjual data Anda.

# Hak Anda
Anda dapat mengakses, memperbaiki atau menghapus data Anda, menolak atau membatasi penggunaannya, menarik persetujuan Anda, dan menutup akun jika tidak memiliki pinjaman yang belum lunas. Hubungi layanan pelanggan untuk melakukannya atau untuk menyampaikan pengaduan.`;

const COLLECTION_EN = `# Reminders
Before each due date we remind you by app notification and SMS. After a missed due date we contact you by phone, SMS or app message between 08:00 and 20:00 only.

# How we collect
Collectors identify themselves, speak politely and never threaten, insult or shame you. We never contact your family, friends or employer about your loan. If a collector breaks these rules, file a collection complaint in the app: we answer within 3 working days.`;

const COLLECTION_ID = `# Pengingat
Sebelum setiap tanggal jatuh tempo kami mengingatkan Anda melalui notifikasi aplikasi dan SMS. Setelah jatuh tempo terlewat, kami menghubungi Anda melalui telepon, SMS atau pesan aplikasi hanya antara pukul 08.00 dan 20.00.

# Cara kami menagih
Petugas penagihan menyebutkan identitasnya, berbicara dengan sopan dan tidak pernah mengancam, menghina atau mempermalukan Anda. Kami tidak pernah menghubungi keluarga, teman atau atasan Anda tentang pinjaman Anda. Jika petugas melanggar aturan ini, ajukan pengaduan penagihan di aplikasi: kami menjawab dalam 3 hari kerja.`;

export const DEMO_CONTRACTS: ContractSeed[] = [
  {
    id: DEMO_CONTRACT_IDS.loanAgreement,
    productId: DEMO_IN_HOUSE_PRODUCT_ID,
    popup: true,
    titleEn: 'Loan Agreement',
    titleId: 'Perjanjian Pinjaman',
    bodyEn: LOAN_AGREEMENT_EN,
    bodyId: LOAN_AGREEMENT_ID,
  },
  {
    id: DEMO_CONTRACT_IDS.privacy,
    productId: null,
    popup: false,
    titleEn: 'Privacy and Data Use Consent',
    titleId: 'Persetujuan Privasi dan Penggunaan Data',
    bodyEn: PRIVACY_EN,
    bodyId: PRIVACY_ID,
  },
  {
    id: DEMO_CONTRACT_IDS.collection,
    productId: null,
    popup: false,
    titleEn: 'Repayment Reminders and Collection Terms',
    titleId: 'Ketentuan Pengingat Pembayaran dan Penagihan',
    bodyEn: COLLECTION_EN,
    bodyId: COLLECTION_ID,
  },
];
