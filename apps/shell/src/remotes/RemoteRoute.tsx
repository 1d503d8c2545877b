import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, Spinner } from '@lendview/ui';
import { reportClientError } from '@lendview/api-client';
import { findConflict, findOwner, type RemoteEntry, type RemotesManifest } from './manifest.ts';
import { loadRemoteApp } from './load-remote.ts';
import { keyOf, loaded } from './loaded-apps.ts';
import { NotFound } from '../pages/NotFound.tsx';
import { ErrorReference } from './ErrorReference.tsx';
import { failureText, requestIdOfError } from './error-report.ts';
import { rumError, rumLeave, rumView } from '../rum/index.ts';
import type { RemoteRef } from '../rum/attribution.ts';

/** "Could not load, retry", with the reference of the error report support can look up (issue 15 item 4). */
function RetryPanel({ onRetry, reference }: { onRetry: () => void; reference?: string }) {
  const { t } = useTranslation('shell');
  return (
    <ErrorPanel
      message={
        <>
          {t('remoteFailed')}
          <ErrorReference reference={reference} />
        </>
      }
      onRetry={onRetry}
      retryLabel={t('retry')}
    />
  );
}

function RemoteLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className="shell-loading">
      <Spinner label={t('loadingPage')} />
    </div>
  );
}

/** Downloads the remote only when one of its routes is visited. */
function RemoteApp({ remote }: { remote: RemoteEntry }) {
  const key = keyOf(remote);
  const [state, setState] = useState<{ key: string; App?: ComponentType; failed?: boolean; reference?: string }>(() => ({
    key,
    App: loaded.get(key),
  }));
  const [attempt, setAttempt] = useState(0);
  const current = state.key === key ? state : { key, App: loaded.get(key) };

  useEffect(() => {
    if (loaded.has(key)) return;
    let live = true;
    loadRemoteApp(remote).then(
      (App) => {
        loaded.set(key, App);
        if (live) setState({ key, App });
      },
      (error: unknown) => {
        console.error(`[shell] remote ${remote.name} failed to load`, error);
        // Real-user signals (issue 16 item 4): a version that does not load is an error of that version.
        rumError(error, 'error', { app: remote.app, version: remote.version });
        if (!live) return;
        const reference = reportClientError({
          message: failureText(error),
          requestId: requestIdOfError(error),
          where: `remote-load:${remote.name}`,
        });
        setState({ key, failed: true, reference });
      },
    );
    return () => {
      live = false;
    };
  }, [key, remote, attempt]);

  if (current.App) {
    const App = current.App;
    return <App />;
  }
  if (current.failed) {
    return (
      <RetryPanel
        reference={current.reference}
        onRetry={() => {
          setState({ key });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <RemoteLoading />;
}

/** A remote that throws while rendering takes down its own routes only. */
class RemoteBoundary extends Component<
  { remote: string; rum?: RemoteRef; children: ReactNode },
  { error: unknown; attempt: number; reference: string | undefined }
> {
  override state = { error: null as unknown, attempt: 0, reference: undefined as string | undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    console.error(`[shell] remote ${this.props.remote} crashed`, error);
    // Real-user signals (issue 16 item 4): attributed by its stack frames, else to this remote's version.
    rumError(error, 'boundary', this.props.rum);
    // Reported once per crash, with the failed call's id when an API error brought the remote down.
    const reference = reportClientError({
      message: failureText(error),
      requestId: requestIdOfError(error),
      where: `remote-crash:${this.props.remote}`,
    });
    this.setState({ reference });
  }
  override render() {
    if (this.state.error) {
      return (
        <RetryPanel
          reference={this.state.reference}
          onRetry={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1, reference: undefined }))}
        />
      );
    }
    return (
      <div key={this.state.attempt} className="shell-remote">
        {this.props.children}
      </div>
    );
  }
}

/** Conflicted routes already reported in this page load (one report per route, not one per render). */
const reportedConflicts = new Set<string>();

/**
 * A route several live remotes claim (issue 16, docs/releasing.md "Route ownership"): the owner still renders it,
 * and the conflict is logged and reported once (`route-conflict:<route>`), never a blank page.
 */
function useConflictReport(manifest: RemotesManifest, pathname: string) {
  const conflict = findConflict(manifest, pathname);
  const key = conflict ? `${conflict.route}\0${conflict.owner}\0${conflict.others.join(',')}` : '';
  useEffect(() => {
    if (!conflict || reportedConflicts.has(key)) return;
    reportedConflicts.add(key);
    const message = `route ${conflict.route} is claimed by ${[conflict.owner, ...conflict.others].join(', ')}; ${conflict.owner} renders it`;
    console.error(`[shell] ${message}`);
    reportClientError({ message, where: `route-conflict:${conflict.route}` });
  }, [conflict, key]);
}

/**
 * Real-user signals (issue 16 item 4, src/rum): a view of the remote that renders this route, tagged with the
 * version this page loaded (the manifest's entry: the live one, a canary or a preview). Reported here, outside
 * the boundary, so a remote that crashes on its first render still counts the view its error belongs to.
 */
function useRumView(owner: RemoteRef | undefined, pathname: string, viewId: string | undefined) {
  const app = owner?.app;
  const version = owner?.version;
  useEffect(() => {
    if (app && version) rumView({ app, version }, pathname, viewId);
    else rumLeave();
  }, [app, version, pathname, viewId]);
}

export function RemoteRoute({ manifest }: { manifest: RemotesManifest }) {
  const { pathname } = useLocation();
  const owner = findOwner(manifest, pathname);
  useConflictReport(manifest, pathname);
  useRumView(owner, pathname, manifest.rumView);
  if (!owner) return <NotFound />;
  return (
    <RemoteBoundary key={owner.name} remote={owner.name} rum={{ app: owner.app, version: owner.version }}>
      <RemoteApp remote={owner} />
    </RemoteBoundary>
  );
}
