import {
  CARD_VERIFY,
  ErrorCode,
  LEGACY_CODE,
  type BankCard,
  type bindCardSendCode,
  type bindCardStart,
  type bindCardVerify,
} from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { codeHash, newNumericCode, newSalt, sameHex } from '../lib/crypto.ts';
import type { AnswerOf, InputOf, WithMessage } from '../lib/endpoint.ts';
import { ApiError, badRequest, notFound, rateLimited } from '../lib/errors.ts';
import type { Borrower } from '../repositories/sessions.ts';
import {
  MAX_CARDS,
  cardFingerprint,
  dropCardCodes,
  findCardByFingerprint,
  findOwnActiveCard,
  getBindGuard,
  insertPendingCard,
  lockBorrowerCards,
  markCardVerified,
  maskCard,
  renewCardCode,
  saveBindGuard,
  type BankCardRow,
  type CardCode,
} from '../repositories/bank-cards.ts';
import type { PaymentProvider } from '../providers/payments.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { hitRateLimit } from '../repositories/rate-limits.ts';
import { findBank } from './payment-methods.ts';

/**
 * Card binding with verification (issue 11 item 7; docs/repayment.md "Card binding"): bind → a 6-digit code by SMS
 * → verify; only a verified card is listed and charged (repositories/bank-cards.ts findOwnCard). All changes to
 * one borrower's cards run in a transaction holding that borrower's row lock, so the card cap and the count of
 * wrong codes hold under concurrent requests and across API instances.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** HMAC key of card fingerprints (CARD_FINGERPRINT_SECRET; env.ts). */
    cardFingerprintSecret: string;
  }
}

export const CARD_CODE_TTL_MS = CARD_VERIFY.codeTtlSeconds * 1000;
export const CARD_CODE_RESEND_SECONDS = CARD_VERIFY.resendSeconds;
export const CARD_MAX_WRONG_CODES = CARD_VERIFY.maxWrongCodes;
const LOCK_BASE_MS = CARD_VERIFY.lockMinutes * 60 * 1000;
/** The doubling stops at a day: a borrower who lost track is never locked out for weeks. */
const LOCK_MAX_MS = 24 * 60 * 60 * 1000;
/** Card codes per borrower per day, whatever the cards (an SMS-bombing brake beside the 60 s rule per card). */
export const CARD_CODES_PER_DAY = 20;

/** Length of the n-th lock (n = locks before it): 15 min, 30, 60, ... at most 24 h. */
export const lockDurationMs = (lockouts: number) => Math.min(LOCK_BASE_MS * 2 ** Math.min(lockouts, 20), LOCK_MAX_MS);

export const toBankCard = (c: Pick<BankCardRow, 'id' | 'bankCode' | 'last4'>): BankCard => ({
  id: c.id,
  bankName: findBank(c.bankCode)?.name ?? c.bankCode,
  cardNo: maskCard(c.last4),
  bankCode: c.bankCode,
});

const minutesLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

/** RATE_LIMITED while binding is locked after too many wrong codes (Retry-After in seconds). */
const lockedError = (until: Date, now: Date) =>
  rateLimited('cardBindLocked', Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)), { minutes: minutesLeft(until, now) });

function newCardCode(now: Date): { code: string; stored: CardCode } {
  const code = newNumericCode(CARD_VERIFY.codeLength);
  const salt = newSalt();
  return { code, stored: { salt, hash: codeHash(salt, code), sentAt: now, expiresAt: new Date(now.getTime() + CARD_CODE_TTL_MS) } };
}

/** 60 s per card (spec 4.4 / 9) and CARD_CODES_PER_DAY per borrower; inside the transaction, undone with it. */
async function allowCode(tx: Queryable, borrowerId: number, cardId: number, now: Date) {
  const perCard = await hitRateLimit(tx, { key: `sms:card:${cardId}`, limit: 1, windowMs: CARD_CODE_RESEND_SECONDS * 1000 }, now);
  if (!perCard.allowed) throw rateLimited('smsResendTooSoon', perCard.retryAfterSeconds);
  const perDay = await hitRateLimit(
    tx,
    { key: `sms:card:borrower:${borrowerId}`, limit: CARD_CODES_PER_DAY, windowMs: 24 * 60 * 60 * 1000 },
    now,
  );
  if (!perDay.allowed) throw rateLimited('tooManyRequests', perDay.retryAfterSeconds);
}

async function refuseWhileLocked(tx: Queryable, borrowerId: number, now: Date) {
  const guard = await getBindGuard(tx, borrowerId);
  if (guard.lockedUntil && guard.lockedUntil.getTime() > now.getTime()) throw lockedError(guard.lockedUntil, now);
}

