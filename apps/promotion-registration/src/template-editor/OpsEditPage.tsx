import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { isNetworkError } from '@lendview/api-client';
import { landingContrastFailures } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';
import { localDateTime } from './local-time.ts';
import { Button, ErrorPanel, Modal, Spinner, toast } from '@lendview/ui';
import type { LandingConfig } from '../api/channel-template.ts';
import { createTemplate } from './api/ops-template-create.ts';
import { type OpsTemplateDetail, opsTemplateDetailKey, useOpsTemplateDetail } from './api/ops-template-detail.ts';
import { opsTemplateVersionsKey } from './api/ops-template-history.ts';
import { opsTemplateListKey } from './api/ops-template-list.ts';
import { publishTemplate } from './api/ops-template-publish.ts';
import { saveTemplate } from './api/ops-template-save.ts';
import { LandingView } from '../components/LandingView.tsx';
import { RegistrationForm } from '../components/RegistrationForm.tsx';
import { MAX_HIGHLIGHTS } from '../lib/limits.ts';
import type { PromoQuery } from '../lib/promo-query.ts';
import { ContrastPanel } from './ContrastPanel.tsx';
import { defaultConfig } from './default-config.ts';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ImageField } from './ImageField.tsx';
import { useErrorText } from './error-text.ts';
import { ColorField, LocalizedField, TextField } from './fields.tsx';
import { useOpsGate } from './gate-context.ts';
import { OpsBar, OpsGate } from './OpsGate.tsx';
import { OPS_LIST_PATH, editPath } from './paths.ts';
import type { FieldErrors } from './validate.ts';

const PREVIEW_QUERY: PromoQuery = {
  templateId: null,
  app_from: '',
  user_from: '',
  utm_tag: '',
  invite_code: '',
  links_id: '',
  down_id: '',
};

/** The contract's caps, shown as counters (the check itself is the contract's schema, validate.ts). */
const MAX = {
  headline: 80,
  subheadline: 120,
  highlight: 60,
  buttonText: 24,
  agreementTitle: 60,
  agreementBody: 6000,
  name: 80,
  appName: 40,
};

function messageOf(e: unknown, t: (k: string) => string): string {
  if (isNetworkError(e)) return t('ops.networkError');
  return e instanceof Error && e.message ? e.message : t('ops.networkError');
}

/** Runs the contract's check in its own chunk (zod), loaded the first time the operator saves. */
async function validate(config: LandingConfig): Promise<FieldErrors> {
  const { validateConfig } = await import('./validate.ts');
  return validateConfig(config);
}

function Preview({ config }: { config: LandingConfig }) {
  const { t } = useTranslation('promotion_registration');
  const [lang, setLang] = useState<Lang>('en');
  const id = useId();
  return (
    <section className="ops-preview" aria-labelledby={`${id}-h`}>
      <div className="ops-preview__head">
        <h2 id={`${id}-h`} className="ops-section__title">
          {t('ops.edit.preview')}
        </h2>
        <div className="ops-toggle" role="group" aria-label={t('ops.edit.previewLang')}>
          {(['en', 'id'] as const).map((l) => (
            <button key={l} type="button" className="ops-toggle__btn" aria-pressed={lang === l} onClick={() => setLang(l)}>
              {t(`ops.edit.lang.${l}`)}
            </button>
          ))}
        </div>
      </div>
      {/* A phone-sized frame; the page inside is the visitors' component, inert (nothing is sent from here). */}
      <div className="ops-preview__frame" tabIndex={0} role="region" aria-label={t('ops.edit.previewFrame')} data-testid="preview">
        <div inert>
          <LandingView config={config} lang={lang} form={<RegistrationForm config={config} lang={lang} query={PREVIEW_QUERY} preview />} />
        </div>
      </div>
    </section>
  );
}

