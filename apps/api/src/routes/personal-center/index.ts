import type { FastifyInstance } from 'fastify';
import { contactKfInfo } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getSupportContact } from '../../repositories/settings.ts';

export default async function personalCenterRoutes(app: FastifyInstance) {
  /**
   * Spec 7.2 / 9: the customer-service contact, public (no login needed); the page sends overall=30.
   * email and smWa (the service phone) come from app_settings, filled at start from SUPPORT_EMAIL /
   * SUPPORT_PHONE when missing.
   */
  registerEndpoint(app, contactKfInfo, {
    handler: async ({ db }) => {
      const contact = await getSupportContact(db);
      if (!contact) throw new Error('support contact rows are missing from app_settings (ensureSupportContact not run)');
      return { email: contact.email, smWa: contact.phone };
    },
  });
}
