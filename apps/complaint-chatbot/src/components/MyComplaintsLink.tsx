import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from '@lendview/ui';
import { listUrl } from '../lib/routes.ts';
import { ListIcon } from './icons.tsx';

/** 'My complaints' (spec 2.4), to the list; `open` (problemStatus of the grid call) adds a count of open ones. */
export function MyComplaintsLink({ open, className }: { open?: number; className?: string }) {
  const { t } = useTranslation('complaint');
  const count = open ?? 0;
  return (
    <Link
      to={listUrl()}
      className={['cc-mine', className].filter(Boolean).join(' ')}
      aria-label={count > 0 ? `${t('common.myComplaints')}, ${t('common.openComplaints', { count })}` : undefined}
    >
      <ListIcon className="cc-mine__icon" />
      <span className="cc-mine__label">{t('common.myComplaints')}</span>
      {count > 0 && <span className="cc-badge">{count}</span>}
      <ChevronRightIcon className="cc-mine__chevron" />
    </Link>
  );
}
