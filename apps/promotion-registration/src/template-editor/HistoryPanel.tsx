import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@lendview/api-client';
import { localDateTime } from './local-time.ts';
import { Button, Modal, Spinner, toast } from '@lendview/ui';
import type { LandingConfig } from '../api/channel-template.ts';
import {
  type OpsTemplateVersion,
  cancelSchedule,
  opsTemplateVersionsKey,
  revertTemplate,
  scheduleTemplate,
  unpublishTemplate,
  useOpsTemplateVersions,
} from './api/ops-template-history.ts';
import { opsTemplateDetailKey } from './api/ops-template-detail.ts';
import { opsTemplateListKey } from './api/ops-template-list.ts';

interface HistoryPanelProps {
  id: number;
  /** Saves what is on screen first (schedule publishes the saved draft); the id, or null when it could not. */
  saveFirst: () => Promise<number | null>;
  /** A revert replaced the draft: the form shows it. */
  onDraftReplaced: (config: LandingConfig) => void;
  /** An expired session: true when handled (back to sign-in). */
  onAuthError: (e: unknown) => boolean;
  /** A refusal to show in the page's banner (contrast, images). */
  onRefused: (message: string) => void;
}

/** What a value looks like in the diff: long texts cut, empty ones said so. */
function shown(v: string, empty: string): string {
  if (v === '') return empty;
  return v.length > 90 ? `${v.slice(0, 87)}…` : v;
}

