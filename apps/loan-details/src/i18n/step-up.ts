/** The namespace of the confirm page's step-up block (issue 12 item 4). */
export const STEP_UP_NS = 'loanConfirmStepUp';

// Copy of the step-up block, in its own namespace so the page's message files stay as they are.
export const stepUp = {
  en: {
    title: 'Confirm with an SMS code',
    intro: 'For your security, we send a code to the phone number of your account. Enter it to confirm the loan.',
    label: 'SMS verification code',
    send: 'Send code',
    resend: 'Resend in {{count}} s',
    sentTo: 'Code sent to {{phone}}. It is valid for 5 minutes.',
    wait: 'Do not send the code repeatedly! Please wait for the countdown.',
    needCode: 'Enter the 6-digit code from the SMS to confirm.',
  },
  id: {
    title: 'Konfirmasi dengan kode SMS',
    intro: 'Demi keamanan Anda, kami mengirim kode ke nomor ponsel akun Anda. Masukkan kode itu untuk mengonfirmasi pinjaman.',
    label: 'Kode verifikasi SMS',
    send: 'Kirim kode',
    resend: 'Kirim ulang dalam {{count}} dtk',
    sentTo: 'Kode dikirim ke {{phone}}. Berlaku 5 menit.',
    wait: 'Jangan kirim kode berulang kali! Tunggu hitung mundur selesai.',
    needCode: 'Masukkan 6 digit kode dari SMS untuk mengonfirmasi.',
  },
};
