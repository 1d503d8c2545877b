import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  opsAnswerComplaint,
  opsComplaintList,
  opsChangePassword,
  opsLogin,
  opsLoginCode,
  opsLogout,
  opsMe,
  opsResolveUnappliedFund,
  opsResolveUnmatchedCallback,
  opsUnappliedFunds,
  opsUnmatchedCallbacks,
  opsUploadImage,
} from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { operatorToken, requireOperator, type Operator } from '../../lib/operator-auth.ts';
import { sendImage } from '../../lib/send-image.ts';
import { withMultipart } from '../../plugins/external/multipart.ts';
import { opsImageOf } from '../../services/complaints.ts';
import { receiveUpload } from '../../services/complaint-images.ts';
import { changeOperatorPassword, operatorLogin, operatorLoginCode, operatorLogout } from '../../services/operators.ts';
import { answerAsOperator, opsComplaintQueue, opsUploadedImageUrl } from '../../services/ops-complaints.ts';
import { resolveFundAsOperator, unappliedFundsPage } from '../../services/unapplied-funds.ts';
import { resolveUnmatchedAsOperator, unmatchedCallbacksPage } from '../../services/unmatched-callbacks.ts';

/**
 * The operator API (contracts/src/ops.ts; docs/complaints.md): login, logout, me, and the support role's
 * complaint queue, photo upload and answer, the ledger's unapplied funds and the provider callbacks we could not
 * match. Landing-template endpoints (role marketing) live in routes/ops-templates and use the same guard
 * (lib/operator-auth.ts).
 */
export default async function opsRoutes(app: FastifyInstance) {
  // Sign-in: the password, then the authenticator code (services/operators.ts).
  registerEndpoint(app, opsLogin, {
    handler: ({ input, db, now, req }) => operatorLogin(db, { request: input, ip: req.ip, now, log: req.log, totpKey: app.opsTotpKey }),
  });

  registerEndpoint(app, opsLoginCode, {
    successMessage: 'loginOk',
    handler: ({ input, db, now, req }) => operatorLoginCode(db, { request: input, now, log: req.log, totpKey: app.opsTotpKey }),
  });

  registerEndpoint(app, opsChangePassword, {
    successMessage: 'opsPasswordChanged',
    handler: async ({ input, db, now, req }) =>
      changeOperatorPassword(db, { operator: await requireOperator(req, db), request: input, now, log: req.log, totpKey: app.opsTotpKey }),
  });

  registerEndpoint(app, opsLogout, {
    successMessage: 'logoutOk',
    handler: async ({ db, req }) => {
      await requireOperator(req, db);
      return operatorLogout(db, operatorToken(req)!);
    },
  });

  registerEndpoint(app, opsMe, {
    handler: async ({ db, req }) => {
      const operator = await requireOperator(req, db);
      return { username: operator.username, role: operator.role };
    },
  });

  // Support: complaints and the money held by the ledger (docs/repayment.md "Unapplied funds"). The guard runs
  // before the input is read, so a caller without access learns nothing about what a valid request looks like.
  app.register(async (support) => {
    const operators = new WeakMap<FastifyRequest, Operator>();
    const operatorOf = (req: FastifyRequest) => operators.get(req)!;
    support.addHook('preValidation', async (req) => {
      operators.set(req, await requireOperator(req, app.db, 'support'));
    });

    registerEndpoint(support, opsComplaintList, {
      handler: ({ input, db, lang, now }) => opsComplaintQueue(db, { state: input.state, lang, now }),
    });

    withMultipart(support, (uploads) => {
      registerEndpoint(uploads, opsUploadImage, {
        handler: async ({ req, now }) => {
          const publicId = await receiveUpload(app, req, {
            field: 'image',
            uploadedBy: 'operator',
            borrowerId: null,
            operatorId: operatorOf(req).id,
            now,
          });
          return opsUploadedImageUrl(publicId);
        },
      });
    });

    registerEndpoint(support, opsAnswerComplaint, {
      successMessage: 'opsAnswerSaved',
      handler: ({ input, db, now, req }) => answerAsOperator(db, { operator: operatorOf(req), request: input, now, log: req.log }),
    });

    registerEndpoint(support, opsUnappliedFunds, {
      handler: ({ input, db, now }) => unappliedFundsPage(db, { request: input, now }),
    });

    registerEndpoint(support, opsResolveUnappliedFund, {
      handler: async ({ input, db, now, req, setSuccessMessage }) => {
        const answer = await resolveFundAsOperator(db, app.payments, { operator: operatorOf(req), request: input, now, log: req.log });
        setSuccessMessage(answer.message);
        return answer.data;
      },
    });

    // Signed provider callbacks we could not match (docs/repayment.md "Callbacks we could not match").
    registerEndpoint(support, opsUnmatchedCallbacks, {
      handler: ({ input, db }) => unmatchedCallbacksPage(db, { request: input }),
    });

    registerEndpoint(support, opsResolveUnmatchedCallback, {
      handler: async ({ input, db, now, req, setSuccessMessage }) => {
        const answer = await resolveUnmatchedAsOperator(db, { operator: operatorOf(req), request: input, now, log: req.log });
        setSuccessMessage(answer.message);
        return answer.data;
      },
    });
  });

  /** A photo for an operator's page: the URL's own short-lived signature is the access (an <img> sends no bearer token). */
  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>('/ops/api/complaints/image/:id', async (req, reply) => {
    const image = await opsImageOf(app.db, { id: req.params.id, exp: req.query.exp, sig: req.query.sig, now: app.clock.now() });
    if (!image) throw notFound();
    return sendImage(app, reply, image);
  });
}
