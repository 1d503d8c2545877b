import type { TFunction } from 'i18next';
import { isApiError, isNetworkError } from '@lendview/api-client';

/** What to tell the operator about a failed call: the server's localized message, else a network hint. */
export function errorText(e: unknown, t: TFunction<'ops_console'>): string {
  if (isApiError(e) && e.envelope.message) return e.envelope.message;
  if (isNetworkError(e)) return t('networkError');
  return t('loadFailed');
}
