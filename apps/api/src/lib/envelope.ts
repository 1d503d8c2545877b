import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type Envelope } from '@lendview/contracts';
import { langOf } from '../i18n/lang.ts';
import { t, type MessageKey, type MessageVars } from '../i18n/messages.ts';
import { ApiError } from './errors.ts';

export function envelope<T>(code: string | number, data: T | null, message: string): Envelope<T> {
  return { code, data, message };
}

/** Sends an ApiError as a failure envelope in the request's language. */
export function sendApiError(req: FastifyRequest, reply: FastifyReply, err: ApiError) {
  if (err.headers) reply.headers(err.headers);
  return reply
    .header('cache-control', 'no-store')
    .code(err.statusCode)
    .type('application/json; charset=utf-8')
    .send(envelope(err.code, null, t(langOf(req), err.messageKey, err.vars)));
}

export function sendFailure(
  req: FastifyRequest,
  reply: FastifyReply,
  code: string | number,
  key: MessageKey,
  options: { status?: number; vars?: MessageVars } = {},
) {
  return sendApiError(req, reply, new ApiError(code, key, options.vars, { status: options.status }));
}

export const sendNotFound = (req: FastifyRequest, reply: FastifyReply) => sendFailure(req, reply, ErrorCode.notFound, 'notFound');
