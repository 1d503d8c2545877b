import { route } from './route.ts';

// Telemetry (issue 15 item 4; docs/observability.md): request ids and the browser's error reports.

/**
 * A request id as the API takes it from `x-request-id` (apps/api/src/app.ts genReqId; anything else is replaced
 * by a fresh UUID). The api-client sends a fresh one on every call, and a report names the failed call's id.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** Bounds of a client error report: the error's message (single line, at most) and where it happened. */
export const CLIENT_ERROR_MESSAGE_MAX = 300;
export const CLIENT_ERROR_WHERE_MAX = 120;

/**
 * 'route-conflict:<route>': the shell rendered a route several live remotes claim (issue 16, route ownership).
 * `where` is `<kind>:<detail>` (or just the kind): what failed, e.g. 'remote-load:loan-details',
 * 'remote-crash:repayment', 'api:/v3/loan-details/detail'. The kind is the label of the client error counter in
 * /metrics (an unknown kind counts as 'other'); the detail is only logged.
 */
export const CLIENT_ERROR_KINDS = ['remote-load', 'remote-crash', 'api', 'shell', 'route-conflict'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** Letters, digits and `_ . : / - # @ ? = & , +`: a remote name, a route path, a component name. No spaces, no controls. */
export const CLIENT_ERROR_WHERE_PATTERN = /^[A-Za-z0-9_.:/#@?=&,+-]{1,120}$/;

/**
 * POST /api/client-errors (public, no session needed): the pages report a failure the borrower saw (a remote that
 * did not load or crashed; an API call answered 5xx or not at all), with the request id of the failed call.
 * Logged as one warn line (`client error reported`) and counted; capped per client address.
 */
export const clientErrorReport = route('clientErrorReport', 'POST', '/api/client-errors');
