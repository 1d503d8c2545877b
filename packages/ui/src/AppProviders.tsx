import { ApiError, captureSharedParams, configureApiClient } from '@lendview/api-client';
import { currentI18n, i18n, initI18n } from '@lendview/i18n';
import { type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { OfflineNotice } from './OfflineNotice.tsx';
import { ToastHost } from './ToastHost.tsx';
import { toast } from './toast.ts';

// Queries that came with a server-rendered page (issue 14), by hash, with when they arrived: a screen that mounts
// them right away (hydration) uses that data as it is, even with staleTime 0, instead of fetching it again.
const hydrated = new Map<string, number>();
/** How long after the page arrived its server data counts as just fetched. */
export const HYDRATED_FRESH_MS = 10_000;

/** The server-rendered page's queries were put in the cache (main.tsx): their first mount does not refetch. */
export function markHydrated(queryHashes: readonly string[], now = Date.now()): void {
  for (const h of queryHashes) hydrated.set(h, now);
}

/**
 * A move to another screen ends that: a screen mounted again afterwards (back on /repay after adding a card) asks
 * the API again as it always did (the shell calls this on every navigation after the first page).
 */
export function forgetHydrated(): void {
  hydrated.clear();
}

function refetchOnMount(query: Query): boolean {
  const at = hydrated.get(query.queryHash);
  if (at === undefined) return true;
  if (Date.now() - at < HYDRATED_FRESH_MS) return false;
  hydrated.delete(query.queryHash);
  return true;
}

/**
 * A QueryClient with the product's defaults: one retry (not for a server "no"), no refetch on focus. On the
 * server (`server: true`, the page's render in apps/shell/src/server.tsx) no retry: a failed call is left to the
 * browser, which asks again.
 *
 * networkMode 'always' (issue 40): React Query's default pauses a call while the phone says it is offline and
 * sends it by itself when the network returns, so a Confirm tapped offline spun with no message and confirmed the
 * loan minutes later without a new tap. Now every call is tried at once and fails as a network error the page
 * reports (with its Retry); a write is sent again only when the borrower taps again.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: server ? false : (failureCount, error) => failureCount < 1 && !(error instanceof ApiError),
        refetchOnWindowFocus: false,
        refetchOnMount,
        staleTime: 30_000,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

let defaultClient: QueryClient | undefined;
let pageClient: QueryClient | undefined;

/**
 * The server's render of one page (apps/shell/src/server.tsx) gives that page its own client for the length of
 * one synchronous render; undefined gives the shared one back.
 */
export function setPageQueryClient(client: QueryClient | undefined): void {
  pageClient = client;
}

/** The page's one QueryClient (this package is a Module Federation singleton, so host and remotes share it). */
export function getQueryClient(): QueryClient {
  if (pageClient) return pageClient;
  defaultClient ??= createQueryClient();
  return defaultClient;
}

let connected = false;

/**
 * Once per page: initialises i18n (language rule of spec 1), keeps the shared params of the page query and
 * points the api-client at the toast (spec 8 messages, spec 7.1 loading text). AppProviders calls it.
 */
export function connectApp(): void {
  // On the server (issue 14) the page's render configures the api-client itself (apps/shell/src/server.tsx).
  if (connected || typeof window === 'undefined') return;
  connected = true;
  void initI18n();
  captureSharedParams();
  let hideLoading: (() => void) | undefined;
  configureApiClient({
    onMessage: (msg) => toast.show(msg),
    // Hides only the loading toast, never a message shown after it.
    onLoading: (text) => {
      hideLoading?.();
      hideLoading = text ? toast.loading(text) : undefined;
    },
    language: () => i18n.language,
  });
}

export interface AppProvidersProps {
  /** Default: the page's shared client (getQueryClient()). */
  queryClient?: QueryClient;
  children?: ReactNode;
}

/** What the shell and each remote's standalone dev entry wrap themselves in. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  useState(connectApp);
  const [client] = useState(() => queryClient ?? getQueryClient());
  return (
    <QueryClientProvider client={client}>
      {/* The page's instance, or on the server the render's own (one per request and version: issue 33). */}
      <I18nextProvider i18n={currentI18n()} defaultNS="common">
        {children}
        <OfflineNotice />
        <ToastHost />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
