export interface QaSeed {
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
    answerEn:
      'A one-time late penalty is charged and daily interest runs on the unpaid amount. Some orders can be extended before the due date.',
    answerId:
      'Denda keterlambatan dikenakan satu kali dan bunga harian berjalan atas jumlah yang belum dibayar. Beberapa pesanan dapat diperpanjang sebelum jatuh tempo.',
  },
  {
    id: 23,
    pid: 2,
    titleEn: 'I have paid but my loan is still unpaid',
    titleId: 'Saya sudah membayar tetapi pinjaman saya masih belum lunas',
    answerEn:
      'Payments are usually confirmed within minutes. If it still shows unpaid after 24 hours, file a complaint with your proof of payment.',
    answerId:
      'Pembayaran biasanya dikonfirmasi dalam beberapa menit. Jika setelah 24 jam masih belum lunas, ajukan pengaduan dengan bukti pembayaran Anda.',
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
