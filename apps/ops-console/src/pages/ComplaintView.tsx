import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QA_RECORD } from '@lendview/contracts/routes';
import { useMoney } from '@lendview/i18n';
import { Card, DetailRows, StarRating } from '@lendview/ui';
import { type ComplaintAnswer } from '../api/console.ts';
import { AnswerForm } from '../components/AnswerForm.tsx';
import { AssignPanel } from '../components/AssignPanel.tsx';
import { AuditTrail } from '../components/AuditTrail.tsx';
import { ItemBadges } from '../components/ItemBadges.tsx';
import { NotesPanel } from '../components/NotesPanel.tsx';
import { PhotoStrip } from '../components/PhotoStrip.tsx';
import { itemPath } from '../lib/paths.ts';
import { jakartaDate, jakartaDateTime } from '../lib/jakarta-time.ts';

type Qa = ComplaintAnswer['transcript'][number];

function OrderCard({ order }: { order: ComplaintAnswer['order'] }) {
  const { t } = useTranslation('ops_console');
  const money = useMoney();
  const none = t('item.orderRows.none');
  return (
    <Card heading={t('item.order')} className="oc-card">
      {order ? (
        <DetailRows
          rows={[
            { text: t('item.orderRows.orderNo'), value: order.orderNo },
            { text: t('item.orderRows.status'), value: order.statusText },
            { text: t('item.orderRows.product'), value: order.productName },
            { text: t('item.orderRows.principal'), value: money(order.principal) },
            { text: t('item.orderRows.amountDue'), value: money(order.amountDue) },
            { text: t('item.orderRows.paid'), value: money(order.paidAmount) },
            { text: t('item.orderRows.outstanding'), value: money(order.outstanding) },
            { text: t('item.orderRows.term'), value: t('item.orderRows.termDays', { count: order.termDays }) },
            { text: t('item.orderRows.applied'), value: jakartaDate(order.appliedAt) || none },
            { text: t('item.orderRows.dueDate'), value: order.dueDate ?? none },
            { text: t('item.orderRows.settled'), value: jakartaDate(order.settledAt) || none },
          ]}
        />
      ) : (
        <p>{t('item.noOrder')}</p>
      )}
    </Card>
  );
}

function qaText(r: Qa, t: ReturnType<typeof useTranslation<'ops_console'>>['t']): string {
  switch (r.type) {
    case QA_RECORD.toComplaint:
      return t('item.qa.toComplaint');
    case QA_RECORD.resolved:
      return r.value === '1' || r.value.toLowerCase() === 'true' ? t('item.qa.resolvedYes') : t('item.qa.resolvedNo');
    case QA_RECORD.stars:
      return t('item.qa.stars', { value: r.value });
    case QA_RECORD.freeText:
      return t('item.qa.question', { value: r.value });
    default:
      return t('item.qa.other', { value: r.value });
  }
}

function Transcript({ records }: { records: readonly Qa[] }) {
  const { t } = useTranslation('ops_console');
  return (
    <Card heading={t('item.transcript')} className="oc-card">
      {records.length === 0 ? (
        <p>{t('item.transcriptNone')}</p>
      ) : (
        <ol className="oc-transcript">
          {records.map((r) => (
            <li key={r.id} className="oc-transcript__entry">
              <span className="oc-muted">{r.time}</span>
              <span>{qaText(r, t)}</span>
              {r.reply && <span className="oc-transcript__reply">{t('item.qa.reply', { value: r.reply })}</span>}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** A complaint with everything the agent needs to answer it. */
export function ComplaintView({ data }: { data: ComplaintAnswer }) {
  const { t } = useTranslation('ops_console');
  const c = data.complaint;
  const answered = c.state === 'processed';
  return (
    <div className="oc-detail">
      <div className="oc-detail__main">
        <Card heading={t('item.complaint')} className="oc-card oc-card--first">
          <ItemBadges item={c} />
          {c.escalated && (
            <p className="oc-escalated-note" data-testid="escalated-note">
              {t('item.escalatedNote')}
            </p>
          )}
          <DetailRows
            rows={[
              { text: t('item.type'), value: [c.type, c.sonType].filter(Boolean).join(' · ') },
              { text: t('item.borrower'), value: c.phone },
              { text: t('item.receivedAt'), value: c.time },
              { text: t('item.dueAt'), value: c.due },
            ]}
          />
          <h3 className="oc-subhead">{t('item.text')}</h3>
          <p className="oc-text" data-testid="complaint-text">
            {c.content}
          </p>
          <PhotoStrip urls={c.images} label={t('item.photos')} />
        </Card>

        <Card heading={t('answer.title')} className="oc-card">
          {answered ? (
            <>
              <p className="oc-text" data-testid="answer-text">
                {c.disposeDetail}
              </p>
              <p className="oc-muted">{t('answer.answered', { agent: c.disposeAgent, time: jakartaDateTime(c.disposedAt) })}</p>
              <PhotoStrip urls={c.disposeImages} label={t('item.photos')} />
              <h3 className="oc-subhead">{t('item.csat')}</h3>
              {c.score !== null ? (
                <div className="oc-csat" data-testid="csat">
                  <StarRating value={c.score} readOnly label={t('item.csat')} />
                  <span>{t('item.csatValue', { score: c.score })}</span>
                </div>
              ) : (
                <p data-testid="csat">{t('item.csatNone')}</p>
              )}
            </>
          ) : (
            <AnswerForm problemId={c.id} />
          )}
        </Card>

        <NotesPanel kind="complaint" id={c.id} notes={data.notes} />
      </div>
      <div className="oc-detail__side">
        <AssignPanel kind="complaint" id={c.id} assignee={c.assignee} />
        <OrderCard order={data.order} />
        <Card heading={t('item.earlier')} className="oc-card">
          {data.earlier.length === 0 ? (
            <p>{t('item.earlierNone')}</p>
          ) : (
            <ul className="oc-earlier">
              {data.earlier.map((e) => (
                <li key={e.id}>
                  <Link to={itemPath('complaint', e.id)}>{t('kind.complaint', { id: e.id })}</Link>
                  <span className="oc-muted">
                    {' '}
                    · {e.time} · {e.type}
                  </span>
                  <ItemBadges item={e} />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Transcript records={data.transcript} />
        <AuditTrail kind="complaint" id={c.id} />
      </div>
    </div>
  );
}