export type BindOutcome =
  /** A code was sent (to be sent after the commit): the card waits for it. */
  | { kind: 'code'; card: BankCardRow; code: string }
  /** The same card, already verified: nothing sent. */
  | { kind: 'known'; card: BankCardRow };

/**
 * Binds a card for the borrower. The same card again (same keyed fingerprint): verified and active → answered as
 * it is; otherwise it gets a new code (and counts against the cap again). A new card is inserted only while fewer
 * than MAX_CARDS cards count (one statement under the borrower lock) → else BAD_REQUEST tooManyCards.
 */
export async function bindCard(
  db: Db,
  input: { borrower: Borrower; bankCode: string; cardNo: string; holderName: string; providerToken: string; secret: string; now: Date },
): Promise<BindOutcome> {
  const { borrower, now } = input;
  const fingerprint = cardFingerprint(input.secret, input.bankCode, input.cardNo);
  return db.transaction(async (tx): Promise<BindOutcome> => {
    await lockBorrowerCards(tx, borrower.id);
    await refuseWhileLocked(tx, borrower.id, now);
    const known = await findCardByFingerprint(tx, borrower.id, fingerprint);
    if (known?.active && known.verifiedAt) return { kind: 'known', card: known };
    const { code, stored } = newCardCode(now);
    const card = known
      ? await renewCardCode(tx, {
          cardId: known.id,
          borrowerId: borrower.id,
          code: stored,
          now,
          holderName: input.holderName,
          providerToken: input.providerToken,
        })
      : await insertPendingCard(tx, {
          borrowerId: borrower.id,
          bankCode: input.bankCode,
          last4: input.cardNo.slice(-4),
          fingerprint,
          holderName: input.holderName,
          providerToken: input.providerToken,
          code: stored,
          now,
        });
    if (!card) throw badRequest('tooManyCards', { max: MAX_CARDS });
    await allowCode(tx, borrower.id, card.id, now);
    return { kind: 'code', card, code };
  });
}

/** A new code for the borrower's card that waits for verification (the old code dies). */
export async function resendCardCode(
  db: Db,
  input: { borrower: Borrower; cardId: number; now: Date },
): Promise<{ card: BankCardRow; code: string }> {
  const { borrower, now } = input;
  return db.transaction(async (tx) => {
    await lockBorrowerCards(tx, borrower.id);
    const existing = await findOwnActiveCard(tx, borrower.id, input.cardId);
    if (!existing) throw notFound();
    if (existing.verifiedAt) throw new ApiError(ErrorCode.conflict, 'cardAlreadyVerified');
    await refuseWhileLocked(tx, borrower.id, now);
    const { code, stored } = newCardCode(now);
    // A card whose code ran out stopped counting against the cap: it may only come back if there is room.
    const card = await renewCardCode(tx, { cardId: existing.id, borrowerId: borrower.id, code: stored, now });
    if (!card) throw badRequest('tooManyCards', { max: MAX_CARDS });
    await allowCode(tx, borrower.id, card.id, now);
    return { card, code };
  });
}

export type VerifyOutcome =
  { kind: 'verified'; card: BankCardRow } | { kind: 'wrong'; remaining: number } | { kind: 'locked'; until: Date };

/**
 * Checks the code of a card waiting for verification. Wrong codes are counted per borrower (all cards, every
 * resend: a new code does not give new tries); the CARD_MAX_WRONG_CODES-th locks binding for lockDurationMs and
 * kills the borrower's live codes. Returns instead of throwing for wrong/locked so that the count is committed.
 */
