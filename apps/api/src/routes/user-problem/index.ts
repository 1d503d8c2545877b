import type { FastifyInstance } from 'fastify';
import {
  IDEMPOTENCY_KEY_HEADER,
  getQaList,
  problemDetail,
  problemInit,
  problemInitV3,
  problemList,
  problemSave,
  qaRecord,
  saveScore,
  uploadProblemImg,
} from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { secondsLeft } from '../../lib/file-urls.ts';
import { identityOf } from '../../lib/identity.ts';
import { sendImage } from '../../lib/send-image.ts';
import { withMultipart } from '../../plugins/external/multipart.ts';
import { qaListOf, recordChatbot } from '../../services/chatbot.ts';
import { receiveUpload } from '../../services/complaint-images.ts';
import {
  assertUploadAllowed,
  chatbotStartOf,
  complaintDetailOf,
  complaintFormOf,
  complaintListOf,
  fileComplaint,
  scoreComplaint,
} from '../../services/complaint-pages.ts';
import { borrowerImageUrl, borrowerImageOf, signedBorrowerImageOf } from '../../services/complaints.ts';

/** Complaints and the FAQ chatbot (spec 2.4, 4.1, 4.2, 5, 7.2; docs/complaints.md). Every call is the borrower's own. */
export default async function userProblemRoutes(app: FastifyInstance) {
  registerEndpoint(app, problemInit, {
    auth: true,
    handler: ({ input, db, lang, borrower }) => complaintFormOf(db, { borrowerId: borrower.id, orderId: input.orderId, lang }),
  });

  registerEndpoint(app, problemInitV3, {
    auth: true,
    handler: ({ input, db, lang, borrower }) => chatbotStartOf(db, { borrowerId: borrower.id, orderNo: input.orderNo, lang }),
  });

  registerEndpoint(app, getQaList, {
    auth: true,
    handler: ({ input, db, lang }) => qaListOf(db, { pid: input.pid, lang }),
  });

  registerEndpoint(app, qaRecord, {
    auth: true,
    handler: ({ input, db, lang, borrower, now }) => recordChatbot(db, { borrowerId: borrower.id, request: input, now, lang }),
  });

  withMultipart(app, (scope) => {
    registerEndpoint(scope, uploadProblemImg, {
      auth: true,
      handler: async ({ db, borrower, now, req }) => {
        await assertUploadAllowed(db, borrower.id, now);
        const publicId = await receiveUpload(app, req, {
          field: 'problemImage',
          uploadedBy: 'borrower',
          borrowerId: borrower.id,
          operatorId: null,
          now,
        });
        return { url: borrowerImageUrl(await app.fileUrlKey(), publicId, borrower.id, now) };
      },
    });
  });

  /**
   * A photo, for its owner only: a signed URL (exp + sig, made by the detail and the upload for their borrower;
   * services/complaints.ts signedBorrowerImageOf), or the path with the owner's session (tok / X-Lv-Token; a
   * page from before signed URLs). Anything else is the same 404. Operators: /ops/api/complaints/image and
   * /ops/api/console/photo.
   */
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/user-problem/image/:id', async (req, reply) => {
    const now = app.clock.now();
    const { exp, sig } = req.query;
    if (exp !== undefined || sig !== undefined) {
      const signed = await signedBorrowerImageOf(app.db, { id: req.params.id, exp, sig, key: await app.fileUrlKey(), now });
      // The browser keeps it no longer than the URL works.
      if (signed) return sendImage(app, reply, signed, { maxAgeSeconds: Math.min(3600, secondsLeft(exp as string, now)) });
    }
    const image = await borrowerImageOf(app.db, { token: identityOf(req).token, id: req.params.id, now });
    return sendImage(app, reply, image);
  });

  registerEndpoint(app, problemSave, {
    auth: true,
    fieldMessages: {
      problemDetail: { missing: 'complaintTextEmpty', invalid: 'complaintTextTooLong' },
      problemType: 'complaintTypeInvalid',
    },
    successMessage: 'complaintSaved',
    handler: ({ input, db, borrower, now, req }) =>
      fileComplaint(db, { borrowerId: borrower.id, request: input, idempotencyHeader: req.headers[IDEMPOTENCY_KEY_HEADER], now }),
  });

  registerEndpoint(app, problemList, {
    auth: true,
    handler: ({ db, borrower, lang, now }) => complaintListOf(db, { borrowerId: borrower.id, lang, now }),
  });

  registerEndpoint(app, problemDetail, {
    auth: true,
    handler: async ({ input, db, borrower, lang, now }) =>
      complaintDetailOf(db, { borrowerId: borrower.id, problemId: input.problemId, lang, now, fileKey: await app.fileUrlKey() }),
  });

  registerEndpoint(app, saveScore, {
    auth: true,
    fieldMessages: { score: 'complaintScoreInvalid' },
    successMessage: 'complaintScoreSaved',
    handler: ({ input, db, borrower, now }) =>
      scoreComplaint(db, { borrowerId: borrower.id, problemId: input.problemId, score: input.score, now }),
  });
}
