import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang } from '@lendview/i18n';
import { Card, EmptyState, ErrorPanel, Page, Tabs, buttonClassName, Skeleton, ChevronRightIcon } from '@lendview/ui';
import { type ProblemTab, useProblemList } from '../api/problem-list.ts';
import { EscalationNotice } from '../components/EscalationNotice.tsx';
import { GrievanceOfficerSection } from '../components/GrievanceOfficerCard.tsx';
import { detailUrl } from '../lib/routes.ts';
import emptyImage from '../assets/empty-complaints.svg';
import '../styles/common.css';
import '../styles/list.css';

/**
 * `/complaintList`: the borrower's complaints in the server's tabs (all, processing, processed), each item with
 * its time, type and content (two lines); a tap opens the detail. Each tab has its own empty state. A complaint not
 * answered in time shows how to escalate under its card (the API's `escalation`), and the grievance officer's card
 * closes the page.
 */
export default function ComplaintListPage() {
  const { t } = useTranslation('complaint');
  const lang = useLang();
  const query = useProblemList(lang);
  const tabs = query.data?.tabs ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const current = tabs.find((tab) => tab.state === chosen) ?? tabs[0];

  let body;
  if (query.data && current) {
    body = (
      <Tabs
        label={t('list.tabs')}
        value={current.state}
        onChange={setChosen}
        className="cc-tabs"
        items={tabs.map((tab) => ({ id: tab.state, label: tab.title, panel: <TabPanel tab={tab} /> }))}
      />
    );
  } else if (query.data) {
    body = <Empty />;
  } else if (query.isError) {
    body = <ErrorPanel message={t('common.loadFailed')} onRetry={() => void query.refetch()} />;
  } else {
    body = <ListPlaceholder />;
  }

  return (
    <Page title={t('list.title')} className="cc-page">
      <div className="cc-stack" aria-busy={query.isPending || undefined}>
        {body}
        {query.data && <GrievanceOfficerSection />}
      </div>
    </Page>
  );
}

function Empty() {
  const { t } = useTranslation('complaint');
  return (
    <EmptyState
      image={<img className="lv-empty__image cc-empty__image" src={emptyImage} alt="" width={160} height={120} />}
      title={t('list.empty')}
      description={t('list.emptyHint')}
      action={
        <Link to="/complaint" className={buttonClassName('primary')}>
          {t('list.newComplaint')}
        </Link>
      }
    />
  );
}

function TabPanel({ tab }: { tab: ProblemTab }) {
  if (tab.items.length === 0) return <Empty />;
  return (
    <ul className="cc-complaints">
      {tab.items.map((item) => (
        <li key={item.id} className="cc-complaints__item">
          <Link to={detailUrl(item.id)} className="cc-complaint">
            <span className="cc-complaint__top">
              <span className="cc-complaint__type">{item.type}</span>
              <span className="cc-complaint__time">{item.time}</span>
            </span>
            <span className="cc-complaint__content">{item.content}</span>
            <ChevronRightIcon className="cc-complaint__chevron" />
          </Link>
          {item.escalation && <EscalationNotice escalation={item.escalation} compact />}
        </li>
      ))}
    </ul>
  );
}

function ListPlaceholder() {
  return (
    <div aria-hidden="true" data-testid="list-placeholder">
      <div className="cc-tabs-placeholder">
        <Skeleton width="25%" height={18} />
        <Skeleton width="25%" height={18} />
        <Skeleton width="25%" height={18} />
      </div>
      <ul className="cc-complaints">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Card className="cc-complaint cc-complaint--placeholder">
              <span className="cc-complaint__top">
                <Skeleton width="40%" height={18} />
                <Skeleton width="30%" height={14} />
              </span>
              <Skeleton width="90%" height={16} />
              <Skeleton width="60%" height={16} />
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
