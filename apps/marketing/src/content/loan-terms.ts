/**
 * Loan terms and conditions (spec 9 figures, spec 5 applicant rules), English and Indonesian.
 * Every number comes from figures.ts; money is formatted by the caller's `money` (formatMoney + language).
 */
import { earlyRepaymentDay } from '@lendview/contracts/routes';
import { LOAN_TERMS as T } from './figures.ts';
import { p, ul, type Lang, type LegalDoc } from './doc-types.ts';

type Money = (minor: number) => string;

function tierLabel(lang: Lang, from: number, to: number | null): string {
  if (lang === 'en') return to === null ? `From day ${from}` : `Days ${from} to ${to}`;
  return to === null ? `Mulai hari ke-${from}` : `Hari ke-${from} sampai ke-${to}`;
}

function en(money: Money): LegalDoc {
  const halfExample = 120;
  return {
    title: 'Loan terms and conditions',
    updated: 'Last updated: 1 January 2025',
    intro: [
      p(
        'These terms apply to every loan that Lendview (the lender) grants to you (the borrower) through the Lendview app. Please read them carefully before you accept a loan. The amount, term, interest, fees and repayment schedule of your loan are always shown in the app before you confirm it.',
      ),
    ],
    sections: [
      {
        id: 'parties',
        title: 'Who is who',
        blocks: [
          ul(
            'Lender: Lendview, a licensed non-bank lender.',
            'Borrower: the person who applies for and receives the loan.',
            'New client: a borrower taking a first loan with Lendview.',
            'Repeat client: a borrower who has fully repaid at least one earlier Lendview loan.',
          ),
        ],
      },
      {
        id: 'eligibility',
        title: 'Who can apply',
        blocks: [
          p('To apply for a loan you must:'),
          ul(
            `be over ${T.minAge} years old;`,
            'be a national of India;',
            'have a permanent address;',
            'have a bank account in your own name and a mobile number that you use.',
          ),
        ],
      },
      {
        id: 'term',
        title: 'Loan amount and term',
        blocks: [
          p(`The loan term is ${T.minTermDays} to ${T.maxTermDays} days.`),
          p('The amounts and terms you can choose are shown in the app and depend on our assessment of your application.'),
        ],
      },
      {
        id: 'decision',
        title: 'Decision and disbursement',
        blocks: [
          ul(
            `We decide on your application within ${T.decisionDays} day of receiving it complete.`,
            `If we approve it, the money is disbursed to your bank account within ${T.disbursementMinDays} to ${T.disbursementMaxDays} calendar days.`,
          ),
        ],
      },
      {
        id: 'interest',
        title: 'Interest',
        blocks: [
          p(
            'Interest is charged at the daily rate of the loan product you choose. The rate, the interest in money, the total you will repay and the annual percentage rate (APR) are shown in the offer and in the key facts statement before you confirm the loan, and in your loan details after.',
          ),
          p('The late interest in "Late payment" below is charged only on an amount that is overdue; it is not the interest of your loan.'),
        ],
      },
      {
        id: 'late',
        title: 'Late payment',
        blocks: [
          p(
            `If you do not repay on time, a late payment penalty is charged once: ${money(T.penaltyNewClientMinor)} for new clients or ${money(T.penaltyRepeatClientMinor)} for repeat clients.`,
          ),
          {
            type: 'table',
            caption: 'Late payment penalty (charged once)',
            head: ['Client', 'Penalty'],
            rows: [
              ['New client', money(T.penaltyNewClientMinor)],
              ['Repeat client', money(T.penaltyRepeatClientMinor)],
            ],
          },
          p('Late interest is also charged every day on the overdue amount, from the day after the due date until it is paid:'),
          {
            type: 'table',
            caption: 'Late interest on the overdue amount',
            head: ['Days late', 'Late interest a day'],
            rows: T.lateInterestTiers.map((tier) => [tierLabel('en', tier.from, tier.to), `${tier.ratePercent}%`]),
          },
          p(
            `Late charges have a limit: the late payment penalty and the daily interest on the overdue amount together never exceed ${T.lateChargeCapPercent}% of the principal of your loan, however late the payment. Once they reach it, they stop growing.`,
          ),
        ],
      },
      {
        id: 'prepayment',
        title: 'Early repayment',
        blocks: [
          p(
            `You may repay the whole loan early only after half of the loan term has passed, and never within ${T.prepaymentLockDays} days after disbursement.`,
          ),
          p(
            `Example: on a ${halfExample}-day loan, early repayment is possible from day ${earlyRepaymentDay(halfExample)} after disbursement.`,
          ),
        ],
      },
      {
        id: 'details',
        title: 'Changes to your personal details',
        blocks: [
          p(
            `You must tell us about any change to your personal details (name, address, phone number, employer or bank account) within ${T.detailsChangeNoticeDays} days of the change, in the app or through customer service.`,
          ),
        ],
      },
      {
        id: 'assignment',
        title: 'Assignment',
        blocks: [
          p(
            `The lender may transfer (assign) its rights under the loan to another party. We will notify you at least ${T.assignmentNoticeBusinessDays} business days before the assignment takes effect. The terms of your loan do not change because of an assignment.`,
          ),
        ],
      },
      {
        id: 'disputes',
        title: 'Disputes and court judgments',
        blocks: [
          p('We first try to settle any disagreement with you through customer service.'),
          p(`If a court orders you to pay an amount under the loan, you must pay it within ${T.judgmentPaymentDays} days of the judgment.`),
        ],
      },
      {
        id: 'contact',
        title: 'Questions',
        blocks: [p('If anything in these terms is unclear, contact our customer service before you accept the loan.'), { type: 'contact' }],
      },
    ],
  };
}

