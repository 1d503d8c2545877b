import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isNetworkError, isSuccess } from '@lendview/api-client';
import { opsLogin, opsLogout } from '@lendview/contracts/routes';
import { Button, Field, TextInput } from '@lendview/ui';
import { OpsClientContext } from '../api/client.ts';
import { makeClient } from '../api/make-client.ts';
import { ConsoleSessionContext } from './session-context.ts';

// INTERIM until @lendview/ops-session (issue 13 part A: password + TOTP, OpsGate) lands: the password sign-in of
// the existing operator API, the session in sessionStorage under the key the template editor uses.
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

function SignIn({ onIn }: { onIn: (s: Session) => void }) {
  const { t } = useTranslation('ops_console');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
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
        const s = { token: env.data.token, username: env.data.username, role: env.data.role };
        sessionStorage.setItem(KEY, JSON.stringify(s));
        onIn(s);
        return;
      }
      setError(env.message || t('loadFailed'));
    } catch (err) {
      setError(isNetworkError(err) ? t('networkError') : t('loadFailed'));
    }
    setBusy(false);
  };
  return (
    <div className="oc">
      <main className="oc-main oc-signin">
        <form className="lv-card oc-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="oc-signin-title">
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
