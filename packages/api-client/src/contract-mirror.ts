/**
 * Run-time values of @lendview/contracts that the client needs, mirrored here so that the client (and so the
 * shell's first load, through @lendview/ui) does not load zod: @lendview/contracts defines its endpoints with
 * zod schemas, and importing any value from it brings all of zod (~90 KB gzip) into the page.
 * Only types are imported from contracts. The compiler checks the param names both ways, and a unit test
 * checks every mirrored endpoint against the contracts' own definitions (contract-mirror.test.ts).
 */
import type { SharedParamName, SuccessCode } from '@lendview/contracts';

export const SHARED_PARAM_NAMES = ['dId', 'aMar', 'aVer', 'tok', 'aTp', 'dNa', 'oVer', 'gid', 'pf'] as const satisfies readonly SharedParamName[];

// Fails to compile when contracts adds a shared parameter that the list above lacks.
type MissingParam = Exclude<SharedParamName, (typeof SHARED_PARAM_NAMES)[number]>;
const _allParams: [MissingParam] extends [never] ? true : never = true;
void _allParams;

/** What `call` needs of an endpoint definition (a contracts endpoint has it). */
export interface EndpointRef {
  method: 'GET' | 'POST';
  path: string;
  successCode: SuccessCode;
}

/** Method, path and success code of the endpoints the `api` object calls (same names as in contracts). */
export const ROUTES = {
  contactKfInfo: { method: 'POST', path: '/v3/personal-center/contact-kf-info', successCode: '00' },
  loginSendCode: { method: 'POST', path: '/v3/login/send-code', successCode: '00' },
  loginSmsLogin: { method: 'POST', path: '/v3/login/sms-login', successCode: '00' },
  loginLogout: { method: 'POST', path: '/v3/login/logout', successCode: '00' },
} as const satisfies Record<string, EndpointRef>;
