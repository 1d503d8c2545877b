import { useTranslation } from 'react-i18next';
import { useContactInfo } from '@lendview/api-client';
import { onPhoneLinkClick, telHref } from '@lendview/bridge';

/** A tel: link: inside the app the native side places the call, in a browser the link itself does. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a className={className} href={telHref(phone)} onClick={onPhoneLinkClick(phone)}>
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
