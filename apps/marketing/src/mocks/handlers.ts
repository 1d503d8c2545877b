// The marketing remote's API in the no-API dev mode (`pnpm --filter @lendview/marketing dev:mock`, MSW in the
// browser; started by src/main.tsx only in that mode). The site's pages are mostly static text; what they call
// (the support contact and grievance officer on /customerService, the contact form) is answered here in the
// contracts' shapes (typed by them). A call not listed gets a NOT_MOCKED envelope naming it.
import { envelopeHandlers, ok } from '@lendview/test-utils/mock-api';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';

const contact: ResponseOf<typeof routes.contactKfInfo> = {
  email: 'cs@lendview.co.id',
  smWa: '+62 21 5091 8080',
  grievanceOfficer: {
    name: 'Rina Hartono',
    phone: '+62 21 5091 8090',
    email: 'grievance@lendview.co.id',
    address: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta 12190',
  },
};
const received: ResponseOf<typeof routes.contactMessageSend> = { received: true };

export const handlers = envelopeHandlers({
  [routes.contactKfInfo.path]: ok(contact),
  [routes.contactMessageSend.path]: ok(received),
});
