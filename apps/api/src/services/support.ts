import type { contactKfInfo } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { AnswerOf } from '../lib/endpoint.ts';
import { getSupportContact } from '../repositories/settings.ts';
import { grievanceOfficerOf } from './grievance.ts';

/**
 * Spec 7.2 / 9: the customer-service contact. email and smWa (the service phone) come from app_settings,
 * filled at start from SUPPORT_EMAIL / SUPPORT_PHONE when missing; grievanceOfficer likewise from
 * GRIEVANCE_OFFICER_* (issue 18; services/grievance.ts).
 */
export async function supportContactOf(db: Db): Promise<AnswerOf<typeof contactKfInfo>> {
  const contact = await getSupportContact(db);
  if (!contact) throw new Error('support contact rows are missing from app_settings (ensureSupportContact not run)');
  return { email: contact.email, smWa: contact.phone, grievanceOfficer: await grievanceOfficerOf(db) };
}
