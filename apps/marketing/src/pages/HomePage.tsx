import { useTranslation } from 'react-i18next';
import { useLang, useMoney } from '@lendview/i18n';
import { SiteFrame } from '../components/SiteFrame.tsx';
import { ContactDetails } from '../components/ContactDetails.tsx';
import { ContactForm } from '../components/ContactForm.tsx';
import { MARKETING_FIGURES } from '../content/figures.ts';
import heroUrl from '../assets/home-hero.svg';
import speedUrl from '../assets/home-speed.svg';
import usersUrl from '../assets/home-users.svg';
import salaryUrl from '../assets/home-salary.svg';
import safeUrl from '../assets/home-safe.svg';
import '../styles/home.css';

/** The five stacked images of the home page, top to bottom (spec 2.2). Copy: `home.<key>` in src/i18n. */
const BANNERS = [
  { key: 'hero', src: heroUrl },
  { key: 'speed', src: speedUrl },
  { key: 'users', src: usersUrl },
  { key: 'salary', src: salaryUrl },
  { key: 'safe', src: safeUrl },
] as const;

function HomeFooter() {
  const { t } = useTranslation('marketing');
  return (
    <div className="mk-home-footer">
      <section className="mk-home-contact" aria-labelledby="mk-contact-title">
        <h2 id="mk-contact-title">{t('footer.contactTitle')}</h2>
        <ContactDetails />
      </section>
      <ContactForm
        fields={['firstName', 'email', 'phone', 'message']}
        source="home"
        title={t('footer.formTitle')}
        className="mk-home-form"
      />
    </div>
  );
}

/** `/`: the official home page. */
export default function HomePage() {
  const { t } = useTranslation('marketing');
  const lang = useLang();
  const money = useMoney();
  const figures = MARKETING_FIGURES[lang];
  const values = { min: money(figures.minLoan), max: money(figures.maxLoan), salary: money(figures.minSalary) };

  return (
    <SiteFrame title={t('home.title')} footer={<HomeFooter />} mainClassName="mk-home">
      {BANNERS.map(({ key, src }, index) => {
        const Heading = index === 0 ? 'h1' : 'h2';
        return (
          <section key={key} className={`mk-banner mk-banner--${key}`} aria-labelledby={`mk-banner-${key}`}>
            <div className="mk-banner-text">
              {key === 'hero' ? <p className="mk-kicker">{t('home.hero.kicker')}</p> : null}
              <Heading id={`mk-banner-${key}`} className="mk-banner-heading">
                {t(`home.${key}.heading`, values)}
              </Heading>
              <p className="mk-banner-copy">{t(`home.${key}.text`, values)}</p>
            </div>
            <img
              className="mk-banner-img"
              src={src}
              width={320}
              height={200}
              alt={t(`home.${key}.alt`)}
              decoding="async"
              loading={index < 2 ? 'eager' : 'lazy'}
            />
          </section>
        );
      })}
    </SiteFrame>
  );
}
