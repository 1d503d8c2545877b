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

// Real-user signals (issue 16 item 4; docs/releasing.md "Real-user signals"): what borrowers' browsers measured
// and hit, per remote version.

/** What one event is: a page view of a remote, an uncaught error in it, or a web-vitals metric. */
export const RUM_KINDS = ['view', 'error', 'lcp', 'inp', 'cls'] as const;
export type RumKind = (typeof RUM_KINDS)[number];
/** Events in one batch (one sendBeacon). */
export const RUM_BATCH_MAX = 50;
/** Bytes of one batch; a bigger body is refused (413) before it is parsed. */
export const RUM_BODY_MAX = 128 * 1024;
/** Bounds of the error text kept: the message and the raw stack. */
export const RUM_MESSAGE_MAX = 500;
export const RUM_STACK_MAX = 8000;
/** A CSS selector of web-vitals attribution (tag names, ids, classes: never text content). */
export const RUM_TARGET_MAX = 200;
/** LCP / INP / phases in ms: at most 10 minutes; CLS unitless, at most 100. */
export const RUM_MS_MAX = 600_000;
export const RUM_CLS_MAX = 100;
/** A random id of one page load (the browser makes it; no device id, no session). */
export const RUM_PAGE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** A signed view id (apps/api/src/rum/view-id.ts): its nonce, expiry and the page's remote versions, with an HMAC. */
export const RUM_VIEW_ID_MAX = 4096;
/** The top-level route a remote rendered: a path only, never a query string or fragment. */
export const RUM_ROUTE_PATTERN = /^\/[A-Za-z0-9_./-]{0,199}$/;
/** web-vitals attribution phases (ms) kept, by their web-vitals names. */
export const RUM_PHASES = [
  'timeToFirstByte',
  'resourceLoadDelay',
  'resourceLoadDuration',
  'elementRenderDelay',
  'inputDelay',
  'processingDuration',
  'presentationDelay',
  'largestShiftTime',
  'largestShiftValue',
] as const;
export const RUM_LOAD_STATES = ['loading', 'dom-interactive', 'dom-content-loaded', 'complete'] as const;
export const RUM_ERROR_SOURCES = ['error', 'rejection', 'boundary'] as const;

/**
 * POST /api/rum (public, no session): a batch of real-user events of one page load, sent with
 * navigator.sendBeacon (a text/plain body holding JSON) or fetch keepalive. Events of an app/version that is not
 * a published version are dropped and counted; capped per client address.
 */
export const rumIngest = route('rumIngest', 'POST', '/api/rum');

/** Windows the console's Releases page offers, in hours (the API takes any 1-720). */
export const RUM_HEALTH_WINDOWS = [1, 24, 168, 720] as const;

/**
 * GET /ops/api/console/releases (support operator session): each remote version that is live or reported real-user
 * signals in the last `hours` (default 24): views, error rate, LCP / INP / CLS p75, and its most frequent errors
 * with symbolicated frames.
 */
export const opsReleaseHealth = route('opsReleaseHealth', 'GET', '/ops/api/console/releases');
