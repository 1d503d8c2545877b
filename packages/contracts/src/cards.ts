import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import { formInt } from './fields.ts';
import { LEGACY_LOAN, bankCard, bindCard } from './repayment.ts';

// Card binding with verification (issue 11 item 7; docs/repayment.md "Card binding"). A card bound on /bindCard
// is only listed by repayment-way and accepted by repayment-commit once the SMS code sent to the borrower's phone
// was confirmed with bind-card-verify.

/** Server rules of a card-binding code, for the page's texts (the server stays the judge). */
export const CARD_VERIFY = {
  /** Digits of the code. */
  codeLength: 6,
  /** A code lives 10 minutes. */
  codeTtlSeconds: 600,
  /** Spec 4.4 / 9: 60 s between two codes of one card. */
  resendSeconds: 60,
  /** Wrong codes per borrower (all cards, all resends) before binding locks. */
  maxWrongCodes: 5,
  /** The first lock lasts 15 minutes; each further lock twice as long as the one before. */
  lockMinutes: 15,
} as const;

const cardId = formInt().pipe(z.number().int().positive());

/**
 * POST bind-card. The request is `bindCard`'s of repayment.ts (bankCode, cardNo 10-19 digits as typed,
 * holderName); the answer replaced that endpoint's bare card: a new (or not yet verified) card answers
 * `needVerify: true` and an SMS code was sent (`resendAfter` seconds before another may be asked); a card the
 * borrower already bound and verified answers `needVerify: false` and nothing is sent.
 */
export const bindCardStart = endpoint({
  method: 'POST',
  path: bindCard.path,
  successCode: '00',
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
export const bindCardVerify = endpoint({
  method: 'POST',
  path: `${LEGACY_LOAN}/bind-card-verify`,
  successCode: '00',
  request: z.object({ cardId, verifyCode: z.string().trim().regex(/^\d{6}$/) }),
  response: z.object({ card: bankCard }),
});

/** POST bind-card-send-code: a new code for a card waiting for verification (60 s apart; the old code dies). */
export const bindCardSendCode = endpoint({
  method: 'POST',
  path: `${LEGACY_LOAN}/bind-card-send-code`,
  successCode: '00',
  request: z.object({ cardId }),
  response: z.object({ cardId: z.number().int(), resendAfter: z.number().int().min(0) }),
});
