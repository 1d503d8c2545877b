import type { contactKfInfo } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { AnswerOf } from '../lib/endpoint.ts';
import { loadReference } from '../repositories/reference-data.ts';

/**
 * Spec 7.2 / 9: the customer-service contact. email and smWa (the service phone) come from app_settings,
 * filled at start from SUPPORT_EMAIL / SUPPORT_PHONE when missing; grievanceOfficer likewise from
 * GRIEVANCE_OFFICER_* (issue 18; services/grievance.ts). One round trip: the instance's copy of those rows checked
 * against the database's reference version, the rows themselves only after a change (repositories/reference-data.ts).
 */
export async function supportContactOf(db: Db): Promise<AnswerOf<typeof contactKfInfo>> {
  const ref = await loadReference(db);
  const contact = ref.supportContact;
  if (!contact) throw new Error('support contact rows are missing from app_settings (ensureSupportContact not run)');
  const officer = ref.grievanceOfficer;
  if (!officer) throw new Error('grievance officer rows are missing from app_settings (ensureGrievanceOfficer not run)');
  return { email: contact.email, smWa: contact.phone, grievanceOfficer: { ...officer } };
}
