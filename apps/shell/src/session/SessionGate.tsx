import { useId, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isSuccess, navigateOutbound } from '@lendview/api-client';
import { bridge, isInApp } from '@lendview/bridge';
import { Button, CountdownButton, Page, toast } from '@lendview/ui';
import { isSessionEnded, subscribeSession } from './session-guard.ts';
import { digitsOnly } from '@lendview/contracts/routes';
import { OneTimeCodeInput } from '@lendview/kit';

const PHONE = /^1[3-9]\d{9}$/;

/** This page again, without the old token in its address: the new one comes from the session (shared params). */
function reopenWithNewSession() {
  const url = new URL(window.location.href);
  url.searchParams.delete('tok');
  navigateOutbound(`${url.pathname}${url.search}${url.hash}`);
}

/** The browser's way back in: the SMS login of the API, on this screen. */
function LoginForm() {
  const { t } = useTranslation('shell');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const phoneId = useId();
  const codeId = useId();

  const send = async () => {
    if (!PHONE.test(phone)) {
      toast.show(t('session.phoneInvalid'));
      return false;
    }
    const env = await api.sendLoginCode(phone);
    return isSuccess(env);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !PHONE.test(phone) || !/^\d{6}$/.test(code)) return;
    setBusy(true);
    try {
      const env = await api.smsLogin(phone, code);
      if (isSuccess(env) && env.data?.tok) reopenWithNewSession();
    } catch {
      toast.show(t('session.loginFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="shell-session__form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="lv-field">
        <label className="lv-field__label" htmlFor={phoneId}>
          {t('session.phone')}
        </label>
        <input
          id={phoneId}
          className="lv-input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          onChange={(e) => setPhone(digitsOnly(e.target.value).slice(0, 11))}
        />
      </div>
      <div className="lv-field">
        <label className="lv-field__label" htmlFor={codeId}>
          {t('session.code')}
        </label>
        <div className="shell-session__row">
          <OneTimeCodeInput id={codeId} className="lv-input" value={code} onCode={setCode} />
          <CountdownButton
            className="shell-session__send"
            onSend={send}
            readyLabel={t('session.sendCode')}
            countingLabel={(n) => t('session.resend', { count: n })}
            onBlockedClick={() => toast.show(t('session.wait'))}
          />
        </div>
      </div>
      <Button type="submit" variant="primary" block loading={busy} disabled={!PHONE.test(phone) || !/^\d{6}$/.test(code)}>
        {t('session.logIn')}
      </Button>
    </form>
  );
}

/** "Your session has ended — log in again": in the app the button opens the native login again. */
export function SessionEndedScreen() {
  const { t } = useTranslation('shell');
  const [form, setForm] = useState(false);
  const inApp = isInApp();
  return (
    <Page title={t('session.title')} className="shell-session">
      <div className="shell-session__panel" role="alert" data-testid="session-ended">
        <p className="shell-session__text">{t('session.text')}</p>
        {inApp || !form ? (
          <Button variant="primary" block onClick={() => (inApp ? bridge.backToLogin() : setForm(true))}>
            {t('session.logInAgain')}
          </Button>
        ) : (
          <LoginForm />
        )}
      </div>
    </Page>
  );
}

/** The routes, or the session-ended screen once any borrower call answered UNAUTHORIZED. */
export function SessionGate({ children }: { children: ReactNode }) {
  const ended = useSyncExternalStore(subscribeSession, isSessionEnded, isSessionEnded);
  return ended ? <SessionEndedScreen /> : <>{children}</>;
}
