import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';

export type GrievanceOfficer = ResponseOf<typeof routes.contactKfInfo>['grievanceOfficer'];

/**
 * The customer-service contact (spec 7.2, overall=30), read here for its grievance officer (issue 18). Public, the
 * same for every borrower and language. Silent: a failure only leaves the officer's card out, never a toast over
 * the complaint screen the borrower came for.
 */
export function useGrievanceOfficer() {
  return useQuery({
    ...queryOf(routes.contactKfInfo, { overall: routes.CONTACT_KF_OVERALL }, { scope: ['complaint'], silent: true }),
    staleTime: 5 * 60_000,
    select: (data) => data.grievanceOfficer,
  });
}
