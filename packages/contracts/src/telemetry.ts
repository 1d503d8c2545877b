import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import { formInt, hasForbiddenChars, safeText } from './fields.ts';
import * as R from './routes/telemetry.ts';

// Telemetry (issue 15 item 4; docs/observability.md). Form-encoded or JSON bodies.

export {
  REQUEST_ID_PATTERN,
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_WHERE_MAX,
  CLIENT_ERROR_WHERE_PATTERN,
  type ClientErrorKind,
} from './routes/telemetry.ts';

/**
 * A failure the borrower saw, reported by the pages. `message`: one line, 1-300 characters, no control
 * characters; `requestId`: the failed call's id (REQUEST_ID_PATTERN) when there was a call; `where`: what failed
 * (CLIENT_ERROR_WHERE_PATTERN). Too many reports from one address answer RATE_LIMITED (429).
 */
export const clientErrorReport = endpoint(R.clientErrorReport, {
  request: z.object({
    message: safeText(R.CLIENT_ERROR_MESSAGE_MAX, { min: 1 }),
    requestId: z
      .string()
      .trim()
      .regex(R.REQUEST_ID_PATTERN)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    where: z.string().trim().regex(R.CLIENT_ERROR_WHERE_PATTERN),
  }),
  response: z.object({ received: z.literal(true) }),
});

export {
  RUM_KINDS,
  RUM_BATCH_MAX,
  RUM_BODY_MAX,
  RUM_MESSAGE_MAX,
  RUM_STACK_MAX,
  RUM_TARGET_MAX,
  RUM_MS_MAX,
  RUM_CLS_MAX,
  RUM_PAGE_ID_PATTERN,
  RUM_ROUTE_PATTERN,
  RUM_PHASES,
  RUM_LOAD_STATES,
  RUM_ERROR_SOURCES,
  RUM_HEALTH_WINDOWS,
  type RumKind,
} from './routes/telemetry.ts';

// Real-user signals (issue 16 item 4). Strict: an unknown field anywhere is a 400, so nothing unplanned is stored.
const rumApp = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);
const rumVersion = z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/);
const rumRoute = z.string().regex(R.RUM_ROUTE_PATTERN);
/** No control characters but line breaks and tabs (a stack is multi-line); NUL never (PostgreSQL text refuses it). */
const rumText = (max: number, multiline = true) =>
  z
    .string()
    .max(max)
    .refine((s) => !hasForbiddenChars(s, multiline), 'contains control characters');
const ms = z.number().finite().min(0).max(R.RUM_MS_MAX);
const rumVitalDetail = z
  .object({
    target: rumText(R.RUM_TARGET_MAX, false).optional(),
    loadState: z.enum(R.RUM_LOAD_STATES).optional(),
    /** INP: what the interaction was. */
    type: z.enum(['pointer', 'keyboard']).optional(),
    phases: z.partialRecord(z.enum(R.RUM_PHASES), ms).optional(),
  })
  .strict();
const rumBase = { app: rumApp, version: rumVersion, route: rumRoute };
export const rumEvent = z.discriminatedUnion('kind', [
  z.object({ ...rumBase, kind: z.literal('view') }).strict(),
  z
    .object({
      ...rumBase,
      kind: z.literal('error'),
      detail: z
        .object({
          source: z.enum(R.RUM_ERROR_SOURCES),
          name: z
            .string()
            .max(100)
            .regex(/^[A-Za-z0-9_$.]*$/)
            .optional(),
          message: rumText(R.RUM_MESSAGE_MAX),
          stack: rumText(R.RUM_STACK_MAX).optional(),
        })
        .strict(),
    })
    .strict(),
  z.object({ ...rumBase, kind: z.literal('lcp'), value: ms, detail: rumVitalDetail.optional() }).strict(),
  z.object({ ...rumBase, kind: z.literal('inp'), value: ms, detail: rumVitalDetail.optional() }).strict(),
  z
    .object({ ...rumBase, kind: z.literal('cls'), value: z.number().finite().min(0).max(R.RUM_CLS_MAX), detail: rumVitalDetail.optional() })
    .strict(),
]);
export type RumEvent = z.infer<typeof rumEvent>;

/**
 * One batch: the page load's random id, the view id the server signed for the page (its manifest's `rumView`;
 * without it nothing counts) and 1-50 events. Answers how many count and how many do not (an unpublished version,
 * or kept apart: apps/api/src/services/rum.ts).
 */
export const rumIngest = endpoint(R.rumIngest, {
  request: z
    .object({
      pageId: z.string().regex(R.RUM_PAGE_ID_PATTERN),
      view: z.string().max(R.RUM_VIEW_ID_MAX).optional(),
      events: z.array(rumEvent).min(1).max(R.RUM_BATCH_MAX),
    })
    .strict(),
  response: z.object({ accepted: z.number().int().min(0), dropped: z.number().int().min(0) }),
});

const rumFrame = z.object({ file: z.string(), line: z.number().nullable(), column: z.number().nullable(), name: z.string().nullable() });
/** One version's numbers (apps/api/src/rum/health.ts versionHealth) and its most frequent errors. */
export const rumVersionHealth = z.object({
  app: z.string(),
  version: z.string(),
  live: z.boolean(),
  /** The share of borrowers (percent) when this version is the app's running canary, else null. */
  canary: z.number().int().nullable(),
  publishedAt: z.string(),
  views: z.number().int(),
  errors: z.number().int(),
  errorViews: z.number().int(),
  errorRate: z.number().nullable(),
  lcpP75: z.number().nullable(),
  lcpSamples: z.number().int(),
  inpP75: z.number().nullable(),
  inpSamples: z.number().int(),
  clsP75: z.number().nullable(),
  clsSamples: z.number().int(),
  topErrors: z.array(z.object({ message: z.string(), count: z.number().int(), lastAt: z.string(), frames: z.array(rumFrame) })),
});
export type RumVersionHealth = z.infer<typeof rumVersionHealth>;

/** The console's Releases page: every remote version live or heard from in the last `hours` (1-720, default 24). */
export const opsReleaseHealth = endpoint(R.opsReleaseHealth, {
  request: z.object({ hours: formInt().pipe(z.number().int().min(1).max(720)).optional() }),
  response: z.object({ since: z.string(), hours: z.number().int(), versions: z.array(rumVersionHealth) }),
});
