import { type FormEvent, type ReactNode, useCallback, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '@lendview/api-client';
import { Button, PageFallback } from '@lendview/ui';
import type { ResponseOf, opsLogin as opsLoginRoute } from '@lendview/contracts/routes';
import { opsLogin, opsLoginCode } from './api/ops-login.ts';
import { opsLogout } from './api/ops-logout.ts';
import { isOpsAuthError } from './ops-http.ts';
import { GateContext, useOpsGate } from './gate-context.ts';
import { type OpsSession, clearSession, readSession, saveSession } from './session.ts';
import '../styles/ops.css';
import { OPS_PASSWORD_MIN } from '@lendview/contracts/routes';
import { OneTimeCodeInput } from '@lendview/kit';

type State = { kind: 'out'; notice?: string } | { kind: 'in'; session: OpsSession } | { kind: 'forbidden'; session: OpsSession };

// The operator's session is in this tab's sessionStorage, which the server never sees: the server and the hydration
// of its page draw neither the sign-in form nor the page (a signed-in operator's reload would not match: React #418),
// and the render right after hydration shows the one the session calls for. A page the browser renders itself
// decides at once.
const noChange = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

function initial(): State {
  const s = readSession();
  if (!s) return { kind: 'out' };
  return s.role === 'marketing' ? { kind: 'in', session: s } : { kind: 'forbidden', session: s };
}

function LoginForm({ notice, onIn }: { notice?: string; onIn: (s: OpsSession) => void }) {
  const { t } = useTranslation('promotion_registration');
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // After the password: the second step (the authenticator code; at the first sign-in, the QR to enrol).
  const [challenge, setChallenge] = useState<ResponseOf<typeof opsLoginRoute> | null>(null);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');

  const failure = (err: unknown) =>
    isOpsAuthError(err)
      ? err.serverMessage || t('ops.sessionEnded')
      : isNetworkError(err)
        ? t('ops.networkError')
        : err instanceof Error
          ? err.message
          : t('ops.networkError');

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !challenge) return;
    if (!/^\d{6}$/.test(code)) {
      setError(t('ops.login.codeRequired'));
      return;
    }
    // A new or reset account replaces its one-time password here (the server checks it again).
    if (challenge.newPasswordRequired && newPassword.length < OPS_PASSWORD_MIN) {
      setError(t('ops.login.newPasswordShort', { min: OPS_PASSWORD_MIN }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const data = await opsLoginCode({ challenge: challenge.challenge, code, ...(challenge.newPasswordRequired ? { newPassword } : {}) });
      const session: OpsSession = { token: data.token, username: data.username, role: data.role };
      saveSession(session);
      onIn(session);
    } catch (err) {
      // A wrong code or a refused new password stays here with the server's message.
      setError(failure(err));
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) {
      setError(t('ops.login.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setChallenge(await opsLogin({ username: username.trim(), password }));
      setPassword('');
      setCode('');
      setBusy(false);
    } catch (err) {
      // The password stays typed: a typo in the username should not cost the operator both fields.
      setError(failure(err));
      setBusy(false);
    }
  };

  if (challenge) {
    const enrol = challenge.step === 'enrol';
    return (
      <main className="ops-login">
        <form className="ops-login__card" onSubmit={(e) => void submitCode(e)} noValidate aria-labelledby={`${id}-title`}>
          <h1 id={`${id}-title`} className="ops-login__title">
            {enrol ? t('ops.login.enrolTitle') : t('ops.login.codeTitle')}
          </h1>
          {enrol && challenge.qrSvg && (
            <>
              <p className="ops-muted">{t('ops.login.enrolHelp')}</p>
              <img
                className="ops-login__qr"
                src={`data:image/svg+xml;utf8,${encodeURIComponent(challenge.qrSvg)}`}
                alt={t('ops.login.qrAlt')}
                width={200}
                height={200}
              />
              <p className="ops-muted ops-login__key">
                {t('ops.login.enrolKey')} <code>{challenge.otpauthUrl}</code>
              </p>
            </>
          )}
          {challenge.newPasswordRequired && (
            <>
              <label className="ops-label" htmlFor={`${id}-n`}>
                {t('ops.login.newPassword')}
              </label>
              <input
                id={`${id}-n`}
                className="ops-input"
                type="password"
                autoComplete="new-password"
                aria-describedby={`${id}-nh`}
                value={newPassword}
                onChange={(e) => setNewPassword(e.target.value)}
              />
              <p id={`${id}-nh`} className="ops-muted">
                {t('ops.login.newPasswordHint', { min: OPS_PASSWORD_MIN })}
              </p>
            </>
          )}
          <label className="ops-label" htmlFor={`${id}-c`}>
            {t('ops.login.code')}
          </label>
          <OneTimeCodeInput id={`${id}-c`} className="ops-input" value={code} onCode={setCode} />
          {error && (
            <p className="ops-error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" block loading={busy}>
            {t('ops.login.verify')}
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
            {t('ops.login.back')}
          </Button>
        </form>
      </main>
    );
  }

  return (
    <main className="ops-login">
      <form className="ops-login__card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="ops-login__title">
          {t('ops.login.title')}
        </h1>
        <p className="ops-muted">{t('ops.login.hint')}</p>
        {notice && (
          <p className="ops-notice" role="status">
            {notice}
          </p>
        )}
        <label className="ops-label" htmlFor={`${id}-u`}>
          {t('ops.login.username')}
        </label>
        <input
          id={`${id}-u`}
          className="ops-input"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <label className="ops-label" htmlFor={`${id}-p`}>
          {t('ops.login.password')}
        </label>
        <input
          id={`${id}-p`}
          className="ops-input"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <p className="ops-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" block loading={busy}>
          {t('ops.login.submit')}
        </Button>
      </form>
    </main>
  );
}

/** The operator pages: the login form until there is a marketing session, then the page. */
export function OpsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('promotion_registration');
  const [state, setState] = useState<State>(initial);
  const knowsSession = useSyncExternalStore(noChange, inBrowser, onServer);

  const logout = useCallback(() => {
    // The server session ends too, but the operator is out at once whatever it answers.
    if (readSession()) opsLogout().catch(() => undefined);
    clearSession();
    setState({ kind: 'out' });
  }, []);

  const handleAuthError = useCallback(
    (e: unknown) => {
      if (!isOpsAuthError(e)) return false;
      if (e.kind === 'unauthorized') {
        clearSession();
        setState({ kind: 'out', notice: t('ops.sessionEnded') });
      } else {
        setState((s) => (s.kind === 'out' ? s : { kind: 'forbidden', session: s.session }));
      }
      return true;
    },
    [t],
  );

  if (!knowsSession) return <PageFallback />;
  if (state.kind === 'out') {
    return (
      <LoginForm
        notice={state.notice}
        onIn={(s) => setState(s.role === 'marketing' ? { kind: 'in', session: s } : { kind: 'forbidden', session: s })}
      />
    );
  }
  if (state.kind === 'forbidden') {
    return (
      <main className="ops-login">
        <div className="ops-login__card">
          <h1 className="ops-login__title">{t('ops.brand')}</h1>
          <p className="ops-error" role="alert">
            {t('ops.forbidden')}
          </p>
          <p className="ops-muted">{t('ops.signedInAs', { name: state.session.username })}</p>
          <Button variant="secondary" block onClick={logout}>
            {t('ops.logout')}
          </Button>
        </div>
      </main>
    );
  }
  return <GateContext.Provider value={{ session: state.session, handleAuthError, logout }}>{children}</GateContext.Provider>;
}

/** Top bar of the signed-in operator pages. */
export function OpsBar({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('promotion_registration');
  const { session, logout } = useOpsGate();
  return (
    <header className="ops-bar">
      <span className="ops-bar__brand">{t('ops.brand')}</span>
      <span className="ops-bar__spacer">{children}</span>
      <span className="ops-muted">{t('ops.signedInAs', { name: session.username })}</span>
      <Button variant="ghost" onClick={logout}>
        {t('ops.logout')}
      </Button>
    </header>
  );
}
