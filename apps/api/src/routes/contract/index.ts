import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONTRACT_VIEW_PATH,
  contractJump,
  contractList,
  contractListGet,
  contractViewQuery,
  sharedParamsSchema,
} from '@lendview/contracts';
import { langOf } from '../../i18n/lang.ts';
import { t } from '../../i18n/messages.ts';
import { ApiError } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { authenticate, identityOf } from '../../lib/identity.ts';
import { parseInput } from '../../lib/validation.ts';
import { agreementJump, agreementPageHtml, agreementTitles } from '../../services/agreements.ts';
import { renderErrorPage } from '../../services/contract-page.ts';

/** Agreements (spec 7.6): the list (public), the jump to one (borrower), and the agreement page itself. */
export default async function contractRoutes(app: FastifyInstance) {
  registerEndpoint(app, contractList, { handler: ({ input, db, lang }) => agreementTitles(db, { ...input, lang }) });
  registerEndpoint(app, contractListGet, { handler: ({ input, db, lang }) => agreementTitles(db, { ...input, lang }) });

  registerEndpoint(app, contractJump, {
    auth: true,
    handler: ({ input, db, lang, borrower }) => agreementJump(db, { borrowerId: borrower.id, request: input, lang }),
  });

  /** The agreement as an HTML page (no script); failures are small HTML pages with the envelope's status and message. */
  app.get(CONTRACT_VIEW_PATH, async (req, reply) => {
    try {
      const html = await agreementPageHtml(app.db, viewInput(app, req));
      return reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return sendErrorPage(req, reply, err);
    }
  });
}

/** The page's request: shared parameters and the query validated (a failure is an error page too). */
function viewInput(app: FastifyInstance, req: FastifyRequest) {
  const lang = langOf(req);
  const now = app.clock.now();
  parseInput(sharedParamsSchema, req.query ?? {});
  const query = parseInput(contractViewQuery, req.query ?? {});
  const rawQuery = (req.query ?? {}) as Record<string, unknown>;
  return { query, lang, now, token: identityOf(req).token, authenticate: () => authenticate(req), rawQuery };
}

function sendErrorPage(req: FastifyRequest, reply: FastifyReply, err: ApiError) {
  const lang = langOf(req);
  if (err.headers) reply.headers(err.headers);
  return reply
    .code(err.statusCode)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderErrorPage(lang, t(lang, err.messageKey, err.vars)));
}
