import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@lendview/api-client';
import { PROMOTION_ENDED_CODE } from '@lendview/contracts/routes';
import { useLang } from '@lendview/i18n';
import { Button, ErrorPanel, Page, Spinner } from '@lendview/ui';
import { useChannelTemplate } from '../api/channel-template.ts';
import { trackVisit } from '../api/track-visit.ts';
import { AgreementView } from '../components/AgreementView.tsx';
import { DownloadView } from '../components/DownloadView.tsx';
import { LandingView } from '../components/LandingView.tsx';
import { RegistrationForm } from '../components/RegistrationForm.tsx';
import { type PromoQuery, currentClientType, hashFor, parsePromoQuery, readQuery, screenOf } from '../lib/promo-query.ts';
import { useHydrating } from '@lendview/kit';
import '../styles/landing.css';

function Unavailable({ message, onRetry, ended = false }: { message: string; onRetry?: () => void; ended?: boolean }) {
  const { t } = useTranslation('promotion_registration');
  return (
    <Page title={ended ? t('landing.endedTitle') : t('landing.unavailableTitle')} className="pr-unavailable">
      <ErrorPanel message={message} />
      {onRetry && (
        <Button variant="secondary" block onClick={onRetry}>
          {t('landing.retry')}
        </Button>
      )}
    </Page>
  );
}

function Loading() {
  const { t } = useTranslation('promotion_registration');
  return (
    <div className="pr-loading">
      <Spinner label={t('landing.loading')} />
    </div>
  );
}

/** Spec 7.4: one visit per landing load (not per re-render, nor per hash route). */
function useTrackVisit(q: PromoQuery, enabled: boolean) {
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (!enabled || q.templateId === null || sent.current === q.templateId) return;
    sent.current = q.templateId;
    trackVisit({
      page_id: q.templateId,
      user_from: q.user_from,
      client_type: currentClientType(),
      page_type: 1,
      utm_tag: q.utm_tag,
      app_from: q.app_from,
    });
  }, [enabled, q]);
}

function TemplatePage({ templateId, query }: { templateId: number; query: PromoQuery }) {
  const { t } = useTranslation('promotion_registration');
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  // The server never sees the #hash: a server-rendered page hydrates as the landing it drew, and goes to the hash's
  // screen in the render right after.
  const hydrating = useHydrating();
  const screen = screenOf(hydrating ? '' : location.hash);
  const template = useChannelTemplate(templateId);
  // Not from the hydration render: the address may name another screen (a visit is a view of the landing).
  useTrackVisit(query, screen === 'landing' && !hydrating);
  // Issue 13 item 4: the registration form stays mounted (hidden) while the visitor reads the agreement or the
  // download page, so the phone, the captcha the code was sent with and the countdown are there on the way back.
  // It mounts the first time the landing is shown (a visitor who opens #/downloadTemplate directly fetches no captcha).
  const [landingShown, setLandingShown] = useState(screen === 'landing');
  if (screen === 'landing' && !landingShown) setLandingShown(true);

  // A hash route is a new screen: start it at the top.
  useEffect(() => {
    if (typeof window.scrollTo === 'function' && !/jsdom/i.test(navigator.userAgent)) window.scrollTo(0, 0);
  }, [screen]);

  const config = template.data;
  useEffect(() => {
    if (config && screen !== 'agreement') document.title = config.appName;
  }, [config, screen]);

  if (template.isPending) return <Loading />;
  if (template.isError) {
    const e = template.error;
    // Spec 8: a non-00 answer shows its message; no answer at all says 'error' and offers a retry.
    return isApiError(e) && e.message ? (
      <Unavailable message={e.message} ended={e.code === PROMOTION_ENDED_CODE} />
    ) : (
      <Unavailable message={t('landing.networkError')} onRetry={() => void template.refetch()} />
    );
  }

  const landingTo = { pathname: location.pathname, search: location.search, hash: '' };
  return (
    <>
      {landingShown && (
        <div hidden={screen !== 'landing'}>
          <LandingView
            config={template.data}
            lang={lang}
            form={
              <RegistrationForm
                config={template.data}
                lang={lang}
                query={query}
                agreementTo={{ pathname: location.pathname, search: location.search, hash: hashFor('agreement', query) }}
                onDone={() => void navigate({ pathname: location.pathname, search: location.search, hash: hashFor('download', query) })}
              />
            }
          />
        </div>
      )}
      {screen === 'download' && <DownloadView config={template.data} lang={lang} client={currentClientType()} backTo={landingTo} />}
      {screen === 'agreement' && <AgreementView config={template.data} lang={lang} backTo={landingTo} />}
    </>
  );
}

/**
 * /promo?templateId=ID (and the standalone /landing?templateId=ID): the registration landing, with the hash
 * routes #/downloadTemplate and #/agreementTemplate of spec 2.6 on the same page.
 */
export default function PromoPage() {
  const { t } = useTranslation('promotion_registration');
  const location = useLocation();
  // The hash route's query too (readQuery), once hydrated: the server drew the page from the search alone.
  const hydrating = useHydrating();
  const hash = hydrating ? '' : location.hash;
  const search = location.search;
  const query = useMemo(() => parsePromoQuery(readQuery(search, hash)), [search, hash]);
  // No template in the search: a link may carry it in its #hash query (`#/downloadTemplate?id=1`), which the server
  // cannot see, so the server draws (and the browser hydrates) the loading state rather than "no template".
  if (query.templateId === null) return hydrating ? <Loading /> : <Unavailable message={t('landing.noTemplate')} />;
  return <TemplatePage key={query.templateId} templateId={query.templateId} query={query} />;
}
