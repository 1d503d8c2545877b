import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@lendview/contracts';
import { ApiError } from '../../lib/errors.ts';
import { sendApiError, sendFailure, sendNotFound } from '../../lib/envelope.ts';
import { safeError, sensitiveValuesOf } from '../../lib/log-redaction.ts';
import { isNonPagePath, isPageRoute, pathnameOf } from '../../lib/paths.ts';

/**
 * The central error handler and the 404 handler. Every failure leaves as an envelope
 * `{ code, data: null, message }` in the request's language with a fitting HTTP status; stack traces only
 * go to the log. Unknown GET page routes (Accept: text/html, not an API or asset path, no file extension)
 * answer the shell's index.html so that client-side routes like /Policy or /loanDetails load.
 */
export function toApiError(err: FastifyError | Error): ApiError | null {
  if (err instanceof ApiError) return err;
  const e = err as FastifyError;
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(ErrorCode.tooLarge, 'bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(ErrorCode.badRequest, 'unsupportedMediaType', undefined, { status: 415 });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(ErrorCode.badRequest, 'badJson');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(ErrorCode.badRequest, 'badBody');
  }
  const dataError = databaseDataError(err);
  if (dataError) return dataError;
  const status = e.statusCode;
  if (status === 413) return new ApiError(ErrorCode.tooLarge, 'bodyTooLarge');
  // 403 comes from the static file server (a directory, a dotfile): answered like anything else not there.
  if (status === 404 || status === 403) return new ApiError(ErrorCode.notFound, 'notFound');
  if (status === 401) return new ApiError(ErrorCode.unauthorized, 'unauthorized');
  if (status === 429) return new ApiError(ErrorCode.rateLimited, 'tooManyRequests', { seconds: 60 });
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(ErrorCode.badRequest, 'badRequest', undefined, { status });
  }
  return null;
}

export function handleError(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(err);
  if (apiError) {
    if (!(err instanceof ApiError)) {
      // A body parser's message may quote the body it failed on (JSON.parse does): its code says enough.
      const code = (err as FastifyError).code;
      const message = typeof code === 'string' && code.startsWith('FST_ERR_CTP_') ? undefined : err.message;
      req.log.info({ err: safeError({ code, message }, sensitiveValuesOf(req.body)) }, 'rejected');
    }
    return sendApiError(req, reply, apiError);
  }
  // Shaped by lib/log-redaction.ts: no SQL parameters, no row values, and none of this request's secret fields
  // even where a driver or provider quotes them in its message.
  req.log.error({ err: safeError(err, sensitiveValuesOf(req.body)) }, 'unhandled error');
  return sendFailure(req, reply, ErrorCode.server, 'serverError');
}

/**
 * What an unmatched request gets (issue 12 item 11):
 * - 'page': a page route (ARCHITECTURE.md, the shell's, or one a published remote declares) → the shell, 200;
 * - 'missing-page': a page-like path nobody declares, asked for by a browser (Accept names text/html) → the
 *   shell with status 404, which renders the localized "page not found" screen;
 * - 'envelope': everything else (API and asset prefixes, probe-like paths, file extensions, other methods,
 *   clients that do not ask for HTML) → the 404 envelope.
 */
async function pageAnswer(
  req: FastifyRequest,
  manifestRoutes: () => Promise<readonly string[]>,
): Promise<'page' | 'missing-page' | 'envelope'> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return 'envelope';
  // Browsers navigate with text/html; curl, link checkers and crawlers send */* or nothing. Only a client
  // that asks for something else (application/json) gets the 404 envelope instead of the page.
  const accept = req.headers.accept;
  const asksHtml = typeof accept === 'string' && accept.includes('text/html');
  if (typeof accept === 'string' && accept.trim() !== '' && !asksHtml && !accept.includes('*/*')) return 'envelope';
  const pathname = pathnameOf(req.url);
  if (isNonPagePath(pathname)) return 'envelope';
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return 'envelope';
  if (isPageRoute(pathname, []) || isPageRoute(pathname, await manifestRoutes())) return 'page';
  return asksHtml ? 'missing-page' : 'envelope';
}

/** The live shell's index.html (never cached: it names the current hashed assets), or a 404 envelope if no shell is live. */
export async function sendShellIndex(req: FastifyRequest, reply: FastifyReply, status = 200) {
  // Server-rendered when it can be (issue 14, src/ssr/page.ts; set up by routes/static).
  const pages = req.server.pages.renderer;
  if (pages && (await pages.send(req, reply, status))) return reply;
  const html = await req.server.releases.shellIndex();
  if (!html) return sendFailure(req, reply, ErrorCode.notFound, 'shellMissing');
  return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

export default fp(
  async (app) => {
    app.setErrorHandler(handleError);

    app.setNotFoundHandler(async (req, reply) => {
      // The routes the live remotes declare (src/releases/serving.ts), read from the database when needed: a release
      // that adds or drops a route takes effect on every instance at once.
      const answer = await pageAnswer(req, () =>
        app.releases.pageRoutes().catch((err: unknown) => {
          req.log.error({ err: safeError(err) }, 'live routes unreadable');
          return [];
        }),
      );
      if (answer === 'envelope') return sendNotFound(req, reply);
      return sendShellIndex(req, reply, answer === 'page' ? 200 : 404);
    });
  },
  { name: 'errors' },
);

/**
 * Safety net (issue 12 item 5): a value the database refuses as data (SQLSTATE class 22: 22P05 untranslatable
 * character, 22021 bad byte sequence such as NUL, 22003 numeric out of range, 22P02 invalid text for a type,
 * 22001 too long, 22008 bad datetime ...) came from the request, so it is a 400 envelope, never a 500. Input
 * validation (packages/contracts fields.ts, lib/validation.ts) refuses these first; this catches what a schema
 * missed. Both drivers (pg, PGlite) put the SQLSTATE in `code`; Fastify's own codes start with FST_.
 */
export function databaseDataError(err: unknown): ApiError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null;
  return new ApiError(ErrorCode.badRequest, 'badRequest');
}
