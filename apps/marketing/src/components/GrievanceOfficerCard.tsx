import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GrievanceOfficer } from '@lendview/contracts';
import { onPhoneLinkClick, telHref } from '@lendview/bridge';

/**
 * "Grievance officer" on /customerService (issue 18): the named person a borrower may write to when customer service
 * did not resolve a complaint; name, phone (tel: link; in the app the native call), e-mail (mailto:) and address,
 * as contact-kf-info answers them.
 */
export function GrievanceOfficerCard({ officer }: { officer: GrievanceOfficer }) {
  const { t } = useTranslation('marketing');
  const headingId = useId();
  return (
    <section className="mk-cs-officer" aria-labelledby={headingId} data-testid="grievance-officer">
      <h2 id={headingId} className="mk-cs-officer__title">
        {t('service.officerTitle')}
      </h2>
      <p className="mk-cs-officer__intro">{t('service.officerIntro')}</p>
      <p className="mk-cs-officer__name">{officer.name}</p>
      <dl className="mk-cs-officer__rows">
        <div>
          <dt>{t('service.officerPhone')}</dt>
          <dd>
            <a href={telHref(officer.phone)} onClick={onPhoneLinkClick(officer.phone)}>
              {officer.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('service.officerEmail')}</dt>
          <dd>
            <a href={`mailto:${officer.email}`}>{officer.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('service.officerAddress')}</dt>
          <dd>{officer.address}</dd>
        </div>
      </dl>
    </section>
  );
}
