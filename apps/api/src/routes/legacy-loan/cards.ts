import type { FastifyInstance } from 'fastify';
import { LEGACY_CODE, bindCardSendCode, bindCardStart, bindCardVerify } from '@lendview/contracts';
import { t, type Lang } from '../../i18n/messages.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import type { Borrower } from '../../repositories/sessions.ts';
import {
  CARD_CODE_RESEND_SECONDS,
  bindCard,
  cardBindLockedError,
  resendCardCode,
  toBankCard,
  verifyCardCode,
} from '../../services/card-binding.ts';
import { findBank } from '../../services/payment-methods.ts';

/**
 * Card binding under /api/v1/lendview/service/loan/ (issue 11 item 7; docs/repayment.md "Card binding"):
 * bind-card → an SMS code → bind-card-verify; bind-card-send-code for another code. Registered by index.ts.
 */
export default async function legacyCardRoutes(app: FastifyInstance) {
  /** Sent after the transaction committed: the SMS provider writes with its own connection. */
  const sendCode = (borrower: Borrower, lang: Lang, card: { bankCode: string; last4: string }, code: string) =>
    app.sms.send({
      phone: borrower.phone,
      purpose: 'card',
      body: t(lang, 'cardSmsText', { code, bank: findBank(card.bankCode)?.name ?? card.bankCode, last4: card.last4 }),
    });

  registerEndpoint(app, bindCardStart, {
    auth: true,
    handler: async ({ input, db, borrower, now, lang, setSuccessMessage }) => {
      const bank = findBank(input.bankCode);
      if (!bank) throw badRequest('fieldInvalid', { field: 'bankCode' });
      const { token } = await app.payments.tokenizeCard({ bankCode: bank.code, cardNo: input.cardNo });
      const outcome = await bindCard(db, {
        borrower,
        bankCode: bank.code,
        cardNo: input.cardNo,
        holderName: input.holderName,
        providerToken: token,
        secret: app.cardFingerprintSecret,
        now,
      });
      if (outcome.kind === 'known') {
        setSuccessMessage('cardAlreadyBound');
        return { cardId: outcome.card.id, needVerify: false, resendAfter: 0, card: toBankCard(outcome.card) };
      }
      await sendCode(borrower, lang, outcome.card, outcome.code);
      setSuccessMessage('cardCodeSent');
      return { cardId: outcome.card.id, needVerify: true, resendAfter: CARD_CODE_RESEND_SECONDS, card: toBankCard(outcome.card) };
    },
  });

  registerEndpoint(app, bindCardVerify, {
    auth: true,
    successMessage: 'cardBound',
    handler: async ({ input, db, borrower, now }) => {
      const outcome = await verifyCardCode(db, { borrower, cardId: input.cardId, verifyCode: input.verifyCode, now });
      // Wrong and locked are answered only after the count was committed.
      if (outcome.kind === 'wrong') {
        throw new ApiError(LEGACY_CODE.wrongCode, 'cardCodeWrong', { remaining: outcome.remaining }, { status: 400 });
      }
      if (outcome.kind === 'locked') throw cardBindLockedError(outcome.until, now);
      return { card: toBankCard(outcome.card) };
    },
  });

  registerEndpoint(app, bindCardSendCode, {
    auth: true,
    successMessage: 'cardCodeSent',
    handler: async ({ input, db, borrower, now, lang }) => {
      const { card, code } = await resendCardCode(db, { borrower, cardId: input.cardId, now });
      await sendCode(borrower, lang, card, code);
      return { cardId: card.id, resendAfter: CARD_CODE_RESEND_SECONDS };
    },
  });
}
