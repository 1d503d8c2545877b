import { useTranslation } from 'react-i18next';
import { useContactInfo } from '@lendview/api-client';
import { onPhoneLinkClick, telHref } from '@lendview/bridge';
import { ErrorPanel, Spinner, buttonClassName } from '@lendview/ui';
import { GrievanceOfficerCard } from '../components/GrievanceOfficerCard.tsx';
import { InfoPage } from '../components/InfoPage.tsx';
import '../styles/service.css';

/**
 * `/customerService`: telephone and mail address from the API, a call button and a mail link (spec 2.3); below
 * them the grievance officer of the same answer (issue 18).
 */
export default function CustomerServicePage() {
  const { t } = useTranslation('marketing');
  const { data, isPending, isError, refetch, isFetching } = useContactInfo();
  const phone = data?.smWa?.trim() ?? '';
  const email = data?.email?.trim() ?? '';

  let body;
  if (isPending) {
    body = (
      <div className="mk-cs-status">
        <Spinner label={t('service.loading')} />
      </div>
    );
  } else if (isError) {
    body = (
      <div className="mk-cs-status">
        <ErrorPanel message={t('service.error')} onRetry={() => void refetch()} />
      </div>
    );
  } else {
    body = (
      <>
        <dl className="mk-cs-list">
          <div className="mk-cs-row">
            <dt>{t('service.phone')}</dt>
            <dd>{phone || t('common.notAvailable')}</dd>
          </div>
          <div className="mk-cs-row">
            <dt>{t('service.email')}</dt>
            <dd>{email ? <a href={`mailto:${email}`}>{email}</a> : t('common.notAvailable')}</dd>
          </div>
        </dl>
        <div className="mk-cs-actions">
          {phone ? (
            <a className={buttonClassName('primary', { block: true })} href={telHref(phone)} onClick={onPhoneLinkClick(phone)}>
              {t('service.call', { phone })}
            </a>
          ) : null}
          {email ? (
            <a className={buttonClassName('secondary', { block: true })} href={`mailto:${email}`}>
              {t('service.mail')}
            </a>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <InfoPage title={t('service.title')} className="mk-cs">
      <p className="mk-lead">{t('service.intro')}</p>
      <div className="mk-cs-card" aria-busy={isPending || isFetching || undefined}>
        {body}
      </div>
      {data?.grievanceOfficer && <GrievanceOfficerCard officer={data.grievanceOfficer} />}
    </InfoPage>
  );
}
