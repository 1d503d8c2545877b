/**
 * Every human message the API sends, in English and Indonesian. Envelope messages, validation errors and SMS
 * texts all come from here; `t(lang, key, vars)` fills `{name}` placeholders.
 */
export type Lang = 'en' | 'id';

const en = {
  ok: 'Success',
  // Malformed input
  badJson: 'The request body is not valid JSON.',
  badBody: 'The request body could not be read.',
  unsupportedMediaType: 'This content type is not supported. Send the fields form-encoded or as JSON.',
  bodyTooLarge: 'The request body is too large (limit 1 MB).',
  fieldMissing: 'Missing required field: {field}.',
  fieldInvalid: 'Invalid value for field: {field}.',
  badRequest: 'The request is not valid.',
  // Generic failures
  notFound: 'The requested resource was not found.',
  unauthorized: 'Your session has expired. Please log in again.',
  serverError: 'Something went wrong on our side. Please try again later.',
  dbUnavailable: 'The service is temporarily unavailable. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again in {seconds} seconds.',
  // Field-specific (spec 5)
  phoneInvalid: 'Please enter the phone number correctly!',
  smsCodeInvalid: 'Please enter the SMS code correctly!',
  // Login
  smsCodeSent: 'If this phone number is registered, a verification code has been sent to it.',
  smsResendTooSoon: 'Do not send the code repeatedly! Please try again in {seconds} seconds.',
  smsDailyLimit: 'Too many codes have been requested for this number today. Please try again tomorrow.',
  smsCodeNotRequested: 'Please request a verification code first.',
  smsCodeWrong: 'The verification code is incorrect. {remaining} attempts left.',
  smsCodeExpired: 'The verification code has expired. Please request a new code.',
  smsCodeUsed: 'This verification code has already been used. Please request a new code.',
  smsCodeTooManyTries: 'Too many incorrect attempts. Please request a new code.',
  loginOk: 'Logged in successfully.',
  logoutOk: 'You have been logged out.',
  smsLoginText: 'Your LendView verification code is {code}. It expires in 5 minutes. Never share it with anyone.',
  // Static product
  remotesManifestMissing: 'The remotes manifest has not been published yet.',
  shellMissing: 'The web pages have not been built yet.',
} as const;

export type MessageKey = keyof typeof en;

const id: Record<MessageKey, string> = {
  ok: 'Berhasil',
  badJson: 'Isi permintaan bukan JSON yang valid.',
  badBody: 'Isi permintaan tidak dapat dibaca.',
  unsupportedMediaType: 'Jenis konten ini tidak didukung. Kirim data sebagai formulir atau JSON.',
  bodyTooLarge: 'Isi permintaan terlalu besar (batas 1 MB).',
  fieldMissing: 'Kolom wajib belum diisi: {field}.',
  fieldInvalid: 'Nilai kolom tidak valid: {field}.',
  badRequest: 'Permintaan tidak valid.',
  notFound: 'Data yang diminta tidak ditemukan.',
  unauthorized: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
  serverError: 'Terjadi kesalahan pada sistem kami. Silakan coba lagi nanti.',
  dbUnavailable: 'Layanan sedang tidak tersedia. Silakan coba lagi nanti.',
  tooManyRequests: 'Terlalu banyak permintaan. Silakan coba lagi dalam {seconds} detik.',
  phoneInvalid: 'Silakan masukkan nomor telepon dengan benar!',
  smsCodeInvalid: 'Silakan masukkan kode SMS dengan benar!',
  smsCodeSent: 'Jika nomor ini terdaftar, kode verifikasi telah dikirim ke nomor tersebut.',
  smsResendTooSoon: 'Jangan mengirim kode berulang kali! Silakan coba lagi dalam {seconds} detik.',
  smsDailyLimit: 'Terlalu banyak permintaan kode untuk nomor ini hari ini. Silakan coba lagi besok.',
  smsCodeNotRequested: 'Silakan minta kode verifikasi terlebih dahulu.',
  smsCodeWrong: 'Kode verifikasi salah. Sisa percobaan: {remaining}.',
  smsCodeExpired: 'Kode verifikasi sudah kedaluwarsa. Silakan minta kode baru.',
  smsCodeUsed: 'Kode verifikasi ini sudah digunakan. Silakan minta kode baru.',
  smsCodeTooManyTries: 'Terlalu banyak percobaan yang salah. Silakan minta kode baru.',
  loginOk: 'Berhasil masuk.',
  logoutOk: 'Anda telah keluar.',
  smsLoginText:
    'Kode verifikasi LendView Anda adalah {code}. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.',
  remotesManifestMissing: 'Manifes remote belum diterbitkan.',
  shellMissing: 'Halaman web belum dibangun.',
};

export const messages: Record<Lang, Record<MessageKey, string>> = { en, id };

export type MessageVars = Record<string, string | number>;

export function t(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  const template = messages[lang][key];
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
