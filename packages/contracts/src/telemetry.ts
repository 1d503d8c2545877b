import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import { safeText } from './fields.ts';
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
