import type { FastifyRequest } from 'fastify';
import { ErrorCode, type OpsRole } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import { findSessionOperator, type Operator } from '../repositories/operators.ts';
import { ApiError } from './errors.ts';

export type { Operator } from '../repositories/operators.ts';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,128})\s*$/i;

/** The token of `Authorization: Bearer <token>`, or undefined. Operators never use the borrower's `tok`. */
export function operatorToken(req: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return BEARER.exec(header)?.[1];
}

export const operatorUnauthorized = () => new ApiError(ErrorCode.unauthorized, 'opsUnauthorized');
export const operatorForbidden = () => new ApiError(ErrorCode.forbidden, 'opsForbidden');

/**
 * Guard of every /ops/api/* endpoint (contracts/src/ops.ts): the operator of the request's bearer token.
 * Throws UNAUTHORIZED (HTTP 401) for a missing, unknown or expired token or a disabled operator, and FORBIDDEN
 * (HTTP 403) when `role` is given and the operator has another role. Without `role` any operator passes
 * (logout, me).
 *
 *   const operator = await requireOperator(req, db, 'marketing');
 */
export async function requireOperator(req: FastifyRequest, db: Queryable, role?: OpsRole): Promise<Operator> {
  const token = operatorToken(req);
  if (!token) throw operatorUnauthorized();
  const operator = await findSessionOperator(db, token, req.server.clock.now());
  if (!operator) throw operatorUnauthorized();
  if (role && operator.role !== role) throw operatorForbidden();
  return operator;
}
