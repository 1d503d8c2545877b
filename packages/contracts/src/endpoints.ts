import { z } from 'zod';
import type { Route } from './routes/route.ts';
import * as R from './routes/session.ts';
import { formInt } from './fields.ts';

/**
 * One entry per endpoint: the route of src/routes/ (name, method, path, the success code of spec 8) with the
 * request schema (form fields or query) and the schema of `data` in the envelope. The API registers routes from
 * these; the pages call through the routes and take their types from here (`import type` only).
 */
export type Endpoint<Req extends z.ZodType, Res extends z.ZodType, R extends Route = Route> = R & {
  readonly request: Req;
  readonly response: Res;
};

export type AnyEndpoint = Endpoint<z.ZodType, z.ZodType>;

/**
 * Declare the contract of a route. The API registers it with `registerEndpoint` (apps/api/src/lib/endpoint.ts).
 * The one-argument form declares an endpoint that has no route in src/routes/ (a test's own endpoint); every
 * endpoint this package exports has one (routes.test.ts).
 */
export function endpoint<R extends Route, Req extends z.ZodType, Res extends z.ZodType>(
  r: R,
  schemas: { request: Req; response: Res },
): Endpoint<Req, Res, R>;
export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  e: Omit<Route, 'name'> & { name?: string; request: Req; response: Res },
): Endpoint<Req, Res>;
export function endpoint(r: Omit<Route, 'name'> & { name?: string }, schemas?: { request: z.ZodType; response: z.ZodType }): AnyEndpoint {
  if (schemas) return { ...(r as Route), request: schemas.request, response: schemas.response };
  const e = r as Omit<AnyEndpoint, 'name'> & { name?: string };
  return { ...e, name: e.name ?? e.path };
}

export { CONTACT_KF_OVERALL, PHONE_PATTERN } from './routes/session.ts';
export type { EndpointOf, RequestOf, ResponseOf } from './routes/types.ts';
export const phoneSchema = z.string().regex(R.PHONE_PATTERN);

/**
 * The grievance officer a borrower may write to before going to the regulator (docs/compliance.md "Grievance
 * redressal and escalation"): app_settings grievance_officer_*, the same on every screen and on the KFS.
 */
export const grievanceOfficer = z.object({ name: z.string(), phone: z.string(), email: z.string(), address: z.string() });
export type GrievanceOfficer = z.infer<typeof grievanceOfficer>;

export const contactKfInfo = endpoint(R.contactKfInfo, {
  // Spec 9: the call sends overall=30.
  request: z.object({ overall: formInt().refine((n) => n === R.CONTACT_KF_OVERALL, 'overall must be 30') }),
  /** email and smWa as spec 7.2; grievanceOfficer added (issue 18): shown on /customerService and the complaint screens. */
  response: z.object({ email: z.string(), smWa: z.string(), grievanceOfficer }),
});

/**
 * Login by SMS code. Only registered borrowers get a code, but the answer is the same for every well-formed
 * phone (no account enumeration): `sent` means "request accepted", `resendAfter` is the countdown in
 * seconds (spec 4.4 / 9: 60) before another code may be asked for this phone.
 */
export const loginSendCode = endpoint(R.loginSendCode, {
  request: z.object({ phone: phoneSchema }),
  response: z.object({ sent: z.boolean(), resendAfter: z.number().int() }),
});

export const loginSmsLogin = endpoint(R.loginSmsLogin, {
  request: z.object({ phone: phoneSchema, smsCode: z.string().regex(/^\d{6}$/) }),
  response: z.object({ tok: z.string() }),
});

export const loginLogout = endpoint(R.loginLogout, {
  request: z.object({}),
  response: z.object({ loggedOut: z.boolean() }),
});

/**
 * Demo mode only (404 otherwise): the latest SMS written to the outbox for a phone, newest first, so tests
 * and people trying the demo can read the code.
 */
export const devSmsOutbox = endpoint(R.devSmsOutbox, {
  request: z.object({ phone: phoneSchema }),
  response: z.object({
    messages: z.array(z.object({ id: z.number().int(), phone: z.string(), body: z.string(), purpose: z.string(), createdAt: z.string() })),
  }),
});

/** Liveness and database check, for load balancers and the start script. */
export const healthz = endpoint(R.healthz, {
  request: z.object({}),
  response: z.object({ status: z.literal('ok'), db: z.literal('ok') }),
});
