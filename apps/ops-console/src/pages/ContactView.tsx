import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, DetailRows, Field, TextArea, toast } from '@lendview/ui';
import { type ContactAnswer, useCloseContact } from '../api/console.ts';
import { AssignPanel } from '../components/AssignPanel.tsx';
import { AuditTrail } from '../components/AuditTrail.tsx';
import { ItemBadges } from '../components/ItemBadges.tsx';
import { NotesPanel } from '../components/NotesPanel.tsx';
import { errorText } from '../lib/error-text.ts';
import { jakartaDateTime } from '../lib/jakarta-time.ts';

function CloseForm({ id }: { id: number }) {
  const { t } = useTranslation('ops_console');
  const close = useCloseContact();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reply.trim()) {
      setError(t('contact.closeEmpty'));
      return;
    }
    setError(null);
    close.mutate(
      { id, reply: reply.trim() },
      { onSuccess: () => toast.show(t('contact.closed')), onError: (err) => setError(errorText(err, t)) },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('contact.closeLabel')} hint={t('contact.closeHint')} error={error ?? undefined}>
        <TextArea rows={3} maxLength={2000} value={reply} onChange={(e) => setReply(e.target.value)} />
      </Field>
      <Button type="submit" loading={close.isPending}>
        {t('contact.closeSubmit')}
      </Button>
    </form>
  );
}

/** A message from the marketing site's contact forms: who, how to reach them, what they wrote; close it. */
export function ContactView({ data }: { data: ContactAnswer }) {
  const { t } = useTranslation('ops_console');
  const m = data.message;
  const source = m.source === 'home' || m.source === 'contact' ? t(`contact.sources.${m.source}`) : m.source;
  return (
    <div className="oc-detail">
      <div className="oc-detail__main">
        <Card heading={t('contact.message')} className="oc-card oc-card--first">
          <ItemBadges item={m} />
          <DetailRows
            rows={[
              { text: t('contact.name'), value: m.name },
              { text: t('contact.phone'), value: m.fullPhone },
              { text: t('contact.email'), value: m.email || t('contact.noEmail') },
              { text: t('contact.source'), value: source },
              { text: t('item.receivedAt'), value: m.time },
              { text: t('item.dueAt'), value: m.due },
            ]}
          />
          <h3 className="oc-subhead">{t('item.text')}</h3>
          <p className="oc-text" data-testid="contact-text">
            {m.message}
          </p>
        </Card>
        <Card heading={t('contact.close')} className="oc-card">
          {m.state === 'processed' ? (
            <>
              <p className="oc-text">{m.reply}</p>
              <p className="oc-muted">{t('contact.closedBy', { name: m.closedBy, time: jakartaDateTime(m.closedAt) })}</p>
            </>
          ) : (
            <CloseForm id={m.id} />
          )}
        </Card>
        <NotesPanel kind="contact" id={m.id} notes={data.notes} />
      </div>
      <div className="oc-detail__side">
        <AssignPanel kind="contact" id={m.id} assignee={m.assignee} />
        <AuditTrail kind="contact" id={m.id} />
      </div>
    </div>
  );
}
