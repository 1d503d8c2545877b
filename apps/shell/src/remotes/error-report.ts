import { isApiError, isNetworkError } from '@lendview/api-client';

/** The failed call's request id, when the error came from one (ApiError, NetworkError). */
export function requestIdOfError(error: unknown): string | undefined {
  return isApiError(error) || isNetworkError(error) ? error.requestId : undefined;
}

/** What the report says happened: the error's type and message (the api-client cuts query strings and controls). */
export function failureText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : 'Unknown error';
}
