import { z } from 'zod';
import type { SuccessCode } from './envelope.ts';
import { formInt } from './fields.ts';

/**
 * One entry per endpoint: method, path, the success code of spec 8, the request schema (form fields or
 * query) and the schema of `data` in the envelope. The API registers routes from these and the
 * api-client builds its typed calls from them.
 */
export interface Endpoint<Req extends z.ZodType, Res extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  successCode: SuccessCode;
  request: Req;
  response: Res;
}

export type AnyEndpoint = Endpoint<z.ZodType, z.ZodType>;

/** Declare an endpoint. The API registers it with `registerEndpoint` (apps/api/src/lib/endpoint.ts). */
export const endpoint = <Req extends z.ZodType, Res extends z.ZodType>(e: Endpoint<Req, Res>) => e;

/** Phone of spec 5 / 9: 1, then 3-9, then 9 digits. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const phoneSchema = z.string().regex(PHONE_PATTERN);

export const contactKfInfo = endpoint({
  method: 'POST',
  path: '/v3/personal-center/contact-kf-info',
  successCode: '00',
  // Spec 9: the call sends overall=30.
  request: z.object({ overall: formInt().refine((n) => n === 30, 'overall must be 30') }),
  response: z.object({ email: z.string(), smWa: z.string() }),
});

/**
 * Login by SMS code. Only registered borrowers get a code, but the answer is the same for every well-formed
 * phone (no account enumeration): `sent` means "request accepted", `resendAfter` is the countdown in
 * seconds (spec 4.4 / 9: 60) before another code may be asked for this phone.
 */
export const loginSendCode = endpoint({
  method: 'POST',
  path: '/v3/login/send-code',
  successCode: '00',
  request: z.object({ phone: phoneSchema }),
  response: z.object({ sent: z.boolean(), resendAfter: z.number().int() }),
});

export const loginSmsLogin = endpoint({
  method: 'POST',
  path: '/v3/login/sms-login',
  successCode: '00',
  request: z.object({ phone: phoneSchema, smsCode: z.string().regex(/^\d{6}$/) }),
  response: z.object({ tok: z.string() }),
});

export const loginLogout = endpoint({
  method: 'POST',
  path: '/v3/login/logout',
  successCode: '00',
  request: z.object({}),
  response: z.object({ loggedOut: z.boolean() }),
});

/**
 * Demo mode only (404 otherwise): the latest SMS written to the outbox for a phone, newest first, so tests
 * and people trying the demo can read the code.
 */
export const devSmsOutbox = endpoint({
  method: 'GET',
  path: '/dev/sms-outbox',
  successCode: '00',
  request: z.object({ phone: phoneSchema }),
  response: z.object({
    messages: z.array(
      z.object({ id: z.number().int(), phone: z.string(), body: z.string(), purpose: z.string(), createdAt: z.string() }),
    ),
  }),
});

/** Liveness and database check, for load balancers and the start script. */
export const healthz = endpoint({
  method: 'GET',
  path: '/healthz',
  successCode: '00',
  request: z.object({}),
  response: z.object({ status: z.literal('ok'), db: z.literal('ok') }),
});

export type RequestOf<E> = E extends Endpoint<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer Res> ? z.output<Res> : never;
