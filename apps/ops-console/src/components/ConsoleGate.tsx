import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isNetworkError, isSuccess } from '@lendview/api-client';
import { OPS_PASSWORD_MIN, opsChangePassword, opsLogin, opsLoginCode, opsLogout, type ResponseOf } from '@lendview/contracts/routes';
import { Button, Field, TextInput } from '@lendview/ui';
import { OpsClientContext } from '../api/client.ts';
import { makeClient } from '../api/make-client.ts';
import { ConsoleSessionContext } from './session-context.ts';
import { CodeInput } from './CodeInput.tsx';

// Sign-in in two steps (docs/operations.md "Accounts and sign-in"): the password, then the authenticator code; at
// the first sign-in the code step shows the QR to enrol. The session lives in sessionStorage under the key the
// template editor uses.
const KEY = 'lv.ops.session';
interface Session {
  token: string;
  username: string;
  role: string;
}

function read(): Session | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Session | null;
    return v && typeof v.token === 'string' && typeof v.username === 'string' && typeof v.role === 'string' ? v : null;
  } catch {
    return null;
  }
}

function forget() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Blocked storage: nothing was kept.
  }
}

type Challenge = ResponseOf<typeof opsLogin>;

function SignIn({ onIn }: { onIn: (s: Session) => void }) {
  const { t } = useTranslation('ops_console');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) {
      setError(t('signIn.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const env = await call(opsLogin, { username: username.trim(), password }, { silent: true });
      if (isSuccess(env) && env.data) {
        setChallenge(env.data);
        setCode('');
        setPassword('');
      } else setError(env.message || t('loadFailed'));
    } catch (err) {
      setError(isNetworkError(err) ? t('networkError') : t('loadFailed'));
    }
    setBusy(false);
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !challenge) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('signIn.codeRequired'));
      return;
    }
    // A new or reset account replaces its one-time password here (the server checks it again).
    if (challenge.newPasswordRequired && newPassword.length < OPS_PASSWORD_MIN) {
      setError(t('signIn.newPasswordShort', { min: OPS_PASSWORD_MIN }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const env = await call(
        opsLoginCode,
        { challenge: challenge.challenge, code: code.trim(), ...(challenge.newPasswordRequired ? { newPassword } : {}) },
        { silent: true },
      );
      if (isSuccess(env) && env.data) {
        const s = { token: env.data.token, username: env.data.username, role: env.data.role };
        sessionStorage.setItem(KEY, JSON.stringify(s));
        onIn(s);
        return;
      }
      // A wrong code, a refused new password or an expired sign-in stays here with the server's message; "Back"
      // starts again. (No account is locked any more: a burst only makes it wait, issue 34.)
      setError(env.message || t('loadFailed'));
    } catch (err) {
      setError(isNetworkError(err) ? t('networkError') : t('loadFailed'));
    }
    setBusy(false);
  };

  if (challenge) {
    const enrol = challenge.step === 'enrol';
    return (
      <div className="oc">
        <main className="oc-main oc-signin">
          <form className="lv-card oc-card" onSubmit={(e) => void submitCode(e)} noValidate aria-labelledby="oc-signin-title">
            <h1 id="oc-signin-title" className="oc-title">
              {enrol ? t('signIn.enrolTitle') : t('signIn.codeTitle')}
            </h1>
            {enrol && challenge.qrSvg && (
              <>
                <p>{t('signIn.enrolHelp')}</p>
                <img
                  className="oc-qr"
                  src={`data:image/svg+xml;utf8,${encodeURIComponent(challenge.qrSvg)}`}
                  alt={t('signIn.qrAlt')}
                  width={200}
                  height={200}
                />
                <p className="oc-otpauth">
                  {t('signIn.enrolKey')} <code data-testid="otpauth-url">{challenge.otpauthUrl}</code>
                </p>
              </>
            )}
            {challenge.newPasswordRequired && (
              <Field label={t('signIn.newPassword')} hint={t('signIn.newPasswordHint', { min: OPS_PASSWORD_MIN })}>
                <TextInput
                  type="password"
                  value={newPassword}
                  autoComplete="new-password"
                  onChange={(e) => setNewPassword(e.target.value)}
                />
              </Field>
            )}
            <Field label={t('signIn.code')}>
              <CodeInput value={code} onChange={setCode} />
            </Field>
            {error && (
              <p className="oc-error" role="alert">
                {error}
              </p>
            )}
            <Button type="submit" block loading={busy}>
              {t('signIn.verify')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              block
              onClick={() => {
                setChallenge(null);
                setError(null);
              }}
            >
              {t('signIn.back')}
            </Button>
          </form>
        </main>
      </div>
    );
  }

  return (
    <div className="oc">
      <main className="oc-main oc-signin">
        <form className="lv-card oc-card" onSubmit={(e) => void submitPassword(e)} noValidate aria-labelledby="oc-signin-title">
          <h1 id="oc-signin-title" className="oc-title">
            {t('signIn.title')}
          </h1>
          <Field label={t('signIn.username')}>
            <TextInput value={username} autoComplete="username" onChange={(e) => setUsername(e.target.value)} />
          </Field>
          <Field label={t('signIn.password')}>
            <TextInput type="password" value={password} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} />
          </Field>
          {error && (
            <p className="oc-error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" block loading={busy}>
            {t('signIn.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}

/** The console's screens need a support operator's session; without one, the sign-in. */
export function ConsoleGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ops_console');
  const [session, setSession] = useState<Session | null>(read);
  const client = useMemo(
    () =>
      makeClient(
        () => read()?.token ?? null,
        () => {
          forget();
          setSession(null);
        },
      ),
    [],
  );
  const who = useMemo(
    () =>
      session && {
        username: session.username,
        logout: () => {
          void call(opsLogout, {}, { silent: true, headers: { Authorization: `Bearer ${session.token}` } }).catch(() => undefined);
          forget();
          setSession(null);
        },
        logoutLabel: t('signIn.signOut'),
        changePassword: async (input: { currentPassword: string; newPassword: string; code: string }) => {
          try {
            const env = await call(opsChangePassword, input, { silent: true, headers: { Authorization: `Bearer ${session.token}` } });
            if (!isSuccess(env) || !env.data) return env.message || t('loadFailed');
            const next = { ...session, token: env.data.token };
            sessionStorage.setItem(KEY, JSON.stringify(next));
            setSession(next);
            return null;
          } catch (err) {
            return isNetworkError(err) ? t('networkError') : t('loadFailed');
          }
        },
      },
    [session, t],
  );
  if (!session || !who) return <SignIn onIn={setSession} />;
  if (session.role !== 'support') {
    return (
      <div className="oc">
        <main className="oc-main oc-signin">
          <div className="lv-card oc-card">
            <h1 className="oc-title">{t('brand')}</h1>
            <p className="oc-error" role="alert">
              {t('signIn.forbidden')}
            </p>
            <p>{t('signedInAs', { name: session.username })}</p>
            <Button variant="secondary" onClick={who.logout}>
              {who.logoutLabel}
            </Button>
          </div>
        </main>
      </div>
    );
  }
  return (
    <ConsoleSessionContext.Provider value={who}>
      <OpsClientContext.Provider value={client}>{children}</OpsClientContext.Provider>
    </ConsoleSessionContext.Provider>
  );
}
