import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, Spinner } from '@lendview/ui';
import { findOwner, type RemoteEntry, type RemotesManifest } from './manifest.ts';
import { loadRemoteApp } from './load-remote.ts';
import { NotFound } from '../pages/NotFound.tsx';

// Loaded remote Apps, by name and entry, so moving between routes of one remote does not reload it.
const loaded = new Map<string, ComponentType>();
const keyOf = (r: RemoteEntry) => `${r.name}@${r.entry}`;

function RetryPanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return <ErrorPanel message={t('remoteFailed')} onRetry={onRetry} retryLabel={t('retry')} />;
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
  const [state, setState] = useState<{ key: string; App?: ComponentType; failed?: boolean }>(() => ({
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
        if (live) setState({ key, failed: true });
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
class RemoteBoundary extends Component<{ remote: string; children: ReactNode }, { error: unknown; attempt: number }> {
  override state = { error: null as unknown, attempt: 0 };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    console.error(`[shell] remote ${this.props.remote} crashed`, error);
  }
  override render() {
    if (this.state.error) {
      return <RetryPanel onRetry={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))} />;
    }
    return (
      <div key={this.state.attempt} className="shell-remote">
        {this.props.children}
      </div>
    );
  }
}

export function RemoteRoute({ manifest }: { manifest: RemotesManifest }) {
  const { pathname } = useLocation();
  const owner = findOwner(manifest, pathname);
  if (!owner) return <NotFound />;
  return (
    <RemoteBoundary key={owner.name} remote={owner.name}>
      <RemoteApp remote={owner} />
    </RemoteBoundary>
  );
}
