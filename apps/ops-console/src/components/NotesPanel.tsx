import { type FormEvent, useState } from 'react';
import { trimBlank } from '@lendview/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, TextArea } from '@lendview/ui';
import { type ItemKind, useAddNote } from '../api/console.ts';
import { errorText } from '../lib/error-text.ts';

interface Note {
  id: number;
  operator: string;
  text: string;
  time: string;
}

/** Internal notes of an item (operators only), oldest first, and a form to add one. */
export function NotesPanel({ kind, id, notes }: { kind: ItemKind; id: number; notes: readonly Note[] }) {
  const { t } = useTranslation('ops_console');
  const add = useAddNote();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimBlank(text)) {
      setError(t('notes.empty'));
      return;
    }
    setError(null);
    add.mutate({ kind, id, text: trimBlank(text) }, { onSuccess: () => setText(''), onError: (err) => setError(errorText(err, t)) });
  };

  return (
    <Card heading={t('notes.title')} className="oc-card">
      <p className="oc-muted">{t('notes.hint')}</p>
      {notes.length === 0 ? (
        <p>{t('notes.none')}</p>
      ) : (
        <ol className="oc-notes">
          {notes.map((n) => (
            <li key={n.id} className="oc-note">
              <p className="oc-note__text">{n.text}</p>
              <p className="oc-muted">{t('notes.by', { name: n.operator, time: n.time })}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate>
        <Field label={t('notes.label')} error={error ?? undefined}>
          <TextArea rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
        <Button type="submit" variant="secondary" loading={add.isPending}>
          {t('notes.add')}
        </Button>
      </form>
    </Card>
  );
}
