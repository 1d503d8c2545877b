import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_VERSION_HEADER, loanConfirmSendSms, loanDetailConfirm, loanDetailPush, loanKeyFacts } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { confirmLoan, confirmPageOf, offerKeyFactsOf, sendConfirmCode } from '../../services/loan-confirm.ts';

export interface LoanConfirmOptions {
  /** CONFIRM_STEP_UP=1: the confirm also needs an SMS code sent to the borrower's own phone. */
  stepUp?: boolean;
}

const headerText = (req: FastifyRequest, name: string): string | null => {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s.trim() !== '' ? s.trim() : null;
};

/** Loan confirmation (spec 2.5, 4.8, 7.6) with its consent record and optional SMS step-up; services/loan-confirm.ts. */
export default async function loanConfirmRoutes(app: FastifyInstance, opts: LoanConfirmOptions) {
  const stepUp = opts.stepUp === true;

  registerEndpoint(app, loanDetailConfirm, {
    auth: true,
    handler: ({ input, db, now, lang }) => confirmPageOf(db, { productId: input.productId, stepUp, now, lang }),
  });

  registerEndpoint(app, loanKeyFacts, {
    auth: true,
    handler: ({ input, db, now, lang, borrower }) => offerKeyFactsOf(db, { borrower, request: input, now, lang }),
  });

  registerEndpoint(app, loanConfirmSendSms, {
    auth: true,
    handler: async ({ input, db, now, lang, borrower, setSuccessMessage }) => {
      const answer = await sendConfirmCode({ db, sms: app.sms, stepUp }, { borrower, request: input, now, lang });
      setSuccessMessage(answer.message, answer.vars);
      return answer.data;
    },
  });

  registerEndpoint(app, loanDetailPush, {
    auth: true,
    handler: ({ input, db, now, lang, borrower, identity, shared, req }) => {
      const appVersion = headerText(req, APP_VERSION_HEADER) ?? shared.aVer ?? null;
      const client = { deviceId: identity.deviceId ?? null, ip: req.ip, appVersion, userAgent: headerText(req, 'user-agent') };
      return confirmLoan(db, { borrower, request: input, stepUp, client, now, lang });
    },
  });
}
