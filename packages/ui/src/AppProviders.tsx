import { ApiError, captureSharedParams, configureApiClient } from '@lendview/api-client';
import { i18n, initI18n } from '@lendview/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastHost } from './ToastHost.tsx';
import { toast } from './toast.ts';

/** A QueryClient with the product's defaults: one retry (not for a server "no"), no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

let defaultClient: QueryClient | undefined;

/** The page's one QueryClient (this package is a Module Federation singleton, so host and remotes share it). */
export function getQueryClient(): QueryClient {
  defaultClient ??= createQueryClient();
  return defaultClient;
}

let connected = false;

/**
 * Once per page: initialises i18n (language rule of spec 1), keeps the shared params of the page query and
 * points the api-client at the toast (spec 8 messages, spec 7.1 loading text). AppProviders calls it.
 */
export function connectApp(): void {
  if (connected) return;
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
      <I18nextProvider i18n={i18n} defaultNS="common">
        {children}
        <ToastHost />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
