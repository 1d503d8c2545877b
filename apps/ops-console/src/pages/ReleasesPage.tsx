import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RUM_HEALTH_WINDOWS } from '@lendview/contracts/routes';
import { EmptyState } from '@lendview/ui';
import { useLang } from '@lendview/i18n';
import { type VersionHealthRow, useReleaseHealth } from '../api/console.ts';
import { ConsoleFrame } from '../components/ConsoleFrame.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { Loading } from '../components/Loading.tsx';
import { jakartaDateTime } from '../lib/jakarta-time.ts';

type Window = (typeof RUM_HEALTH_WINDOWS)[number];
const DEFAULT_WINDOW: Window = 24;

/** web-vitals' thresholds (good up to the first, poor from the second). */
const THRESHOLDS = { lcp: [2500, 4000], inp: [200, 500], cls: [0.1, 0.25] } as const;
type Vital = keyof typeof THRESHOLDS;

function rating(kind: Vital, value: number): 'good' | 'needsImprovement' | 'poor' {
  const [good, poor] = THRESHOLDS[kind];
  return value <= good ? 'good' : value <= poor ? 'needsImprovement' : 'poor';
}

function useFormat() {
  const lang = useLang();
  const locale = lang === 'id' ? 'id-ID' : 'en-GB';
  return {
    int: (n: number) => new Intl.NumberFormat(locale).format(n),
    ms: (n: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n)} ms`,
    cls: (n: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(n),
    pct: (n: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(n),
  };
}

function VitalCell({ kind, value, samples }: { kind: Vital; value: number | null; samples: number }) {
  const { t } = useTranslation('ops_console');
  const f = useFormat();
  if (value === null) {
    return (
      <div className="oc-rum__cell">
        <dt>{t(`releases.${kind}`)}</dt>
        <dd className="oc-muted">{t('releases.noData')}</dd>
      </div>
    );
  }
  const r = rating(kind, value);
  return (
    <div className="oc-rum__cell">
      <dt>{t(`releases.${kind}`)}</dt>
      <dd>
        <span className={`oc-rum__value oc-rum__value--${r}`}>{kind === 'cls' ? f.cls(value) : f.ms(value)}</span>
        <span className="oc-rum__note">
          {t(`releases.${r}`)} · {t('releases.samples', { count: samples })}
        </span>
      </dd>
    </div>
  );
}

type Frame = VersionHealthRow['topErrors'][number]['frames'][number];

/**
 * The frames worth reading: those mapped to an original source file (a served path starts with '/'), at most 5;
 * with none mapped (no map for that version), the first two as served.
 */
function framesToShow(frames: readonly Frame[]): Frame[] {
  const mapped = frames.filter((f) => !f.file.startsWith('/'));
  return mapped.length > 0 ? mapped.slice(0, 5) : frames.slice(0, 2);
}

function TopErrors({ version }: { version: VersionHealthRow }) {
  const { t } = useTranslation('ops_console');
  if (version.topErrors.length === 0) return <p className="oc-muted oc-rum__quiet">{t('releases.noErrors')}</p>;
  return (
    <>
      <h4 className="oc-rum__subhead">{t('releases.topErrors')}</h4>
      <ol className="oc-rum__errors">
        {version.topErrors.map((e) => (
          <li key={e.message} className="oc-rum__error">
            <p className="oc-rum__message">
              <span className="oc-badge oc-rum__count">{t('releases.times', { count: e.count })}</span>
              <code>{e.message}</code>
            </p>
            <p className="oc-muted oc-rum__last">{t('releases.lastSeen', { time: jakartaDateTime(e.lastAt) })}</p>
            {e.frames.length > 0 && (
              <ul className="oc-rum__frames" aria-label={t('releases.where')}>
                {framesToShow(e.frames).map((fr, i) => (
                  <li key={i}>
                    <code>
                      {fr.file}
                      {fr.line !== null ? `:${fr.line}` : ''}
                      {fr.column !== null ? `:${fr.column}` : ''}
                    </code>
                    {fr.name && <span className="oc-muted"> {fr.name}</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

function VersionBlock({ version }: { version: VersionHealthRow }) {
  const { t } = useTranslation('ops_console');
  const f = useFormat();
  return (
    <section className="oc-rum__version" aria-label={`${version.app} ${version.version}`}>
      <h3 className="oc-rum__title">
        <span className="oc-rum__number">{version.version}</span>
        {version.live && <span className="oc-badge oc-badge--live">{t('releases.live')}</span>}
        {version.canary !== null && <span className="oc-badge oc-badge--canary">{t('releases.canary', { percent: version.canary })}</span>}
      </h3>
      <p className="oc-muted oc-rum__published">{t('releases.published', { time: jakartaDateTime(version.publishedAt) })}</p>
      <dl className="oc-rum__grid">
        <div className="oc-rum__cell">
          <dt>{t('releases.views')}</dt>
          <dd>
            <span className="oc-rum__value">{f.int(version.views)}</span>
          </dd>
        </div>
        <div className="oc-rum__cell">
          <dt>{t('releases.errorRate')}</dt>
          {version.errorRate === null ? (
            <dd className="oc-muted">{t('releases.noData')}</dd>
          ) : (
            <dd>
              <span className={`oc-rum__value${version.errorRate > 0 ? ' oc-rum__value--poor' : ''}`}>
                {t('releases.errorRateValue', { count: version.errors, rate: f.pct(version.errorRate), errors: f.int(version.errors) })}
              </span>
            </dd>
          )}
        </div>
        <VitalCell kind="lcp" value={version.lcpP75} samples={version.lcpSamples} />
        <VitalCell kind="inp" value={version.inpP75} samples={version.inpSamples} />
        <VitalCell kind="cls" value={version.clsP75} samples={version.clsSamples} />
      </dl>
      <TopErrors version={version} />
    </section>
  );
}

/** Releases (/ops/releases): real-user signals per remote version (issue 16 item 4; docs/releasing.md). */
export default function ReleasesPage() {
  const { t } = useTranslation('ops_console');
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('hours'));
  const hours: Window = (RUM_HEALTH_WINDOWS as readonly number[]).includes(asked) ? (asked as Window) : DEFAULT_WINDOW;
  const health = useReleaseHealth(hours);
  const apps = new Map<string, VersionHealthRow[]>();
  for (const v of health.data?.versions ?? []) apps.set(v.app, [...(apps.get(v.app) ?? []), v]);

  return (
    <ConsoleFrame title={t('releases.title')}>
      <p className="oc-intro">{t('releases.intro')}</p>
      <div className="oc-segments" role="group" aria-label={t('releases.window')}>
        {RUM_HEALTH_WINDOWS.map((w) => (
          <button
            key={w}
            type="button"
            className="oc-segments__button"
            aria-pressed={w === hours}
            onClick={() => setParams(w === DEFAULT_WINDOW ? new URLSearchParams() : new URLSearchParams({ hours: String(w) }))}
          >
            {t(`releases.windows.${w}`)}
          </button>
        ))}
      </div>
      {health.isPending ? (
        <Loading />
      ) : health.isError ? (
        <LoadFailed error={health.error} onRetry={() => void health.refetch()} />
      ) : (
        <>
          <p className="oc-muted">{t('releases.since', { time: jakartaDateTime(health.data.since) })}</p>
          {apps.size === 0 ? (
            <EmptyState title={t('releases.none')} />
          ) : (
            <div className="oc-rum">
              {[...apps].map(([app, versions]) => (
                <section key={app} className="lv-card oc-card oc-rum__app" aria-labelledby={`oc-rum-${app}`}>
                  <h2 id={`oc-rum-${app}`} className="lv-card__heading">
                    {app}
                  </h2>
                  {versions.map((v) => (
                    <VersionBlock key={v.version} version={v} />
                  ))}
                </section>
              ))}
            </div>
          )}
        </>
      )}
    </ConsoleFrame>
  );
}
