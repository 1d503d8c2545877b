import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPS_PASSWORD_MIN } from '@lendview/contracts/routes';
import { Button, Field, Modal, TextInput, toast } from '@lendview/ui';
import type { ConsoleSession } from './session-context.ts';
import { CodeInput } from './CodeInput.tsx';

/**
 * "Change password" in the top bar (issue 34 item 5): the current password, the new one and a code from the
 * authenticator; the server ends every session of the account and the console goes on with the new one.
 */
export function ChangePassword({ change }: { change: NonNullable<ConsoleSession['changePassword']> }) {
  const { t } = useTranslation('ops_console');
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setCurrent('');
    setNext('');
    setCode('');
    setError(null);
  };
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    if (!current || !next || !/^\d{6}$/.test(code)) return setError(t('password.required'));
    if (next.length < OPS_PASSWORD_MIN) return setError(t('signIn.newPasswordShort', { min: OPS_PASSWORD_MIN }));
    setBusy(true);
    setError(null);
    const refused = await change({ currentPassword: current, newPassword: next, code });
    setBusy(false);
    if (refused) return setError(refused);
    close();
    toast.show(t('password.changed'));
  };

  return (
    <>
      <Button variant="ghost" className="oc-bar__out" onClick={() => setOpen(true)}>
        {t('password.open')}
      </Button>
      <Modal
        open={open}
        title={t('password.title')}
        onClose={busy ? undefined : close}
        footer={
          <div className="oc-actions">
            <Button variant="secondary" disabled={busy} onClick={close}>
              {t('cancel')}
            </Button>
            <Button loading={busy} onClick={() => void submit()}>
              {t('password.submit')}
            </Button>
          </div>
        }
      >
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Field label={t('password.current')}>
            <TextInput type="password" value={current} autoComplete="current-password" onChange={(e) => setCurrent(e.target.value)} />
          </Field>
          <Field label={t('signIn.newPassword')} hint={t('password.hint', { min: OPS_PASSWORD_MIN })}>
            <TextInput type="password" value={next} autoComplete="new-password" onChange={(e) => setNext(e.target.value)} />
          </Field>
          <Field label={t('signIn.code')} error={error ?? undefined}>
            <CodeInput value={code} onChange={setCode} />
          </Field>
        </form>
      </Modal>
    </>
  );
}
