import type { Envelope, RequestOf, ResponseOf, Route, SuccessCode } from '@lendview/contracts/routes';
import { CONTACT_KF_OVERALL, contactKfInfo, loginLogout, loginSendCode, loginSmsLogin } from '@lendview/contracts/routes';
import { ApiError } from './errors.ts';
import { type FormBody, type RequestOptions, type UploadOptions, get, isSuccess, post, postJsonEnvelope, upload } from './http.ts';
import { answeredWrite, idempotencyKeyFor } from './idempotency.ts';
import { setSharedParams } from './shared-params.ts';

export interface CallOptions extends RequestOptions {
  /** Send the input as a JSON body instead of form fields (the operator API's nested template config). */
  json?: boolean;
}

function formValue(v: unknown): FormBody[string] {
  if (v === undefined || v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map((x) => String(x)).join(',');
  return JSON.stringify(v);
}

function toForm(input: unknown): FormBody {
  const out: FormBody = {};
  if (input && typeof input === 'object') for (const [k, v] of Object.entries(input)) out[k] = formValue(v);
  return out;
}

/**
 * The one typed call: method, path and success code come from the route (@lendview/contracts/routes), the input
 * and data types from its zod contract (types only: nothing is validated here; the server validates the input
 * and checks `data` against the response schema before answering). POST sends form fields (arrays comma-joined,
 * objects as JSON) or, with `json`, a JSON body; GET sends the input in the query. Also takes a contract
 * endpoint itself (it carries the same route fields).
 */
export async function call<R extends Route>(route: R, input: RequestOf<R>, opts: CallOptions = {}): Promise<Envelope<ResponseOf<R>>> {
  const { json, ...rest } = opts;
  const options: RequestOptions = { ...rest, successCode: rest.successCode ?? route.successCode };
  if (route.method === 'GET') return (await get(route.path, toForm(input), options)) as Envelope<ResponseOf<R>>;
  const body = json ? JSON.stringify(input) : JSON.stringify(toForm(input));
  if (route.idempotent) {
    // A money or loan write: the copies of one tap share a key until an answer arrives (idempotency.ts).
    options.headers = { 'Idempotency-Key': idempotencyKeyFor(route.path, body), ...options.headers };
  }
  const env = json ? await postJsonEnvelope(route.path, input, options) : await post(route.path, toForm(input), options);
  if (route.idempotent) answeredWrite(route.path, body);
  // The server answers `data` of this shape (registerEndpoint checks it against the contract's response schema).
  return env as Envelope<ResponseOf<R>>;
}

/** Multipart upload to a route (XMLHttpRequest, for progress): the data typed by its contract like `call`. */
export async function uploadTo<R extends Route>(route: R, formData: FormData, opts: UploadOptions = {}): Promise<Envelope<ResponseOf<R>>> {
  const env = await upload(route.path, formData, { ...opts, successCode: opts.successCode ?? route.successCode });
  return env as Envelope<ResponseOf<R>>;
}

/** The data of a successful envelope; otherwise throws ApiError (its message was already reported). */
export function unwrap<T>(env: Envelope<T>, successCode: SuccessCode = '00'): T {
  if (!isSuccess(env, successCode) || env.data === null) throw new ApiError(env);
  return env.data;
}

/** Calls every remote needs (customer-service contact, SMS login), with what they change in the session. */
export const api = {
  /** Customer-service contact (spec 7.2): sends overall=30 (spec 9). */
  contactKfInfo(opts?: RequestOptions) {
    return call(contactKfInfo, { overall: CONTACT_KF_OVERALL }, opts);
  },
  sendLoginCode(phone: string, opts?: RequestOptions) {
    return call(loginSendCode, { phone }, opts);
  },
  /** On success the new session token becomes the shared `tok` of this session. */
  async smsLogin(phone: string, smsCode: string, opts?: RequestOptions) {
    const env = await call(loginSmsLogin, { phone, smsCode }, opts);
    if (isSuccess(env, loginSmsLogin.successCode) && env.data?.tok) setSharedParams({ tok: env.data.tok });
    return env;
  },
  /** On success the session token is forgotten. */
  async logout(opts?: RequestOptions) {
    const env = await call(loginLogout, {}, opts);
    if (isSuccess(env, loginLogout.successCode)) setSharedParams({ tok: undefined });
    return env;
  },
};
