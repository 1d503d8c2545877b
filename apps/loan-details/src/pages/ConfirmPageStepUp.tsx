import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '@lendview/api-client';
import { sendConfirmCode } from '../api/loan-confirm-send-sms.ts';
import { STEP_UP_NS as NS } from '../i18n/step-up.ts';
import { Card, CountdownButton, toast } from '@lendview/ui';
import './ConfirmPageStepUp.css';
import { OneTimeCodeInput } from '@lendview/kit';

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
          <OneTimeCodeInput id={inputId} className="lv-input ld-stepup__input" value={code} aria-describedby={hintId} onCode={onCode} />
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
