import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import * as R from './routes/ops.ts';

// Joint login with partner lenders (issue 12, item 1; docs/api.md "Partner joint login").
export { PARTNER_CODE_PARAM, PARTNER_CODE_TTL_SECONDS } from './routes/ops.ts';

/**
 * Server to server: the partner trades the code for what it may know of the borrower. Authenticated by the
 * partner's own API key (`Authorization: Bearer <key>`; a missing or unknown key answers UNAUTHORIZED 401). A
 * code issued for another partner, expired, used or unknown all answer the same 400 BAD_REQUEST ('This code is
 * not valid. Ask the borrower to open your page from the app again.'), so a partner learns nothing of others.
 */
export const partnerExchange = endpoint(R.partnerExchange, {
  request: z.object({ code: z.string().trim().min(1).max(128) }),
  response: z.object({
    /** Stable for this borrower and this partner only (HMAC with the partner's own key): not the phone, not our id. */
    partnerUserId: z.string(),
    /** The product the borrower applied to. */
    productId: z.number().int(),
    /** 138****0000: enough to greet and to check against what the borrower types, not to contact them. */
    phoneMasked: z.string(),
    /** ISO 8601: when the borrower tapped the product. */
    issuedAt: z.string(),
  }),
});
