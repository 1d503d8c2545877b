/**
 * Company description for /aboutUs (spec 2.3), English and Indonesian. Our own text about "Lendview".
 * Licence numbers are added by the legal team (see docs/marketing.md); none are invented here.
 */
import { MARKETING_FIGURES } from './figures.ts';
import { p, ul, type Lang, type LegalDoc } from './doc-types.ts';

type Money = (minor: number) => string;

export function aboutUsDoc(lang: Lang, money: Money): LegalDoc {
  const f = MARKETING_FIGURES[lang];
  if (lang === 'en') {
    return {
      title: 'About us',
      intro: [
        p(
          'Lendview is a licensed non-bank lender. We give working people quick access to small personal loans through a simple app, with every cost shown up front.',
        ),
      ],
      sections: [
        {
          id: 'who',
          title: 'Who we are',
          blocks: [
            p(
              'We are a team of lending, risk and technology specialists who believe that borrowing a small amount should be as easy as sending a message, and just as clear. We lend our own funds under the licences required in each market where we operate.',
            ),
          ],
        },
        {
          id: 'offer',
          title: 'What we offer',
          blocks: [
            ul(
              `Personal loans of ${money(f.minLoan)} to ${money(f.maxLoan)}.`,
              'A decision and payout within 2 hours for most applications.',
              'Flexible repayment in full, in instalments or with an extension.',
              'Customer service by phone and email, and a complaint process with a reply within 3 working days.',
            ),
          ],
        },
        {
          id: 'how',
          title: 'How we lend responsibly',
          blocks: [
            p(
              'We only lend what we believe you can repay. Before you accept a loan, the app shows the amount, term, interest, fees and repayment dates. We never charge a fee that is not in your loan terms, and we treat every borrower with respect, including when a payment is late.',
            ),
          ],
        },
        {
          id: 'trust',
          title: 'Trusted by millions',
          blocks: [
            p(
              'More than 3 million users have borrowed with Lendview. We protect their data with encryption and strict access controls, and we never sell it.',
            ),
          ],
        },
      ],
    };
  }
  return {
    title: 'Tentang kami',
    intro: [
      p(
        'Lendview adalah pemberi pinjaman non-bank berizin. Kami memberi para pekerja akses cepat ke pinjaman pribadi berjumlah kecil melalui aplikasi yang sederhana, dengan semua biaya ditampilkan sejak awal.',
      ),
    ],
    sections: [
      {
        id: 'who',
        title: 'Siapa kami',
        blocks: [
          p(
            'Kami adalah tim spesialis pembiayaan, manajemen risiko, dan teknologi yang percaya bahwa meminjam dalam jumlah kecil seharusnya semudah mengirim pesan, dan sama jelasnya. Kami menyalurkan dana kami sendiri berdasarkan izin yang diwajibkan di setiap negara tempat kami beroperasi.',
          ),
        ],
      },
      {
        id: 'offer',
        title: 'Layanan kami',
        blocks: [
          ul(
            `Pinjaman pribadi ${money(f.minLoan)} hingga ${money(f.maxLoan)}.`,
            'Keputusan dan pencairan dalam 2 jam untuk sebagian besar pengajuan.',
            'Pembayaran fleksibel: lunas sekaligus, dicicil, atau dengan perpanjangan.',
            'Layanan pelanggan melalui telepon dan email, serta proses pengaduan dengan jawaban dalam 3 hari kerja.',
          ),
        ],
      },
      {
        id: 'how',
        title: 'Cara kami meminjamkan secara bertanggung jawab',
        blocks: [
          p(
            'Kami hanya meminjamkan jumlah yang kami yakini dapat Anda bayar kembali. Sebelum Anda menerima pinjaman, aplikasi menampilkan jumlah, tenor, bunga, biaya, dan tanggal pembayaran. Kami tidak pernah memungut biaya yang tidak tercantum dalam syarat pinjaman Anda, dan kami memperlakukan setiap peminjam dengan hormat, termasuk saat pembayaran terlambat.',
          ),
        ],
      },
      {
        id: 'trust',
        title: 'Dipercaya jutaan orang',
        blocks: [
          p(
            'Lebih dari 3 juta pengguna telah meminjam di Lendview. Kami melindungi data mereka dengan enkripsi dan kontrol akses yang ketat, dan kami tidak pernah menjualnya.',
          ),
        ],
      },
    ],
  };
}