export async function verifyCardCode(
  db: Db,
  input: { borrower: Borrower; cardId: number; verifyCode: string; now: Date },
): Promise<VerifyOutcome> {
  const { borrower, now } = input;
  return db.transaction(async (tx): Promise<VerifyOutcome> => {
    await lockBorrowerCards(tx, borrower.id);
    const card = await findOwnActiveCard(tx, borrower.id, input.cardId);
    if (!card) throw notFound();
    if (card.verifiedAt) throw new ApiError(ErrorCode.conflict, 'cardAlreadyVerified');
    const guard = await getBindGuard(tx, borrower.id);
    if (guard.lockedUntil && guard.lockedUntil.getTime() > now.getTime()) throw lockedError(guard.lockedUntil, now);
    if (!card.verifyHash || !card.verifySalt || !card.verifyExpiresAt) throw badRequest('smsCodeNotRequested');
    if (card.verifyExpiresAt.getTime() <= now.getTime()) throw badRequest('smsCodeExpired');
    if (sameHex(codeHash(card.verifySalt, input.verifyCode), card.verifyHash)) {
      const verified = await markCardVerified(tx, card.id, now);
      await saveBindGuard(tx, borrower.id, { wrongCodes: 0, lockouts: 0, lockedUntil: null });
      return { kind: 'verified', card: verified };
    }
    const wrongCodes = guard.wrongCodes + 1;
    if (wrongCodes >= CARD_MAX_WRONG_CODES) {
      const until = new Date(now.getTime() + lockDurationMs(guard.lockouts));
      await saveBindGuard(tx, borrower.id, { wrongCodes: 0, lockouts: guard.lockouts + 1, lockedUntil: until });
      await dropCardCodes(tx, borrower.id);
      return { kind: 'locked', until };
    }
    await saveBindGuard(tx, borrower.id, { ...guard, wrongCodes });
    return { kind: 'wrong', remaining: CARD_MAX_WRONG_CODES - wrongCodes };
  });
}

export { lockedError as cardBindLockedError };

// --- The three calls of the card pages (routes/card-repayment/cards.ts) ---------------------------------------------

/** Sent after the transaction committed: the SMS provider writes with its own connection. */
const sendCardCode = (sms: SmsProvider, borrower: Borrower, lang: Lang, card: { bankCode: string; last4: string }, code: string) =>
  sms.send({
    phone: borrower.phone,
    purpose: 'card',
    body: t(lang, 'cardSmsText', { code, bank: findBank(card.bankCode)?.name ?? card.bankCode, last4: card.last4 }),
  });

/** bind-card: the provider tokenizes the card, then bindCard; a new code goes out by SMS. */
export async function startCardBinding(
  deps: { db: Db; payments: PaymentProvider; sms: SmsProvider; secret: string },
  input: { borrower: Borrower; request: InputOf<typeof bindCardStart>; now: Date; lang: Lang },
): Promise<WithMessage<AnswerOf<typeof bindCardStart>>> {
  const { borrower, request, now, lang } = input;
  const bank = findBank(request.bankCode);
  if (!bank) throw badRequest('fieldInvalid', { field: 'bankCode' });
  const { token } = await deps.payments.tokenizeCard({ bankCode: bank.code, cardNo: request.cardNo });
  const outcome = await bindCard(deps.db, {
    borrower,
    bankCode: bank.code,
    cardNo: request.cardNo,
    holderName: request.holderName,
    providerToken: token,
    secret: deps.secret,
    now,
  });
  if (outcome.kind === 'known') {
    return {
      message: 'cardAlreadyBound',
      data: { cardId: outcome.card.id, needVerify: false, resendAfter: 0, card: toBankCard(outcome.card) },
    };
  }
  await sendCardCode(deps.sms, borrower, lang, outcome.card, outcome.code);
  return {
    message: 'cardCodeSent',
    data: { cardId: outcome.card.id, needVerify: true, resendAfter: CARD_CODE_RESEND_SECONDS, card: toBankCard(outcome.card) },
  };
}

/** bind-card-verify: wrong and locked are answered only after the count was committed (verifyCardCode). */
export async function verifyCardBinding(
  db: Db,
  input: { borrower: Borrower; request: InputOf<typeof bindCardVerify>; now: Date },
): Promise<AnswerOf<typeof bindCardVerify>> {
  const { now } = input;
  const outcome = await verifyCardCode(db, {
    borrower: input.borrower,
    cardId: input.request.cardId,
    verifyCode: input.request.verifyCode,
    now,
  });
  if (outcome.kind === 'wrong') {
    throw new ApiError(
      LEGACY_CODE.wrongCode,
      outcome.remaining === 1 ? 'cardCodeWrongOne' : 'cardCodeWrong',
      { remaining: outcome.remaining },
      { status: 400 },
    );
  }
  if (outcome.kind === 'locked') throw lockedError(outcome.until, now);
  return { card: toBankCard(outcome.card) };
}

/** bind-card-send-code: another code for a card waiting for verification. */
export async function resendCardBinding(
  deps: { db: Db; sms: SmsProvider },
  input: { borrower: Borrower; request: InputOf<typeof bindCardSendCode>; now: Date; lang: Lang },
): Promise<AnswerOf<typeof bindCardSendCode>> {
  const { card, code } = await resendCardCode(deps.db, { borrower: input.borrower, cardId: input.request.cardId, now: input.now });
  await sendCardCode(deps.sms, input.borrower, input.lang, card, code);
  return { cardId: card.id, resendAfter: CARD_CODE_RESEND_SECONDS };
}
