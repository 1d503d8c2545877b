import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '@lendview/api-client';
import { sendConfirmCode } from '../api/loan-confirm-send-sms.ts';
import { addMessages } from '@lendview/i18n';
import { Card, CountdownButton, toast } from '@lendview/ui';
import './ConfirmPageStepUp.css';
import { digitsOnly } from '@lendview/contracts/routes';

const NS = 'loanConfirmStepUp';

// Copy of the step-up block (issue 12 item 4), in its own namespace so the page's message files stay as they are.
addMessages(NS, {
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
});

/**
 * The step-up block of /confirm when loan-detail-confirm says sendSms 1: a countdown "send code" button
 * (spec 4.4: 60 s) and the 6-digit code field. The code itself goes with loan-detail-push (smsCode).
 */
export function StepUpCode(props: { productId: number; seconds: number; code: string; onCode: (code: string) => void }) {
  const { productId, seconds, code, onCode } = props;
  const { t } = useTranslation(NS);
  const [sentTo, setSentTo] = useState('');
  const inputId = useId();
  const hintId = useId();

  const send = async () => {
    const env = await sendConfirmCode(productId);
    if (!isSuccess(env) || !env.data) return false;
    setSentTo(env.data.phoneMasked);
    return true;
  };

  return (
    <Card className="ld-card ld-stepup" heading={t('title')} data-testid="step-up">
      <p className="ld-stepup__intro">{t('intro')}</p>
      <div className="lv-field">
        <label className="lv-field__label" htmlFor={inputId}>
          {t('label')}
        </label>
        <div className="ld-stepup__row">
          <input
            id={inputId}
            className="lv-input ld-stepup__input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            aria-describedby={hintId}
            onChange={(e) => onCode(digitsOnly(e.target.value).slice(0, 6))}
          />
          <CountdownButton
            className="ld-stepup__send"
            seconds={seconds}
            onSend={send}
            readyLabel={t('send')}
            countingLabel={(n) => t('resend', { count: n })}
            onBlockedClick={() => toast.show(t('wait'))}
          />
        </div>
        <p id={hintId} className="lv-field__hint" aria-live="polite">
          {sentTo ? t('sentTo', { phone: sentTo }) : t('needCode')}
        </p>
      </div>
    </Card>
  );
}
