/**
 * Privacy policy (spec 2.3), English and Indonesian. Section ids are shared by both languages.
 * Legal review: the wording is ours; the legal team confirms it before each release (see docs/marketing.md).
 */
import { p, ul, type Lang, type LegalDoc } from './doc-types.ts';

const en: LegalDoc = {
  title: 'Privacy Policy',
  updated: 'Last updated: 1 January 2025',
  intro: [
    p(
      'Lendview ("we", "us") is a licensed non-bank lender. This policy explains what personal information we collect when you use the Lendview app and website, why we use it, who we share it with and the rights you have over it.',
    ),
    p('By using our services you agree to this policy. If you do not agree, please do not use our services.'),
  ],
  sections: [
    {
      id: 'collect',
      title: 'Information we collect',
      blocks: [
        p('We only collect the information we need to assess, grant and service your loan:'),
        ul(
          'Identity details: your name, date of birth, national identity number and a photo of your identity document.',
          'Contact details: your mobile number, email address and permanent address.',
          'Financial details: your income, employer, bank account and repayment history.',
          'Device details: device model, operating system, app version and device identifier, used to keep your account secure.',
          'Location, only when you allow it in your phone settings, to prevent fraud.',
        ),
        p('We do not read your contact list, messages or photos to collect a loan.'),
      ],
    },
    {
      id: 'use',
      title: 'Use of information',
      blocks: [
        p('We use your information to:'),
        ul(
          'verify your identity and prevent fraud;',
          'assess your application and decide on your loan;',
          'disburse the loan and process your repayments;',
          'send you service messages about your loan, such as due dates and payment confirmations;',
          'answer your questions and complaints;',
          'meet our legal and regulatory obligations as a licensed lender;',
          'improve our app and services, using data that no longer identifies you wherever possible.',
        ),
        p('We send marketing messages only with your consent, and you can stop them at any time.'),
      ],
    },
    {
      id: 'disclosure',
      title: 'Disclosure of information',
      blocks: [
        p('We do not sell your personal information. We share it only:'),
        ul(
          'with credit bureaus, to check and report your credit history as the law requires;',
          'with banks and payment providers, to disburse your loan and receive your repayments;',
          'with service providers that work for us (hosting, messaging, identity checks), under contracts that oblige them to protect your data;',
          'with a party to whom your loan is assigned, after we have notified you;',
          'with regulators, courts and law enforcement, when the law requires it.',
        ),
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      blocks: [
        p(
          'Our web pages use cookies and similar local storage to keep you signed in, remember your language and measure how the pages perform. We do not use cookies for advertising by third parties.',
        ),
        p('You can delete or block cookies in your browser settings; some pages may then not work properly.'),
      ],
    },
    {
      id: 'security',
      title: 'Data security',
      blocks: [
        p('We protect your information with technical and organisational measures, including:'),
        ul(
          'encryption of data in transit and at rest;',
          'access limited to staff who need it for their work, with every access logged;',
          'regular security testing of our systems;',
          'keeping your data only as long as the law and your loan require, then deleting or anonymising it.',
        ),
        p('No system is completely secure. If a breach affects your data, we will tell you and the authorities as the law requires.'),
      ],
    },
    {
      id: 'non-discrimination',
      title: 'Non-discrimination statement',
      blocks: [
        p(
          'We decide on every application on the basis of your ability to repay. We do not discriminate on the basis of religion, caste, ethnicity, gender, sexual orientation, disability, marital status or political opinion, and we do not treat you differently for exercising your privacy rights.',
        ),
      ],
    },
    {
      id: 'rights',
      title: 'Your rights',
      blocks: [
        p(
          'You have the following rights over your personal information. To use them, contact us as described in "Contact us" below. We answer within 30 days.',
        ),
      ],
      subsections: [
        {
          id: 'right-access',
          title: 'Right of access',
          blocks: [p('You can ask for a copy of the personal information we hold about you.')],
        },
        {
          id: 'right-correction',
          title: 'Right to correction',
          blocks: [p('You can ask us to correct information that is wrong or incomplete.')],
        },
        {
          id: 'right-erasure',
          title: 'Right to erasure',
          blocks: [p('You can ask us to delete your information when we no longer need it, except where the law requires us to keep it.')],
        },
        {
          id: 'right-cancel',
          title: 'Cancelling your account',
          blocks: [
            p(
              'You can cancel your account at any time when you have no outstanding loan. While a loan is outstanding, the account stays open until it is repaid.',
            ),
          ],
        },
        {
          id: 'right-object',
          title: 'Right to object',
          blocks: [p('You can object to our use of your information for marketing or for purposes based on our legitimate interests.')],
        },
        {
          id: 'right-restrict',
          title: 'Right to restrict processing',
          blocks: [p('You can ask us to limit how we use your information, for example while we check a correction you asked for.')],
        },
        {
          id: 'right-withdraw',
          title: 'Right to withdraw consent',
          blocks: [
            p('Where we rely on your consent, you can withdraw it at any time. This does not affect what we did before you withdrew it.'),
          ],
        },
        {
          id: 'right-complain',
          title: 'Right to complain',
          blocks: [
            p(
              'If you are not satisfied with how we handle your information, you can complain to us and to the data protection authority of your country.',
            ),
          ],
        },
      ],
    },
    {
      id: 'minors',
      title: 'Protection of minors',
      blocks: [
        p(
          'Our services are only for adults of legal age. We do not knowingly collect information from anyone under 18. If we learn that we have, we delete it. If you believe a minor has given us information, please contact us.',
        ),
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      blocks: [
        p(
          'We may update this policy when our services or the law change. We will show the new date at the top of this page and tell you in the app before important changes take effect.',
        ),
      ],
    },
    {
      id: 'contacts',
      title: 'Contact us',
      blocks: [p('For questions about this policy or to use your rights, contact us:'), { type: 'contact' }],
    },
  ],
};

const id: LegalDoc = {
  title: 'Kebijakan Privasi',
  updated: 'Terakhir diperbarui: 1 Januari 2025',
  intro: [
    p(
      'Lendview ("kami") adalah pemberi pinjaman non-bank berizin. Kebijakan ini menjelaskan data pribadi apa yang kami kumpulkan saat Anda menggunakan aplikasi dan situs Lendview, untuk apa kami menggunakannya, dengan siapa kami membagikannya, dan hak-hak Anda atas data tersebut.',
    ),
    p('Dengan menggunakan layanan kami, Anda menyetujui kebijakan ini. Jika Anda tidak setuju, mohon tidak menggunakan layanan kami.'),
  ],
  sections: [
    {
      id: 'collect',
      title: 'Informasi yang kami kumpulkan',
      blocks: [
        p('Kami hanya mengumpulkan informasi yang kami perlukan untuk menilai, memberikan, dan mengelola pinjaman Anda:'),
        ul(
          'Data identitas: nama, tanggal lahir, nomor induk kependudukan (NIK), dan foto kartu identitas Anda.',
          'Data kontak: nomor ponsel, alamat email, dan alamat tetap Anda.',
          'Data keuangan: penghasilan, pemberi kerja, rekening bank, dan riwayat pembayaran Anda.',
          'Data perangkat: model perangkat, sistem operasi, versi aplikasi, dan pengenal perangkat, untuk menjaga keamanan akun Anda.',
          'Lokasi, hanya jika Anda mengizinkannya di pengaturan ponsel, untuk mencegah penipuan.',
        ),
        p('Kami tidak membaca daftar kontak, pesan, atau foto Anda untuk menagih pinjaman.'),
      ],
    },
    {
      id: 'use',
      title: 'Penggunaan informasi',
      blocks: [
        p('Kami menggunakan informasi Anda untuk:'),
        ul(
          'memverifikasi identitas Anda dan mencegah penipuan;',
          'menilai pengajuan Anda dan memutuskan pinjaman;',
          'mencairkan pinjaman dan memproses pembayaran Anda;',
          'mengirimkan pesan layanan tentang pinjaman Anda, seperti tanggal jatuh tempo dan konfirmasi pembayaran;',
          'menjawab pertanyaan dan pengaduan Anda;',
          'memenuhi kewajiban hukum dan peraturan kami sebagai pemberi pinjaman berizin;',
          'meningkatkan aplikasi dan layanan kami, sedapat mungkin dengan data yang tidak lagi mengidentifikasi Anda.',
        ),
        p('Kami hanya mengirimkan pesan pemasaran dengan persetujuan Anda, dan Anda dapat menghentikannya kapan saja.'),
      ],
    },
    {
      id: 'disclosure',
      title: 'Pengungkapan informasi',
      blocks: [
        p('Kami tidak menjual data pribadi Anda. Kami hanya membagikannya:'),
        ul(
          'kepada biro kredit, untuk memeriksa dan melaporkan riwayat kredit Anda sesuai ketentuan hukum;',
          'kepada bank dan penyedia pembayaran, untuk mencairkan pinjaman dan menerima pembayaran Anda;',
          'kepada penyedia jasa yang bekerja untuk kami (hosting, pengiriman pesan, verifikasi identitas), berdasarkan kontrak yang mewajibkan mereka melindungi data Anda;',
          'kepada pihak yang menerima pengalihan pinjaman Anda, setelah kami memberi tahu Anda;',
          'kepada regulator, pengadilan, dan penegak hukum, jika diwajibkan oleh hukum.',
        ),
      ],
    },
    {
      id: 'cookies',
      title: 'Cookie',
      blocks: [
        p(
          'Halaman web kami menggunakan cookie dan penyimpanan lokal serupa untuk menjaga Anda tetap masuk, mengingat bahasa Anda, dan mengukur kinerja halaman. Kami tidak menggunakan cookie untuk iklan pihak ketiga.',
        ),
        p(
          'Anda dapat menghapus atau memblokir cookie di pengaturan browser; beberapa halaman mungkin tidak berfungsi dengan baik setelahnya.',
        ),
      ],
    },
    {
      id: 'security',
      title: 'Keamanan data',
      blocks: [
        p('Kami melindungi informasi Anda dengan langkah teknis dan organisasi, antara lain:'),
        ul(
          'enkripsi data saat dikirim dan saat disimpan;',
          'akses hanya untuk staf yang memerlukannya dalam pekerjaan, dengan setiap akses dicatat;',
          'pengujian keamanan sistem secara berkala;',
          'menyimpan data Anda hanya selama diwajibkan oleh hukum dan pinjaman Anda, kemudian menghapus atau menganonimkannya.',
        ),
        p(
          'Tidak ada sistem yang sepenuhnya aman. Jika terjadi kebocoran yang memengaruhi data Anda, kami akan memberi tahu Anda dan pihak berwenang sesuai ketentuan hukum.',
        ),
      ],
    },
    {
      id: 'non-discrimination',
      title: 'Pernyataan nondiskriminasi',
      blocks: [
        p(
          'Kami memutuskan setiap pengajuan berdasarkan kemampuan Anda untuk membayar kembali. Kami tidak melakukan diskriminasi atas dasar agama, suku, ras, jenis kelamin, orientasi seksual, disabilitas, status perkawinan, atau pandangan politik, dan kami tidak memperlakukan Anda secara berbeda karena Anda menggunakan hak privasi Anda.',
        ),
      ],
    },
    {
      id: 'rights',
      title: 'Hak-hak Anda',
      blocks: [
        p(
          'Anda memiliki hak-hak berikut atas data pribadi Anda. Untuk menggunakannya, hubungi kami seperti dijelaskan di bagian "Hubungi kami" di bawah. Kami menjawab dalam 30 hari.',
        ),
      ],
      subsections: [
        { id: 'right-access', title: 'Hak akses', blocks: [p('Anda dapat meminta salinan data pribadi yang kami simpan tentang Anda.')] },
        {
          id: 'right-correction',
          title: 'Hak perbaikan',
          blocks: [p('Anda dapat meminta kami memperbaiki data yang salah atau tidak lengkap.')],
        },
        {
          id: 'right-erasure',
          title: 'Hak penghapusan',
          blocks: [
            p(
              'Anda dapat meminta kami menghapus data Anda jika kami tidak lagi memerlukannya, kecuali jika hukum mewajibkan kami menyimpannya.',
            ),
          ],
        },
        {
          id: 'right-cancel',
          title: 'Penutupan akun',
          blocks: [
            p(
              'Anda dapat menutup akun kapan saja jika tidak memiliki pinjaman yang belum lunas. Selama masih ada pinjaman berjalan, akun tetap aktif sampai pinjaman dilunasi.',
            ),
          ],
        },
        {
          id: 'right-object',
          title: 'Hak untuk menolak',
          blocks: [
            p('Anda dapat menolak penggunaan data Anda untuk pemasaran atau untuk tujuan yang didasarkan pada kepentingan sah kami.'),
          ],
        },
        {
          id: 'right-restrict',
          title: 'Hak membatasi pemrosesan',
          blocks: [p('Anda dapat meminta kami membatasi penggunaan data Anda, misalnya selama kami memeriksa perbaikan yang Anda minta.')],
        },
        {
          id: 'right-withdraw',
          title: 'Hak menarik persetujuan',
          blocks: [
            p(
              'Jika kami mengandalkan persetujuan Anda, Anda dapat menariknya kapan saja. Hal ini tidak memengaruhi pemrosesan yang kami lakukan sebelumnya.',
            ),
          ],
        },
        {
          id: 'right-complain',
          title: 'Hak mengajukan pengaduan',
          blocks: [
            p(
              'Jika Anda tidak puas dengan cara kami menangani data Anda, Anda dapat mengadu kepada kami dan kepada otoritas pelindungan data pribadi di negara Anda.',
            ),
          ],
        },
      ],
    },
    {
      id: 'minors',
      title: 'Perlindungan anak di bawah umur',
      blocks: [
        p(
          'Layanan kami hanya untuk orang dewasa yang telah cukup umur menurut hukum. Kami tidak dengan sengaja mengumpulkan data dari siapa pun yang berusia di bawah 18 tahun. Jika kami mengetahuinya, kami akan menghapus data tersebut. Jika Anda yakin seorang anak telah memberikan datanya kepada kami, silakan hubungi kami.',
        ),
      ],
    },
    {
      id: 'changes',
      title: 'Perubahan kebijakan ini',
      blocks: [
        p(
          'Kami dapat memperbarui kebijakan ini jika layanan kami atau hukum berubah. Kami akan menampilkan tanggal terbaru di bagian atas halaman ini dan memberi tahu Anda di aplikasi sebelum perubahan penting berlaku.',
        ),
      ],
    },
    {
      id: 'contacts',
      title: 'Hubungi kami',
      blocks: [p('Untuk pertanyaan tentang kebijakan ini atau untuk menggunakan hak Anda, hubungi kami:'), { type: 'contact' }],
    },
  ],
};

export function privacyPolicyDoc(lang: Lang): LegalDoc {
  return lang === 'en' ? en : id;
}
