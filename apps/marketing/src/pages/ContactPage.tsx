import { useTranslation } from 'react-i18next';
import { SiteFrame } from '../components/SiteFrame.tsx';
import { ContactForm } from '../components/ContactForm.tsx';

/** `/Contact`: form with name, phone and message (spec 2.2, 5). */
export default function ContactPage() {
  const { t } = useTranslation('marketing');
  return (
    <SiteFrame title={t('contact.title')} mainClassName="mk-contact">
      <h1 className="mk-page-title">{t('contact.title')}</h1>
      <p className="mk-lead">{t('contact.intro')}</p>
      <ContactForm fields={['name', 'phone', 'message']} source="contact" className="mk-contact-form" />
    </SiteFrame>
  );
}
