import type { FastifyInstance } from 'fastify';
import { contactMessageSend } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { sendContactMessage } from '../../services/contact-messages.ts';

/** `POST /api/contact-messages`: the marketing site's contact forms (public; limits per sender address). */
export default async function contactMessageRoutes(app: FastifyInstance) {
  registerEndpoint(app, contactMessageSend, {
    successMessage: 'contactSent',
    fieldMessages: {
      name: 'contactNameInvalid',
      email: 'contactEmailInvalid',
      phone: 'contactPhoneInvalid',
      message: 'contactMessageInvalid',
    },
    handler: ({ input, db, now, lang, req }) => sendContactMessage(db, { request: input, ip: req.ip, lang, now, log: req.log }),
  });
}
