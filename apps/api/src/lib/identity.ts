import type { FastifyRequest } from 'fastify';
import { DEVICE_HEADER, TOKEN_HEADER } from '@lendview/contracts';
import { findSessionBorrower, type Borrower } from '../repositories/sessions.ts';
import { unauthorized } from './errors.ts';

/**
 * Who is calling: the session token arrives as the header X-Lv-Token or the shared query parameter `tok`
 * (the header wins when both are sent), the device id as X-Lv-Device or `dId`.
 */
export interface Identity {
  token: string | undefined;
  deviceId: string | undefined;
}

const MAX_LEN = 256;

function single(value: unknown): string | undefined {
  const v: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof v !== 'string') return undefined;
  const trimmed = v.trim();
  return trimmed === '' || trimmed.length > MAX_LEN ? undefined : trimmed;
}

export function identityOf(req: FastifyRequest): Identity {
  const query = (req.query ?? {}) as Record<string, unknown>;
  return {
    token: single(req.headers[TOKEN_HEADER]) ?? single(query.tok),
    deviceId: single(req.headers[DEVICE_HEADER]) ?? single(query.dId),
  };
}

/** The borrower of the request's session; UNAUTHORIZED (localized) when the token is missing, unknown or expired. */
export async function authenticate(req: FastifyRequest): Promise<Borrower> {
  const { token } = identityOf(req);
  if (!token) throw unauthorized();
  const borrower = await findSessionBorrower(req.server.db, token, req.server.clock.now());
  if (!borrower) throw unauthorized();
  return borrower;
}
