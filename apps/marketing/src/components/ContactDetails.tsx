import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactInfo } from '@lendview/api-client';
import { bridge } from '@lendview/bridge';

/** tel: link that goes through the native bridge inside the app (the bridge falls back to tel: itself). */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    bridge.callPhone(phone);
  };
  return (
    <a className={className} href={`tel:${phone.replace(/[^\d+]/g, '')}`} onClick={onClick}>
      {phone}
    </a>
  );
}

/**
 * The company's contact details: phone and email from the API (POST /v3/personal-center/contact-kf-info),
 * address from the copy. Rows keep their height while loading, so nothing shifts when the data arrives.
 */
export function ContactDetails({ className }: { className?: string }) {
  const { t } = useTranslation('marketing');
  const { data, isPending, isError, refetch } = useContactInfo();
  const unavailable = <span className="mk-muted">{t('common.notAvailable')}</span>;
  const loading = <span className="mk-skeleton" aria-hidden="true" />;

  const phone = data?.smWa?.trim();
  const email = data?.email?.trim();

  return (
    <div className={className} aria-busy={isPending || undefined}>
      <dl className="mk-contact-list">
        <div className="mk-contact-row">
          <dt>{t('footer.phone')}</dt>
          <dd>{isPending ? loading : phone ? <PhoneLink phone={phone} /> : unavailable}</dd>
        </div>
        <div className="mk-contact-row">
          <dt>{t('footer.email')}</dt>
          <dd>{isPending ? loading : email ? <a href={`mailto:${email}`}>{email}</a> : unavailable}</dd>
        </div>
        <div className="mk-contact-row">
          <dt>{t('footer.address')}</dt>
          <dd>
            <address>{t('footer.addressValue')}</address>
          </dd>
        </div>
      </dl>
      {isError ? (
        <button type="button" className="mk-link-button" onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
