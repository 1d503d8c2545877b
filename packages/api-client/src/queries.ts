import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RequestOf, type Route, contactKfInfo } from '@lendview/contracts/routes';
import { type CallOptions, api, call, unwrap } from './endpoints.ts';

export interface QueryOfOptions extends Omit<CallOptions, 'signal'> {
  /**
   * What the key starts with: the remote's scope and anything that must ask again when it changes, e.g.
   * `['repayment', lang]` (server messages come back in the page language). The route's name and the input
   * follow, so one scope can invalidate all its queries by prefix.
   */
  scope?: readonly unknown[];
}

/** The query key of a route's call: [...scope, route name, input]. */
export function queryKeyOf<R extends Route>(route: R, input: RequestOf<R>, scope: readonly unknown[] = []) {
  return [...scope, route.name, input] as const;
}

/**
 * React Query options for a route's call: its key (queryKeyOf) and a queryFn that calls the route with React
 * Query's abort signal and gives the data, or rejects with ApiError (non-success code) / NetworkError. Spread it
 * into useQuery with the screen's own options: `useQuery({ ...queryOf(route, input, { scope }), staleTime: 0 })`.
 */
export function queryOf<R extends Route>(route: R, input: RequestOf<R>, opts: QueryOfOptions = {}) {
  const { scope, ...callOptions } = opts;
  return queryOptions({
    queryKey: queryKeyOf(route, input, scope),
    queryFn: async ({ signal }) =>
      unwrap(await call(route, input, { ...callOptions, signal }), callOptions.successCode ?? route.successCode),
  });
}

export const queryKeys = {
  contactInfo: ['lendview', 'contact-kf-info'] as const,
};

/** Customer-service email and phone (spec 3 Contact info); the error is an ApiError or a NetworkError. */
export function contactInfoQuery() {
  return queryOptions({
    queryKey: queryKeys.contactInfo,
    queryFn: async ({ signal }) => unwrap(await api.contactKfInfo({ signal }), contactKfInfo.successCode),
    staleTime: 5 * 60_000,
  });
}

export function useContactInfo() {
  return useQuery(contactInfoQuery());
}
