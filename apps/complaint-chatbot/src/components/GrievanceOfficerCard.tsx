import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { onPhoneLinkClick, telHref } from '@lendview/bridge';
import { Card } from '@lendview/ui';
import { type GrievanceOfficer, useGrievanceOfficer } from '../api/contact-kf-info.ts';
import '../styles/grievance.css';

/**
 * "Grievance officer": the named person a borrower may write to about a complaint (issue 18), with a tel: link, a
 * mailto: link and the postal address. The details come from the API as they are (app_settings).
 */
export function GrievanceOfficerCard({ officer }: { officer: GrievanceOfficer }) {
  const { t } = useTranslation('complaint');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="cc-officer" data-testid="grievance-officer">
      <Card>
        <h2 id={headingId} className="cc-card-title">
          {t('officer.title')}
        </h2>
        <p className="cc-muted cc-officer__intro">{t('officer.intro')}</p>
        <p className="cc-officer__name">{officer.name}</p>
        <dl className="cc-officer__rows">
          <div>
            <dt>{t('officer.phone')}</dt>
            <dd>
              <a href={telHref(officer.phone)} onClick={onPhoneLinkClick(officer.phone)}>
                {officer.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt>{t('officer.email')}</dt>
            <dd>
              <a href={`mailto:${officer.email}`}>{officer.email}</a>
            </dd>
          </div>
          <div>
            <dt>{t('officer.address')}</dt>
            <dd>{officer.address}</dd>
          </div>
        </dl>
      </Card>
    </section>
  );
}

/** The officer's card once the contact call has answered; nothing while it loads or when it failed (silent). */
export function GrievanceOfficerSection() {
  const { data } = useGrievanceOfficer();
  return data ? <GrievanceOfficerCard officer={data} /> : null;
}
