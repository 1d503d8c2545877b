import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_WHERE_MAX,
  CLIENT_ERROR_WHERE_PATTERN,
  clientErrorReport,
} from '@lendview/contracts/routes';
import { getConfig } from './config.ts';
import { isRequestId, newRequestId } from './request-id.ts';

export interface ClientErrorReport {
  /** What went wrong, for the log: one line is kept (at most 300 characters), query strings are cut out. */
  message: string;
  /** The failed call's request id (ApiError / NetworkError `requestId`), when a call failed. */
  requestId?: string;
  /**
   * What failed, `<kind>:<detail>`: 'remote-load:<remote>', 'remote-crash:<remote>', 'api:<path>', 'shell:<what>'
   * (CLIENT_ERROR_KINDS). Characters outside CLIENT_ERROR_WHERE_PATTERN become '-'.
   */
  where: string;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;
/** A query string (with the session token in it, often) in a URL quoted by an error message. */
const QUERY = /\?[^\s"'<>)]*/g;

/** The message as the contract takes it: one line, no controls, no query strings, 1-300 characters. */
export function cleanReportMessage(message: string): string {
  const clean = message.replace(QUERY, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return (clean || 'Error').slice(0, CLIENT_ERROR_MESSAGE_MAX);
}

function cleanWhere(where: string): string {
  const clean = where
    .replace(QUERY, '')
    .replace(/[^A-Za-z0-9_.:/#@?=&,+-]/g, '-')
    .slice(0, CLIENT_ERROR_WHERE_MAX);
  return CLIENT_ERROR_WHERE_PATTERN.test(clean) ? clean : 'shell';
}

/**
 * Reports a failure the borrower saw to `POST /api/client-errors` (docs/observability.md): the server logs it as
 * one warn line with the id and counts it. Returns the reference to show the borrower ("Reference: <first 8>"):
 * the failed call's request id, or a fresh one that the report carries in its place (a remote that did not load
 * had no call), so support finds the line by what the borrower reads out.
 *
 * Fire and forget: sent at once (keepalive, so it survives leaving the page), never retried, never shown, never
 * reported itself; no session token goes with it.
 */
export function reportClientError(report: ClientErrorReport): string {
  const reference = isRequestId(report.requestId) ? report.requestId : newRequestId();
  const body = JSON.stringify({ message: cleanReportMessage(report.message), requestId: reference, where: cleanWhere(report.where) });
  const { fetch: customFetch, baseUrl = '' } = getConfig();
  try {
    const doFetch = customFetch ?? globalThis.fetch.bind(globalThis);
    void doFetch(`${baseUrl}${clientErrorReport.path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Request-Id': newRequestId(),
      },
      body,
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {});
  } catch {
    // No fetch at all: nothing to report with.
  }
  return reference;
}
