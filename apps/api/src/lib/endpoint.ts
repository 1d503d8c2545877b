import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sharedParamsSchema, type AnyEndpoint, type SharedParams } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import { langOf } from '../i18n/lang.ts';
import { t, type Lang, type MessageKey } from '../i18n/messages.ts';
import type { Borrower } from '../repositories/sessions.ts';
import { envelope } from './envelope.ts';
import { authenticate, identityOf, type Identity } from './identity.ts';
import { idempotencyKeyOf, requestHashOf, runIdempotent } from './idempotency.ts';
import { parseInput, type FieldMessages } from './validation.ts';

/** The parsed request of an endpoint: what a service called by its handler receives. */
export type InputOf<E extends AnyEndpoint> = z.output<E['request']>;
/** `data` of an endpoint's success envelope: what a service called by its handler answers. */
export type AnswerOf<E extends AnyEndpoint> = z.input<E['response']>;

/** A service's answer whose success message depends on the outcome: the handler passes `message` to setSuccessMessage. */
export interface WithMessage<T> {
  message: MessageKey;
  vars?: Record<string, string | number>;
  data: T;
}

export interface EndpointContext<E extends AnyEndpoint, Auth extends boolean> {
  /** The request fields, parsed by the endpoint's request schema (POST: the body; GET: the query). */
  input: z.output<E['request']>;
  /** Shared parameters of spec 3 / 7.1 from the query (dId, aMar, aVer, tok, ...), validated. */
  shared: SharedParams;
  identity: Identity;
  /** The logged-in borrower when `auth: true`; null otherwise. Scope every query of borrower data to it. */
  borrower: Auth extends true ? Borrower : null;
  lang: Lang;
  /** The app clock's now, read once per request. */
  now: Date;
  db: Db;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Replaces the success envelope's message for this answer (default: the endpoint's successMessage). */
  // A property, not a method: handlers destructure it from the context.
  setSuccessMessage: (key: MessageKey, vars?: Record<string, string | number>) => void;
}

export interface EndpointOptions<E extends AnyEndpoint, Auth extends boolean> {
  /**
   * true: borrower route; an unknown or expired session answers UNAUTHORIZED before anything else. A borrower
   * route whose contract is `idempotent` answers the copies of one Idempotency-Key once (lib/idempotency.ts).
   */
  auth?: Auth;
  /** Field → message key used when that field is missing or invalid (default: fieldMissing / fieldInvalid). */
  fieldMessages?: FieldMessages;
  /** Message of the success envelope (default 'ok'). */
  successMessage?: MessageKey;
  /** Returns `data` of the envelope; throw ApiError (lib/errors.ts) for a failure envelope. */
  handler: (ctx: EndpointContext<E, Auth>) => Promise<z.input<E['response']>>;
}

/**
 * Registers a route from an `endpoint({...})` definition of @lendview/contracts:
 * identify (auth) → validate shared params and input → handler → check `data` against the response schema →
 * envelope `{ code: successCode, data, message }`. Failures are thrown and become envelopes in the central
 * error handler (plugins/app/errors.ts). Adding an endpoint is: declare it in contracts, then
 *
 *   registerEndpoint(app, myEndpoint, { auth: true, handler: async ({ input, borrower, db }) => ({ ... }) });
 */
export function registerEndpoint<E extends AnyEndpoint, Auth extends boolean = false>(
  app: FastifyInstance,
  ep: E,
  options: EndpointOptions<E, Auth>,
): void {
  app.route({
    method: ep.method,
    url: ep.path,
    handler: async (req, reply) => {
      const lang = langOf(req);
      const borrower = options.auth ? await authenticate(req) : null;
      const shared = parseInput(sharedParamsSchema, req.query ?? {});
      const raw = ep.method === 'GET' ? (req.query ?? {}) : (req.body ?? {});
      const input = parseInput(ep.request, raw, options.fieldMessages) as z.output<E['request']>;
      let message: { key: MessageKey; vars?: Record<string, string | number> } = { key: options.successMessage ?? 'ok' };
      const now = app.clock.now();
      const ctx = {
        input,
        shared,
        identity: identityOf(req),
        borrower,
        lang,
        now,
        db: app.db,
        req,
        reply,
        setSuccessMessage: (key: MessageKey, vars?: Record<string, string | number>) => {
          message = { key, vars };
        },
      } as EndpointContext<E, Auth>;
      const answer = async () => {
        const result = await options.handler(ctx);
        const data = ep.response.safeParse(result);
        if (!data.success) {
          // The handler broke the contract: a server bug, never the caller's fault.
          throw new Error(`Response of ${ep.method} ${ep.path} does not match its contract: ${data.error.message}`);
        }
        return envelope(ep.successCode, data.data, t(lang, message.key, message.vars));
      };
      // API answers carry borrower data: never cached by the browser, the web view or a proxy.
      reply.header('cache-control', 'no-store');
      const key = ep.idempotent && borrower ? idempotencyKeyOf(req) : null;
      if (!key || !borrower) return answer();
      const id = { borrowerId: borrower.id, route: ep.name, key, requestHash: requestHashOf(input), now };
      const { replayed, answer: sent } = await runIdempotent(app.db, id, answer);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return sent;
    },
  });
}
