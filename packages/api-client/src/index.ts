// Request conventions (spec 7.1), envelope handling (spec 8), typed endpoint calls and React Query helpers.
// No UI here: messages and loading go out through the callbacks of configureApiClient.
export type { Envelope, SharedParams, SuccessCode } from '@lendview/contracts/routes';
export { type ApiClientConfig, DEFAULT_TIMEOUT_MS, configureApiClient, resetApiClient } from './config.ts';
export { ApiError, NetworkError, type NetworkErrorKind, isApiError, isNetworkError } from './errors.ts';
export { type ClientErrorReport, reportClientError } from './client-errors.ts';
export { isRequestId, newRequestId, requestIdOf, shortReference } from './request-id.ts';
export {
  type FormBody,
  type FormValue,
  type RequestOptions,
  type UploadOptions,
  buildUrl,
  get,
  isSuccess,
  post,
  postJson,
  requestHeaders,
} from './http.ts';
export {
  SHARED_PARAMS_STORAGE_KEY,
  captureSharedParams,
  getSharedParams,
  reloadSharedParams,
  setSharedParams,
  withSharedParams,
} from './shared-params.ts';
export { type CallOptions, api, call, unwrap, uploadTo } from './endpoints.ts';
export { buildOutboundUrl, externalUrl, isSameOrigin, navigateOutbound, outboundNav } from './outbound.ts';
export { type QueryOfOptions, contactInfoQuery, queryKeyOf, queryKeys, queryOf, useContactInfo } from './queries.ts';