function id(money: Money): LegalDoc {
  const halfExample = 120;
  return {
    title: 'Syarat dan ketentuan pinjaman',
    updated: 'Terakhir diperbarui: 1 Januari 2025',
    intro: [
      p(
        'Syarat ini berlaku untuk setiap pinjaman yang diberikan Lendview (pemberi pinjaman) kepada Anda (peminjam) melalui aplikasi Lendview. Bacalah dengan saksama sebelum Anda menerima pinjaman. Jumlah, tenor, bunga, biaya, dan jadwal pembayaran pinjaman Anda selalu ditampilkan di aplikasi sebelum Anda mengonfirmasinya.',
      ),
    ],
    sections: [
      {
        id: 'parties',
        title: 'Para pihak',
        blocks: [
          ul(
            'Pemberi pinjaman: Lendview, pemberi pinjaman non-bank berizin.',
            'Peminjam: orang yang mengajukan dan menerima pinjaman.',
            'Nasabah baru: peminjam yang mengambil pinjaman pertamanya di Lendview.',
            'Nasabah lama: peminjam yang telah melunasi setidaknya satu pinjaman Lendview sebelumnya.',
          ),
        ],
      },
      {
        id: 'eligibility',
        title: 'Siapa yang dapat mengajukan',
        blocks: [
          p('Untuk mengajukan pinjaman, Anda harus:'),
          ul(
            `berusia di atas ${T.minAge} tahun;`,
            'warga negara Indonesia;',
            'memiliki alamat tetap;',
            'memiliki rekening bank atas nama sendiri dan nomor ponsel yang aktif Anda gunakan.',
          ),
        ],
      },
      {
        id: 'term',
        title: 'Jumlah dan tenor pinjaman',
        blocks: [
          p(`Tenor pinjaman adalah ${T.minTermDays} hingga ${T.maxTermDays} hari.`),
          p('Jumlah dan tenor yang dapat Anda pilih ditampilkan di aplikasi dan bergantung pada penilaian kami atas pengajuan Anda.'),
        ],
      },
      {
        id: 'decision',
        title: 'Keputusan dan pencairan',
        blocks: [
          ul(
            `Kami memberikan keputusan atas pengajuan Anda dalam ${T.decisionDays} hari setelah pengajuan diterima lengkap.`,
            `Jika disetujui, dana dicairkan ke rekening bank Anda dalam ${T.disbursementMinDays} hingga ${T.disbursementMaxDays} hari kalender.`,
          ),
        ],
      },
      {
        id: 'interest',
        title: 'Bunga',
        blocks: [
          p(
            'Bunga dikenakan dengan tarif harian produk pinjaman yang Anda pilih. Tarif, bunga dalam rupiah, total yang akan Anda bayar, dan suku bunga tahunan (APR) ditampilkan dalam penawaran dan ringkasan informasi pinjaman sebelum Anda mengonfirmasi pinjaman, dan di detail pinjaman Anda setelahnya.',
          ),
          p(
            'Bunga keterlambatan pada bagian "Keterlambatan pembayaran" di bawah hanya dikenakan atas jumlah yang terlambat; itu bukan bunga pinjaman Anda.',
          ),
        ],
      },
      {
        id: 'late',
        title: 'Keterlambatan pembayaran',
        blocks: [
          p(
            `Jika Anda tidak membayar tepat waktu, denda keterlambatan dikenakan satu kali: ${money(T.penaltyNewClientMinor)} untuk nasabah baru atau ${money(T.penaltyRepeatClientMinor)} untuk nasabah lama.`,
          ),
          {
            type: 'table',
            caption: 'Denda keterlambatan (dikenakan satu kali)',
            head: ['Nasabah', 'Denda'],
            rows: [
              ['Nasabah baru', money(T.penaltyNewClientMinor)],
              ['Nasabah lama', money(T.penaltyRepeatClientMinor)],
            ],
          },
          p(
            'Bunga keterlambatan juga dikenakan setiap hari atas jumlah yang terlambat, mulai sehari setelah tanggal jatuh tempo hingga dibayar:',
          ),
          {
            type: 'table',
            caption: 'Bunga keterlambatan atas jumlah yang terlambat',
            head: ['Hari terlambat', 'Bunga keterlambatan per hari'],
            rows: T.lateInterestTiers.map((tier) => [tierLabel('id', tier.from, tier.to), `${tier.ratePercent}%`]),
          },
          p(
            `Biaya keterlambatan memiliki batas: denda keterlambatan dan bunga harian atas jumlah yang terlambat secara keseluruhan tidak pernah melebihi ${T.lateChargeCapPercent}% dari pokok pinjaman Anda, selama apa pun keterlambatannya. Setelah mencapai batas tersebut, biaya ini tidak bertambah lagi.`,
          ),
        ],
      },
      {
        id: 'prepayment',
        title: 'Pelunasan lebih awal',
        blocks: [
          p(
            `Anda dapat melunasi seluruh pinjaman lebih awal hanya setelah separuh tenor pinjaman berlalu, dan tidak dalam ${T.prepaymentLockDays} hari setelah pencairan.`,
          ),
          p(
            `Contoh: untuk pinjaman ${halfExample} hari, pelunasan lebih awal dapat dilakukan mulai hari ke-${earlyRepaymentDay(halfExample)} setelah pencairan.`,
          ),
        ],
      },
      {
        id: 'details',
        title: 'Perubahan data pribadi',
        blocks: [
          p(
            `Anda wajib memberi tahu kami setiap perubahan data pribadi (nama, alamat, nomor telepon, pemberi kerja, atau rekening bank) dalam ${T.detailsChangeNoticeDays} hari sejak perubahan, melalui aplikasi atau layanan pelanggan.`,
          ),
        ],
      },
      {
        id: 'assignment',
        title: 'Pengalihan hak',
        blocks: [
          p(
            `Pemberi pinjaman dapat mengalihkan haknya atas pinjaman kepada pihak lain. Kami akan memberi tahu Anda paling lambat ${T.assignmentNoticeBusinessDays} hari kerja sebelum pengalihan berlaku. Syarat pinjaman Anda tidak berubah karena pengalihan tersebut.`,
          ),
        ],
      },
      {
        id: 'disputes',
        title: 'Sengketa dan putusan pengadilan',
        blocks: [
          p('Kami selalu berusaha menyelesaikan setiap perselisihan dengan Anda terlebih dahulu melalui layanan pelanggan.'),
          p(
            `Jika pengadilan memerintahkan Anda membayar suatu jumlah berdasarkan pinjaman ini, Anda wajib membayarnya dalam ${T.judgmentPaymentDays} hari sejak putusan.`,
          ),
        ],
      },
      {
        id: 'contact',
        title: 'Pertanyaan',
        blocks: [
          p('Jika ada bagian syarat ini yang kurang jelas, hubungi layanan pelanggan kami sebelum Anda menerima pinjaman.'),
          { type: 'contact' },
        ],
      },
    ],
  };
}

export function loanTermsDoc(lang: Lang, money: Money): LegalDoc {
  return lang === 'en' ? en(money) : id(money);
}