/** A datetime-local value ('2026-05-01T09:00', the operator's own clock) as an ISO instant with its offset. */
function toInstant(local: string): string | null {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * Versions of the template (issue 13 item 5): every publish, newest first, with what changed against the one
 * before; revert (as the draft, or live at once), unpublish, and a publish scheduled for later.
 */
export function HistoryPanel({ id, saveFirst, onDraftReplaced, onAuthError, onRefused }: HistoryPanelProps) {
  const { t } = useTranslation('promotion_registration');
  const uid = useId();
  const queryClient = useQueryClient();
  const versions = useOpsTemplateVersions(id);
  const [busy, setBusy] = useState<string | null>(null);
  const [at, setAt] = useState('');
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: opsTemplateVersionsKey(id) });
    void queryClient.invalidateQueries({ queryKey: opsTemplateDetailKey(id) });
    void queryClient.invalidateQueries({ queryKey: opsTemplateListKey });
  };

  /** Runs one action; its refusal goes to the banner, an expired session back to sign-in. */
  const run = async (key: string, action: () => Promise<void>) => {
    if (busy) return;
    setBusy(key);
    try {
      await action();
      refresh();
    } catch (e) {
      if (!onAuthError(e)) onRefused(isApiError(e) && e.message ? e.message : t('ops.networkError'));
    } finally {
      setBusy(null);
    }
  };

  const onSchedule = () =>
    run('schedule', async () => {
      const instant = toInstant(at);
      if (!instant) {
        onRefused(t('ops.history.pickTime'));
        return;
      }
      const saved = await saveFirst();
      if (saved === null) return;
      await scheduleTemplate(saved, instant);
      setAt('');
      toast.show(t('ops.history.scheduled', { when: localDateTime(instant) }), { type: 'success' });
    });

  const onRevert = (v: OpsTemplateVersion, publish: boolean) =>
    run(`revert-${v.version}-${publish}`, async () => {
      await revertTemplate(id, v.version, publish);
      if (v.config) onDraftReplaced(v.config);
      toast.show(publish ? t('ops.history.revertedLive', { n: v.version }) : t('ops.history.revertedDraft', { n: v.version }), {
        type: 'success',
      });
    });

  const onUnpublish = () =>
    run('unpublish', async () => {
      setConfirmUnpublish(false);
      await unpublishTemplate(id);
      toast.show(t('ops.history.unpublished'), { type: 'success' });
    });

  const onCancel = (v: OpsTemplateVersion) =>
    run(`cancel-${v.version}`, async () => {
      await cancelSchedule(id, v.version);
      toast.show(t('ops.history.cancelled', { n: v.version }), { type: 'success' });
    });

  const data = versions.data;
  return (
    <section className="ops-section ops-history" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`} className="ops-section__title">
        {t('ops.history.title')}
      </h2>
      {data && (
        <p className="ops-muted" data-testid="landing-state">
          {data.state === 'live'
            ? t('ops.history.stateLive', { n: data.liveVersion ?? '' })
            : data.state === 'ended'
              ? t('ops.history.stateEnded')
              : t('ops.history.stateNever')}
        </p>
      )}

      <div className="ops-schedule">
        <label className="ops-label" htmlFor={`${uid}-at`}>
          {t('ops.history.scheduleLabel')}
        </label>
        <div className="ops-schedule__row">
          <input id={`${uid}-at`} className="ops-input" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
          <Button variant="secondary" onClick={() => void onSchedule()} loading={busy === 'schedule'} disabled={busy !== null || at === ''}>
            {t('ops.history.schedule')}
          </Button>
        </div>
      </div>

      {data?.state === 'live' && (
        <Button variant="secondary" onClick={() => setConfirmUnpublish(true)} disabled={busy !== null}>
          {t('ops.history.unpublish')}
        </Button>
      )}

      {versions.isPending && <Spinner label={t('landing.loading')} />}
      {data && data.items.length === 0 && <p className="ops-muted">{t('ops.history.none')}</p>}
      {data && data.items.length > 0 && (
        <ol className="ops-versions">
          {data.items.map((v) => (
            <li key={v.version} className="ops-version" data-testid={`version-${v.version}`}>
              <div className="ops-version__head">
                <strong>{t('ops.history.version', { n: v.version })}</strong>
                <span className={`ops-badge ops-badge--${v.status}`}>{t(`ops.history.status.${v.status}`)}</span>
              </div>
              <p className="ops-muted ops-version__meta">
                {v.kind === 'revert'
                  ? t('ops.history.kindRevert', { n: v.revertedFrom ?? '' })
                  : v.kind === 'unpublish'
                    ? t('ops.history.kindUnpublish')
                    : t('ops.history.kindPublish')}{' '}
                · {localDateTime(v.liveFrom)}
                {v.createdBy && ` · ${v.createdBy}`}
              </p>
              {v.changes.length > 0 && (
                <details className="ops-diff">
                  <summary>{t('ops.history.changes', { count: v.changes.length })}</summary>
                  <ul>
                    {v.changes.map((c) => (
                      <li key={c.field}>
                        <code>{c.field}</code>: <del>{shown(c.before, t('ops.history.empty'))}</del> →{' '}
                        <ins>{shown(c.after, t('ops.history.empty'))}</ins>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              <div className="ops-version__actions">
                {v.config && v.status !== 'cancelled' && (
                  <>
                    <Button variant="ghost" onClick={() => void onRevert(v, false)} disabled={busy !== null}>
                      {t('ops.history.revertDraft', { n: v.version })}
                    </Button>
                    {v.status !== 'live' && v.status !== 'scheduled' && (
                      <Button
                        variant="secondary"
                        onClick={() => void onRevert(v, true)}
                        loading={busy === `revert-${v.version}-true`}
                        disabled={busy !== null}
                      >
                        {t('ops.history.revertLive', { n: v.version })}
                      </Button>
                    )}
                  </>
                )}
                {v.status === 'scheduled' && (
                  <Button variant="ghost" onClick={() => void onCancel(v)} disabled={busy !== null}>
                    {t('ops.history.cancel', { n: v.version })}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <Modal
        open={confirmUnpublish}
        title={t('ops.history.unpublishTitle')}
        onClose={() => setConfirmUnpublish(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmUnpublish(false)}>
              {t('ops.edit.cancel')}
            </Button>
            <Button onClick={() => void onUnpublish()}>{t('ops.history.unpublish')}</Button>
          </>
        }
      >
        <p>{t('ops.history.unpublishBody')}</p>
      </Modal>
    </section>
  );
}
