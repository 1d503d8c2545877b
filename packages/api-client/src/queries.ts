import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './endpoints.ts';

export const queryKeys = {
  contactInfo: ['lendview', 'contact-kf-info'] as const,
};

/** Customer-service email and phone (spec 3 Contact info); the error is an ApiError or a NetworkError. */
export function contactInfoQuery() {
  return queryOptions({
    queryKey: queryKeys.contactInfo,
    queryFn: async ({ signal }) => unwrap(await api.contactKfInfo({ signal })),
    staleTime: 5 * 60_000,
  });
}

export function useContactInfo() {
  return useQuery(contactInfoQuery());
}
