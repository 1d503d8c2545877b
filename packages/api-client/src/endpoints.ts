import type * as C from '@lendview/contracts';
import type { Envelope, RequestOf, ResponseOf, SuccessCode } from '@lendview/contracts';
import { type EndpointRef, ROUTES } from './contract-mirror.ts';
import { ApiError } from './errors.ts';
import { type FormBody, type RequestOptions, get, isSuccess, post } from './http.ts';
import { setSharedParams } from './shared-params.ts';

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
 * Typed call from a contracts endpoint: method, path and success code come from the definition, the input and
 * the data types from its schemas (not validated on the client; the server validates). Arrays are sent
 * comma-joined, objects as JSON.
 */
export function call<E extends EndpointRef>(
  endpoint: E,
  input: RequestOf<E>,
  opts: RequestOptions = {},
): Promise<Envelope<ResponseOf<E>>> {
  return callAs<E>(endpoint, input, opts);
}

/** `call` with the endpoint's types given by name and its run-time part from the local mirror (no zod). */
function callAs<E>(endpoint: EndpointRef, input: RequestOf<E>, opts: RequestOptions = {}): Promise<Envelope<ResponseOf<E>>> {
  const options: RequestOptions = { ...opts, successCode: opts.successCode ?? endpoint.successCode };
  const form = toForm(input);
  return endpoint.method === 'GET'
    ? get<ResponseOf<E>>(endpoint.path, form, options)
    : post<ResponseOf<E>>(endpoint.path, form, options);
}

/** The data of a successful envelope; otherwise throws ApiError (its message was already reported). */
export function unwrap<T>(env: Envelope<T>, successCode: SuccessCode = '00'): T {
  if (!isSuccess(env, successCode) || env.data === null) throw new ApiError(env);
  return env.data;
}

/** Typed calls of the endpoints in @lendview/contracts. */
export const api = {
  /** Customer-service contact (spec 7.2): sends overall=30 (spec 9). */
  contactKfInfo(opts?: RequestOptions) {
    return callAs<typeof C.contactKfInfo>(ROUTES.contactKfInfo, { overall: 30 }, opts);
  },
  sendLoginCode(phone: string, opts?: RequestOptions) {
    return callAs<typeof C.loginSendCode>(ROUTES.loginSendCode, { phone }, opts);
  },
  /** On success the new session token becomes the shared `tok` of this session. */
  async smsLogin(phone: string, smsCode: string, opts?: RequestOptions) {
    const env = await callAs<typeof C.loginSmsLogin>(ROUTES.loginSmsLogin, { phone, smsCode }, opts);
    if (isSuccess(env, ROUTES.loginSmsLogin.successCode) && env.data?.tok) setSharedParams({ tok: env.data.tok });
    return env;
  },
  /** On success the session token is forgotten. */
  async logout(opts?: RequestOptions) {
    const env = await callAs<typeof C.loginLogout>(ROUTES.loginLogout, {}, opts);
    if (isSuccess(env, ROUTES.loginLogout.successCode)) setSharedParams({ tok: undefined });
    return env;
  },
};
