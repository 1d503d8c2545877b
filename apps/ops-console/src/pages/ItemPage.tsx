import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@lendview/api-client';
import { EmptyState, useQueryParam } from '@lendview/ui';
import { useComplaint, useContact } from '../api/console.ts';
import { ConsoleFrame } from '../components/ConsoleFrame.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { Loading } from '../components/Loading.tsx';
import { QUEUE_PATH } from '../lib/paths.ts';
import { ComplaintView } from './ComplaintView.tsx';
import { ContactView } from './ContactView.tsx';

function Back() {
  const { t } = useTranslation('ops_console');
  return (
    <Link to={QUEUE_PATH} className="oc-back">
      {t('item.back')}
    </Link>
  );
}

function Missing({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('ops_console');
  if (isApiError(error) && error.code === 'NOT_FOUND') return <EmptyState title={t('item.missing')} description={error.envelope.message} />;
  return <LoadFailed error={error} onRetry={onRetry} />;
}

function ComplaintItem({ id }: { id: number }) {
  const { t } = useTranslation('ops_console');
  const q = useComplaint(id);
  return (
    <ConsoleFrame title={t('kind.complaint', { id })} actions={<Back />}>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Missing error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <ComplaintView data={q.data} />
      )}
    </ConsoleFrame>
  );
}

function ContactItem({ id }: { id: number }) {
  const { t } = useTranslation('ops_console');
  const q = useContact(id);
  return (
    <ConsoleFrame title={t('kind.contact', { id })} actions={<Back />}>
      {q.isPending ? <Loading /> : q.isError ? <Missing error={q.error} onRetry={() => void q.refetch()} /> : <ContactView data={q.data} />}
    </ConsoleFrame>
  );
}

/** /ops/item?kind=complaint|contact&id=N */
export default function ItemPage() {
  const { t } = useTranslation('ops_console');
  const kind = useQueryParam('kind');
  const idText = useQueryParam('id');
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
  if (id > 0 && kind === 'complaint') return <ComplaintItem key={id} id={id} />;
  if (id > 0 && kind === 'contact') return <ContactItem key={id} id={id} />;
  return (
    <ConsoleFrame title={t('item.missing')} actions={<Back />}>
      <EmptyState title={t('item.badKind')} />
    </ConsoleFrame>
  );
}
