import { useTranslation } from 'react-i18next';
import { Button, DetailRows, Modal } from '@lendview/ui';
import { useMoney } from '@lendview/i18n';
import type { KeyFacts } from '../api/key-facts.ts';

/**
 * The key facts statement (issue 18) as a sheet: the server's sections (loan and cost with the APR, late charges
 * and their cap, cooling-off, grievance officer) and the repayment schedule. Every text and figure is the
 * server's, so what the borrower reads is what the consent record's hash covers.
 */
export function KeyFactsSheet({ open, facts, onClose }: { open: boolean; facts: KeyFacts; onClose: () => void }) {
  const { t } = useTranslation('loanDetails');
  const money = useMoney();
  const h = facts.scheduleHeaders;
  return (
    <Modal
      open={open}
      title={facts.title}
      onClose={onClose}
      placement="bottom"
      showClose
      className="ld-kfs"
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('kfs.done')}
        </Button>
      }
    >
      {/* Focusable, so a keyboard can scroll a statement that holds no control (axe scrollable-region-focusable). */}
      <div className="ld-kfs__content" role="region" aria-label={facts.title} tabIndex={0}>
        <p className="ld-kfs__intro">{facts.intro}</p>
        <div className="ld-kfs__headline" data-testid="kfs-headline">
          <div>
            <span className="ld-kfs__label">{t('kfs.apr')}</span>
            <strong className="ld-kfs__figure" data-testid="kfs-apr">
              {facts.apr}
            </strong>
          </div>
          <div>
            <span className="ld-kfs__label">{t('kfs.total')}</span>
            <strong className="ld-kfs__figure">{money(facts.totalRepayable)}</strong>
          </div>
        </div>
        {facts.sections.map((s) => (
          <section key={s.title} className="ld-kfs__section">
            <h3 className="ld-kfs__title">{s.title}</h3>
            <DetailRows rows={s.rows} />
            {s.note && <p className="ld-kfs__note">{s.note}</p>}
          </section>
        ))}
        <section className="ld-kfs__section">
          <h3 className="ld-kfs__title">{facts.scheduleTitle}</h3>
          <table className="ld-kfs__schedule">
            <thead>
              <tr>
                <th scope="col">{h.no}</th>
                <th scope="col">{h.date}</th>
                <th scope="col">{h.amount}</th>
              </tr>
            </thead>
            <tbody>
              {facts.schedule.map((i) => (
                <tr key={i.periodNo}>
                  <td>{i.periodNo}</td>
                  <td>{i.dueDate}</td>
                  <td>
                    <span className="ld-kfs__amount">{money(i.amount)}</span>
                    {/* A 375 px phone has no room for five columns: principal and interest go under the amount. */}
                    <span className="ld-kfs__split">
                      {h.principal} {money(i.principal)} · {h.interest} {money(i.interest)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </Modal>
  );
}
