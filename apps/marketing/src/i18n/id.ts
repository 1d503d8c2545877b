import type { MarketingMessages } from './en.ts';

/**
 * Indonesian UI copy of the marketing remote (namespace `marketing`). Indonesian is the Indonesia market:
 * money is shown in rupiah. Same keys as en.ts; the type makes a missing key a typecheck error.
 */
export const id: MarketingMessages = {
  brand: 'Lendview',
  common: {
    retry: 'Coba lagi',
    backHome: 'Kembali ke beranda',
    contents: 'Daftar isi',
    notAvailable: 'Belum tersedia saat ini',
  },
  nav: {
    label: 'Bagian situs',
    home: 'Beranda',
    about: 'Tentang Kami',
    policy: 'Kebijakan Privasi',
    loan: 'Syarat dan ketentuan pinjaman',
  },
  home: {
    title: 'Lendview: pinjaman pribadi dalam 2 jam',
    hero: {
      kicker: 'Pinjaman pribadi, sepenuhnya online',
      heading: 'Pinjaman {{min}} hingga {{max}}',
      text: 'Dana masuk ke rekening Anda dalam 2 jam.',
      alt: 'Ponsel yang menampilkan pinjaman disetujui, dengan koin dan kartu bank di sampingnya',
    },
    speed: {
      heading: 'Dalam 2 jam',
      text: 'Ajukan dalam hitungan menit lewat ponsel. Sebagian besar pengajuan diputuskan dan dicairkan dalam 2 jam.',
      alt: 'Stopwatch di samping panah transfer bank',
    },
    users: {
      heading: 'Lebih dari 3 juta pengguna',
      text: 'Lebih dari 3 juta orang sudah meminjam di Lendview.',
      alt: 'Sekelompok orang tersenyum di sekitar ponsel',
    },
    salary: {
      heading: 'Gaji {{salary}} ke atas',
      text: 'Jika penghasilan Anda {{salary}} atau lebih per bulan, berusia di atas 18 tahun, warga negara Indonesia dan memiliki alamat tetap, Anda bisa mengajukan.',
      alt: 'Kartu identitas, slip gaji, dan tanda centang',
    },
    safe: {
      heading: 'Aman dan transparan',
      text: 'Pemberi pinjaman non-bank berizin. Data Anda dienkripsi dan semua biaya ditampilkan sebelum Anda menyetujui.',
      alt: 'Perisai dengan gembok yang melindungi dokumen',
    },
  },
  footer: {
    label: 'Kontak dan informasi perusahaan',
    contactTitle: 'Hubungi kami',
    phone: 'Telepon',
    email: 'Email',
    address: 'Alamat',
    addressValue: 'Lendview, Lantai 12, Menara Lendview, Jl. Jenderal Sudirman No. 21, Jakarta Selatan 12190, Indonesia',
    formTitle: 'Kirim pesan kepada kami',
    copyright: '© {{year}} Lendview. Hak cipta dilindungi.',
  },
  form: {
    firstName: 'Nama depan',
    name: 'Nama',
    email: 'Email',
    phone: 'Nomor telepon',
    message: 'Pesan',
    submit: 'Kirim',
    phoneHint: 'Hanya angka',
    required: 'Semua kolom wajib diisi.',
    incomplete: 'Harap lengkapi semua informasi!',
    success: 'Berhasil dikirim！',
    sendFailed: 'Pesan Anda tidak dapat dikirim. Periksa koneksi Anda dan coba lagi.',
  },
  about: {
    title: 'Tentang Kami',
    intro: 'Lendview adalah pemberi pinjaman non-bank berizin yang membuat pinjaman pribadi menjadi mudah, cepat, dan adil.',
    mission: {
      caption: 'Misi kami: kredit yang cepat didapat dan mudah dipahami.',
      alt: 'Jalan berundak yang menanjak menuju sebuah bendera',
    },
    team: {
      caption: 'Tim kami: orang-orang yang menjawab pertanyaan Anda setiap hari.',
      alt: 'Tiga rekan kerja bekerja sama di sebuah meja',
    },
    promise: {
      caption: 'Janji kami: tanpa biaya tersembunyi dan data Anda tetap aman.',
      alt: 'Jabat tangan di dalam sebuah perisai',
    },
  },
  user: {
    title: 'Akun saya',
  },
  contact: {
    title: 'Kontak',
    intro: 'Tinggalkan nama, nomor telepon, dan pesan Anda. Tim kami akan segera menghubungi Anda.',
  },
  policyFrame: {
    title: 'Kebijakan Privasi',
    frameTitle: 'Kebijakan privasi Lendview',
  },
  loanPage: {
    title: 'Syarat dan ketentuan pinjaman',
  },
  service: {
    title: 'Layanan pelanggan',
    intro: 'Tim layanan pelanggan kami siap membantu terkait pinjaman, pembayaran, dan akun Anda.',
    phone: 'Telepon',
    email: 'Email',
    call: 'Telepon {{phone}}',
    mail: 'Kirim email',
    loading: 'Memuat informasi kontak…',
    error: 'Informasi kontak tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.',
    officerTitle: 'Petugas pengaduan',
    officerIntro: 'Belum puas dengan penanganan pengaduan Anda oleh layanan pelanggan? Hubungi petugas pengaduan kami.',
    officerPhone: 'Telepon',
    officerEmail: 'Email',
    officerAddress: 'Alamat',
  },
  aboutUs: {
    title: 'Tentang kami',
  },
  privacy: {
    title: 'Kebijakan Privasi',
  },
  notFound: {
    title: 'Halaman tidak ditemukan',
    text: 'Halaman yang Anda cari tidak ada atau sudah dipindahkan.',
  },
};
