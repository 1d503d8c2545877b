/**
 * What the client needs of an endpoint at run time: its name (the export name of its zod contract in
 * @lendview/contracts), method, path and the success code of spec 8. Kept free of zod: every module under
 * src/routes/ imports nothing but other modules of this folder (routes.test.ts checks), so a page that imports
 * `@lendview/contracts/routes` never downloads zod. The zod contracts add the request and response schemas to
 * these objects (endpoint() in src/endpoints.ts), so a path is written once, here.
 */

/** Spec 8: '00' for most calls, 0 for registration and the shared helper. */
export type SuccessCode = '00' | 0;
export type Method = 'GET' | 'POST';

export interface Route<Name extends string = string> {
  readonly name: Name;
  readonly method: Method;
  readonly path: string;
  readonly successCode: SuccessCode;
  /**
   * A borrower's money or loan write (issue 40 item 1): the API client sends an Idempotency-Key, the same for the
   * copies of one tap, and the API answers them all with the first one's answer (docs/api.md "Idempotent writes").
   */
  readonly idempotent?: true;
}

/** A route; `name` must be the export name of its contract (routes.test.ts checks every one). */
/* @__NO_SIDE_EFFECTS__ */
export function route<const Name extends string, const M extends Method, const P extends string, const S extends SuccessCode = '00'>(
  name: Name,
  method: M,
  path: P,
  successCode: S = '00' as S,
  options: { idempotent?: true } = {},
): { readonly name: Name; readonly method: M; readonly path: P; readonly successCode: S; readonly idempotent?: true } {
  return options.idempotent ? { name, method, path, successCode, idempotent: true } : { name, method, path, successCode };
}

/** The options of a borrower's money or loan write (Route.idempotent). */
export const IDEMPOTENT = { idempotent: true } as const;
