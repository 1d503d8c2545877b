import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import * as R from './routes/repayment.ts';
import { formInt } from './fields.ts';
import { bankCard, bindCard } from './repayment.ts';

export { CARD_VERIFY } from './routes/repayment.ts';

// Card binding with verification (issue 11 item 7; docs/repayment.md "Card binding"). A card bound on /bindCard
// is only listed by repayment-way and accepted by repayment-commit once the SMS code sent to the borrower's phone
// was confirmed with bind-card-verify.

const cardId = formInt().pipe(z.number().int().positive());

/**
 * POST bind-card. The request is `bindCard`'s of repayment.ts (bankCode, cardNo 10-19 digits as typed,
 * holderName); the answer replaced that endpoint's bare card: a new (or not yet verified) card answers
 * `needVerify: true` and an SMS code was sent (`resendAfter` seconds before another may be asked); a card the
 * borrower already bound and verified answers `needVerify: false` and nothing is sent.
 */
export const bindCardStart = endpoint(R.bindCardStart, {
  request: bindCard.request,
  response: z.object({
    cardId: z.number().int(),
    needVerify: z.boolean(),
    /** Seconds before bind-card-send-code may send another code (0 when nothing was sent). */
    resendAfter: z.number().int().min(0),
    card: bankCard,
  }),
});

/**
 * POST bind-card-verify: the code of the SMS. Right → the card is usable (`card`). Wrong → 800006 with the tries
 * left (counted per borrower, across cards and resends); the 5th wrong code locks binding (RATE_LIMITED with the
 * minutes). A card verified already → CONFLICT; an expired code → BAD_REQUEST; another borrower's card → NOT_FOUND.
 */
export const bindCardVerify = endpoint(R.bindCardVerify, {
  request: z.object({
    cardId,
    verifyCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  }),
  response: z.object({ card: bankCard }),
});

/** POST bind-card-send-code: a new code for a card waiting for verification (60 s apart; the old code dies). */
export const bindCardSendCode = endpoint(R.bindCardSendCode, {
  request: z.object({ cardId }),
  response: z.object({ cardId: z.number().int(), resendAfter: z.number().int().min(0) }),
});