function Editor({ id, detail }: { id: number | null; detail: OpsTemplateDetail | null }) {
  const { t } = useTranslation('promotion_registration');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { handleAuthError } = useOpsGate();
  const [draft, setDraft] = useState<LandingConfig>(() => detail?.draft ?? defaultConfig());
  const [dirty, setDirty] = useState(id === null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const errorText = useErrorText(errors);
  // The same WCAG AA check the API runs at publish: listed here before the operator publishes.
  const contrast = useMemo(() => landingContrastFailures(draft), [draft]);

  // After a first save attempt, errors follow the typing (a fixed field loses its message at once).
  useEffect(() => {
    if (!checked) return;
    let live = true;
    void validate(draft).then((e) => live && setErrors(e));
    return () => {
      live = false;
    };
  }, [draft, checked]);

  useEffect(() => {
    document.title = id === null ? t('ops.edit.titleNew') : t('ops.edit.titleEdit', { name: draft.name });
  }, [id, draft.name, t]);

  const update = useCallback((fn: (c: LandingConfig) => LandingConfig) => {
    setDraft((c) => fn(c));
    setDirty(true);
  }, []);

  /** Checks, then creates or saves. The template id after a success, null otherwise. */
  const save = async (): Promise<number | null> => {
    const found = await validate(draft);
    setErrors(found);
    setChecked(true);
    const first = Object.keys(found)[0];
    if (first) {
      setBanner(t('ops.edit.fixErrors'));
      // Paths are the schema's own keys and indexes ('highlights.1.en'): safe inside a quoted attribute selector.
      document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
      return null;
    }
    setBanner(null);
    try {
      if (id === null) {
        const created = await createTemplate({ config: draft });
        setDirty(false);
        toast.show(t('ops.edit.created'), { type: 'success' });
        void queryClient.invalidateQueries({ queryKey: opsTemplateListKey });
        void navigate(editPath(created.id), { replace: true });
        return created.id;
      }
      await saveTemplate({ id, config: draft });
      setDirty(false);
      toast.show(t('ops.edit.saved'), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: opsTemplateDetailKey(id) });
      void queryClient.invalidateQueries({ queryKey: opsTemplateListKey });
      return id;
    } catch (e) {
      if (!handleAuthError(e)) setBanner(messageOf(e, t));
      return null;
    }
  };

  const onSave = async () => {
    if (busy) return;
    setBusy('save');
    await save();
    setBusy(null);
  };

  const onPublish = async () => {
    setConfirming(false);
    if (busy) return;
    setBusy('publish');
    // Publish makes the saved draft live: what is on screen is saved first.
    const savedId = dirty || id === null ? await save() : id;
    if (savedId !== null) {
      try {
        await publishTemplate(savedId);
        toast.show(t('ops.edit.publishedDone'), { type: 'success' });
        void queryClient.invalidateQueries({ queryKey: opsTemplateDetailKey(savedId) });
        void queryClient.invalidateQueries({ queryKey: opsTemplateVersionsKey(savedId) });
        void queryClient.invalidateQueries({ queryKey: opsTemplateListKey });
        setBanner(null);
      } catch (e) {
        if (!handleAuthError(e)) setBanner(messageOf(e, t));
      }
    }
    setBusy(null);
  };

  const status = detail
    ? detail.published
      ? detail.hasUnpublishedChanges
        ? t('ops.edit.statusChanges')
        : t('ops.edit.statusPublished', { when: detail.publishedAt ? localDateTime(detail.publishedAt) : '' })
      : t('ops.edit.statusDraft')
    : t('ops.edit.statusDraft');

  const loc = (key: 'headline' | 'subheadline' | 'buttonText' | 'agreementTitle', label: string, max: number) => (
    <LocalizedField
      label={label}
      path={key}
      value={draft[key]}
      max={max}
      errorText={errorText}
      onChange={(v) => update((c) => ({ ...c, [key]: v }))}
    />
  );

  return (
    <div className="ops-page">
      <OpsBar>
        <Link className="ops-action" to={OPS_LIST_PATH}>
          {t('ops.edit.back')}
        </Link>
      </OpsBar>
      <main className="ops-main ops-edit">
        <div className="ops-head">
          <div>
            <h1 className="ops-title">{id === null ? t('ops.edit.titleNew') : t('ops.edit.titleEdit', { name: draft.name })}</h1>
            <p className="ops-muted" data-testid="template-status">
              {status}
              {dirty && <span className="ops-badge ops-badge--changes">{t('ops.edit.dirty')}</span>}
            </p>
          </div>
          <div className="ops-head__actions">
            <Button variant="secondary" onClick={() => void onSave()} loading={busy === 'save'} disabled={busy !== null}>
              {t('ops.edit.save')}
            </Button>
            <Button onClick={() => setConfirming(true)} loading={busy === 'publish'} disabled={busy !== null}>
              {t('ops.edit.publish')}
            </Button>
          </div>
        </div>
        {banner && (
          <p className="ops-banner" role="alert">
            {banner}
          </p>
        )}
        <div className="ops-edit__grid">
          <div className="ops-edit__main">
            <form className="ops-form" noValidate onSubmit={(e) => (e.preventDefault(), void onSave())}>
              <section className="ops-section">
                <h2 className="ops-section__title">{t('ops.edit.sections.general')}</h2>
                <TextField
                  label={t('ops.edit.fields.name')}
                  path="name"
                  value={draft.name}
                  max={MAX.name}
                  error={errorText('name')}
                  onChange={(v) => update((c) => ({ ...c, name: v }))}
                />
                <TextField
                  label={t('ops.edit.fields.appName')}
                  path="appName"
                  value={draft.appName}
                  max={MAX.appName}
                  error={errorText('appName')}
                  onChange={(v) => update((c) => ({ ...c, appName: v }))}
                />
                <ImageField
                  label={t('ops.edit.fields.logo')}
                  path="logo"
                  value={draft.logo}
                  error={errorText('logo')}
                  onChange={(v) => update((c) => ({ ...c, logo: v }))}
                  onAuthError={handleAuthError}
                />
              </section>

              <section className="ops-section">
                <h2 className="ops-section__title">{t('ops.edit.sections.hero')}</h2>
                {loc('headline', t('ops.edit.fields.headline'), MAX.headline)}
                {loc('subheadline', t('ops.edit.fields.subheadline'), MAX.subheadline)}
                <ImageField
                  label={t('ops.edit.fields.heroImage')}
                  path="heroImage"
                  value={draft.heroImage}
                  error={errorText('heroImage')}
                  onChange={(v) => update((c) => ({ ...c, heroImage: v }))}
                  onAuthError={handleAuthError}
                />
                <div className="ops-highlights">
                  <h3 className="ops-sub">{t('ops.edit.fields.highlights')}</h3>
                  {errorText('highlights') && <p className="ops-error">{errorText('highlights')}</p>}
                  {draft.highlights.map((h, i) => (
                    <div key={i} className="ops-highlight">
                      <LocalizedField
                        label={t('ops.edit.fields.highlight', { n: i + 1 })}
                        path={`highlights.${i}`}
                        value={h}
                        max={MAX.highlight}
                        errorText={errorText}
                        onChange={(v) => update((c) => ({ ...c, highlights: c.highlights.map((x, j) => (j === i ? v : x)) }))}
                      />
                      <Button variant="ghost" onClick={() => update((c) => ({ ...c, highlights: c.highlights.filter((_, j) => j !== i) }))}>
                        {t('ops.edit.fields.removeHighlight', { n: i + 1 })}
                      </Button>
                    </div>
                  ))}
                  {draft.highlights.length < MAX_HIGHLIGHTS && (
                    <Button
                      variant="secondary"
                      onClick={() => update((c) => ({ ...c, highlights: [...c.highlights, { en: '', id: '' }] }))}
                    >
                      {t('ops.edit.fields.addHighlight')}
                    </Button>
                  )}
                </div>
              </section>

              <section className="ops-section">
                <h2 className="ops-section__title">{t('ops.edit.sections.form')}</h2>
                {loc('buttonText', t('ops.edit.fields.buttonText'), MAX.buttonText)}
                {loc('agreementTitle', t('ops.edit.fields.agreementTitle'), MAX.agreementTitle)}
                <LocalizedField
                  label={t('ops.edit.fields.agreementBody')}
                  path="agreementBody"
                  value={draft.agreementBody}
                  max={MAX.agreementBody}
                  multiline
                  errorText={errorText}
                  onChange={(v) => update((c) => ({ ...c, agreementBody: v }))}
                />
              </section>

              <section className="ops-section">
                <h2 className="ops-section__title">{t('ops.edit.sections.download')}</h2>
                <LocalizedField
                  label={t('ops.edit.fields.downloadHeadline')}
                  path="download.headline"
                  value={draft.download.headline}
                  max={MAX.headline}
                  errorText={errorText}
                  onChange={(v) => update((c) => ({ ...c, download: { ...c.download, headline: v } }))}
                />
                <LocalizedField
                  label={t('ops.edit.fields.downloadButton')}
                  path="download.buttonText"
                  value={draft.download.buttonText}
                  max={MAX.buttonText}
                  errorText={errorText}
                  onChange={(v) => update((c) => ({ ...c, download: { ...c.download, buttonText: v } }))}
                />
                <TextField
                  label={t('ops.edit.fields.iosUrl')}
                  path="download.iosUrl"
                  type="url"
                  value={draft.download.iosUrl}
                  error={errorText('download.iosUrl')}
                  onChange={(v) => update((c) => ({ ...c, download: { ...c.download, iosUrl: v.trim() } }))}
                />
                <TextField
                  label={t('ops.edit.fields.androidUrl')}
                  path="download.androidUrl"
                  type="url"
                  value={draft.download.androidUrl}
                  error={errorText('download.androidUrl')}
                  onChange={(v) => update((c) => ({ ...c, download: { ...c.download, androidUrl: v.trim() } }))}
                />
              </section>

              <section className="ops-section">
                <h2 className="ops-section__title">{t('ops.edit.sections.theme')}</h2>
                <ContrastPanel failures={contrast} />
                <div className="ops-colors">
                  {(['backgroundFrom', 'backgroundTo', 'fontColor', 'highlightColor'] as const).map((k) => (
                    <ColorField
                      key={k}
                      label={t(`ops.edit.fields.${k}`)}
                      path={`theme.${k}`}
                      value={draft.theme[k]}
                      error={errorText(`theme.${k}`)}
                      onChange={(v) => update((c) => ({ ...c, theme: { ...c.theme, [k]: v } }))}
                    />
                  ))}
                </div>
              </section>
            </form>
            {id !== null && (
              <HistoryPanel
                id={id}
                saveFirst={async () => (dirty ? save() : id)}
                onDraftReplaced={(config) => {
                  setDraft(config);
                  setDirty(false);
                }}
                onAuthError={handleAuthError}
                onRefused={setBanner}
              />
            )}
          </div>
          <Preview config={draft} />
        </div>
      </main>
      <Modal
        open={confirming}
        title={t('ops.edit.publishTitle')}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('ops.edit.cancel')}
            </Button>
            <Button onClick={() => void onPublish()}>{t('ops.edit.publishConfirm')}</Button>
          </>
        }
      >
        <p>{t('ops.edit.publishBody', { id: id ?? '—' })}</p>
        {contrast.length > 0 && <p className="ops-error">{t('ops.contrast.willRefuse')}</p>}
      </Modal>
    </div>
  );
}

function EditRoute() {
  const { t } = useTranslation('promotion_registration');
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const { handleAuthError } = useOpsGate();
  const detail = useOpsTemplateDetail(id);
  useEffect(() => {
    if (detail.error) handleAuthError(detail.error);
  }, [detail.error, handleAuthError]);

  if (raw !== null && id === null) return <ErrorPanel message={t('ops.edit.notFound')} />;
  if (id === null) return <Editor key="new" id={null} detail={null} />;
  if (detail.isPending) {
    return (
      <div className="ops-center">
        <Spinner label={t('landing.loading')} />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="ops-page">
        <OpsBar />
        <main className="ops-main">
          <h1 className="ops-title">{t('ops.list.title')}</h1>
          <ErrorPanel message={messageOf(detail.error, t)} onRetry={() => void detail.refetch()} retryLabel={t('ops.retry')} />
        </main>
      </div>
    );
  }
  // Keyed by id: the form takes the server's draft once (a later refetch never overwrites typing).
  return <Editor key={id} id={id} detail={detail.data} />;
}

/** /ops/templates/edit?id=N (no id: a new template): every field of the landing config, with a live preview. */
export default function OpsEditPage() {
  return (
    <OpsGate>
      <EditRoute />
    </OpsGate>
  );
}
