import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isSuccess } from '@lendview/api-client';
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
    return v && typeof v.token === 'string' && typeof v.username === 'string' ? v : null;
  } catch {
    return null;
  }
}

function SignIn({ onIn }: { onIn: (s: Session) => void }) {
  const { t } = useTranslation('ops_console');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const env = await call(opsLogin, { username, password }, { silent: true });
    if (isSuccess(env) && env.data) {
      const s = { token: env.data.token, username: env.data.username, role: env.data.role };
      sessionStorage.setItem(KEY, JSON.stringify(s));
      onIn(s);
    } else setError(env.message);
  };
  return (
    <main className="oc-main">
      <h1 className="oc-title">{t('brand')}</h1>
      <form onSubmit={(e) => void submit(e)}>
        <Field label="Username">
          <TextInput value={username} autoComplete="username" onChange={(e) => setUsername(e.target.value)} />
        </Field>
        <Field label="Password">
          <TextInput type="password" value={password} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} />
        </Field>
        {error && <p role="alert">{error}</p>}
        <Button type="submit">Sign in</Button>
      </form>
    </main>
  );
}

/** The console's screens need a support operator's session; without one, the sign-in. */
export function ConsoleGate({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(read);
  const client = useMemo(
    () =>
      makeClient(
        () => read()?.token ?? null,
        () => {
          sessionStorage.removeItem(KEY);
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
          void call(opsLogout, {}, { silent: true, headers: { Authorization: `Bearer ${session.token}` } });
          sessionStorage.removeItem(KEY);
          setSession(null);
        },
        logoutLabel: 'Sign out',
      },
    [session],
  );
  if (!session || !who) return <SignIn onIn={setSession} />;
  return (
    <ConsoleSessionContext.Provider value={who}>
      <OpsClientContext.Provider value={client}>{children}</OpsClientContext.Provider>
    </ConsoleSessionContext.Provider>
  );
}
