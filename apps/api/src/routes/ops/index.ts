import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COMPLAINT_MAX_IMAGES,
  ErrorCode,
  opsAnswerComplaint,
  opsComplaintList,
  opsLogin,
  opsLogout,
  opsMe,
  opsResolveUnappliedFund,
  opsUnappliedFunds,
  opsUploadImage,
  type OpsUnappliedFund,
} from '@lendview/contracts';
import type { Queryable } from '../../db/types.ts';
import { jakartaDate } from '../../lib/dates.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { ApiError, badRequest, notFound, rateLimited } from '../../lib/errors.ts';
import { operatorToken, requireOperator, type Operator } from '../../lib/operator-auth.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { withMultipart } from '../../plugins/external/multipart.ts';
import {
  answerComplaint,
  attachImages,
  complaintExists,
  findImage,
  imageSigningKey,
  imagesOf,
  listComplaintsForOps,
} from '../../repositories/complaints.ts';
import {
  clearFailedLogins,
  createOperatorSession,
  deleteOperatorSession,
  failedLoginLock,
  findOperatorForLogin,
} from '../../repositories/operators.ts';
import { fundListRow, listUnappliedFunds, type FundListRow } from '../../repositories/ledger.ts';
import { findOwnOrder } from '../../repositories/orders.ts';
import { hitRateLimit } from '../../repositories/rate-limits.ts';
import { getLateChargeCapPercent } from '../../repositories/settings.ts';
import { outstandingOf } from '../../services/loans.ts';
import { resolveUnappliedFund } from '../../services/repayment.ts';
import { receiveUpload } from '../../services/complaint-images.ts';
import { jakartaDateTime, opsImageUrl, publicIdOfUrl, splitUrls, verifyOpsImageSignature } from '../../services/complaints.ts';
import { sendImage } from '../user-problem/index.ts';

/** Failed logins of one username from one IP before it is locked for the rest of the window. */
const MAX_FAILED_LOGINS = 5;
const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

// Compared against when the username does not exist, so an unknown user costs one scrypt like a known one
// (the answer time does not tell which usernames exist).
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

/** 13800000000 → 138****0000: operators recognise a borrower without the page showing the whole number. */
const maskPhone = (phone: string) => (phone.length >= 8 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

/** An unapplied fund as the operator list shows it, with what its order asks now (full repayment). */
async function toOpsFund(db: Queryable, row: FundListRow, now: Date): Promise<OpsUnappliedFund> {
  const full = await findOwnOrder(db, row.borrowerId, row.orderNo);
  const owes = full ? outstandingOf(full, row.isRepeatClient, jakartaDate(now), await getLateChargeCapPercent(db)).owed : 0;
  return {
    id: row.id,
    orderNo: row.orderNo,
    borrower: maskPhone(row.borrowerPhone),
    amount: row.amount,
    reason: row.reason,
    state: row.state,
    reference: row.reference,
    vcode: row.vcode ?? '',
    channel: row.channel,
    providerEvent: row.providerEvent,
    paymentAmount: row.paymentAmount,
    receivedAt: row.createdAt.toISOString(),
    orderStatus: full?.status ?? 0,
    orderOwes: owes,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedByName ?? '',
    refundId: row.refundId ?? '',
    note: row.note,
  };
}

/**
 * The operator API (contracts/src/ops.ts; docs/complaints.md): login, logout, me, and the support role's
 * complaint queue, photo upload and answer. Landing-template endpoints (role marketing) live with the promotion
 * routes and use the same guard (lib/operator-auth.ts).
 */
export default async function opsRoutes(app: FastifyInstance) {
  registerEndpoint(app, opsLogin, {
    successMessage: 'loginOk',
    handler: async ({ input, db, now, req }) => {
      const key = `ops:login:fail:${input.username.toLowerCase()}:${req.ip}`;
      const lock = await failedLoginLock(db, key, MAX_FAILED_LOGINS, now);
      if (lock.locked) throw rateLimited('opsLoginTooMany', lock.retryAfterSeconds);

      const operator = await findOperatorForLogin(db, input.username);
      const ok = await verifyPassword(input.password, operator?.passwordHash ?? (await dummyPasswordHash()));
      if (!operator || !ok || operator.disabled) {
        const verdict = await hitRateLimit(db, { key, limit: MAX_FAILED_LOGINS, windowMs: FAILED_LOGIN_WINDOW_MS }, now);
        req.log.info({ username: input.username }, 'operator login failed');
        if (!verdict.allowed) throw rateLimited('opsLoginTooMany', verdict.retryAfterSeconds);
        throw new ApiError(ErrorCode.unauthorized, 'opsLoginWrong');
      }
      await clearFailedLogins(db, key);
      const session = await createOperatorSession(db, operator.id, now);
      req.log.info({ operatorId: operator.id }, 'operator logged in');
      return { token: session.token, username: operator.username, role: operator.role, expiresAt: session.expiresAt.toISOString() };
    },
  });

  registerEndpoint(app, opsLogout, {
    successMessage: 'logoutOk',
    handler: async ({ db, req }) => {
      await requireOperator(req, db);
      await deleteOperatorSession(db, operatorToken(req)!);
      return { loggedOut: true };
    },
  });

  registerEndpoint(app, opsMe, {
    handler: async ({ db, req }) => {
      const operator = await requireOperator(req, db);
      return { username: operator.username, role: operator.role };
    },
  });

  // Support: complaints. The guard runs before the input is read, so a caller without access learns nothing
  // about what a valid request looks like.
  app.register(async (support) => {
    const operators = new WeakMap<FastifyRequest, Operator>();
    const operatorOf = (req: FastifyRequest) => operators.get(req)!;
    support.addHook('preValidation', async (req) => {
      operators.set(req, await requireOperator(req, app.db, 'support'));
    });

    registerEndpoint(support, opsComplaintList, {
      handler: async ({ input, db, lang, now }) => {
        const complaints = await listComplaintsForOps(db, input.state, lang);
        const images = await imagesOf(db, complaints.map((c) => c.id));
        const key = await imageSigningKey(db);
        const url = (id: string) => opsImageUrl(key, id, now);
        return {
          items: complaints.map((c) => {
            const own = images.get(c.id) ?? { borrower: [], operator: [] };
            return {
              problemId: c.id,
              borrower: maskPhone(c.borrowerPhone),
              orderNo: c.orderNo ?? '',
              type: c.typeTitle,
              sonType: c.subTypeTitle,
              content: c.detail,
              images: own.borrower.map(url),
              time: jakartaDateTime(c.createdAt),
              state: c.state,
              disposeDetail: c.disposeDetail ?? '',
              disposeAgent: c.disposeAgent ?? '',
              disposeImages: own.operator.map(url),
            };
          }),
        };
      },
    });

    withMultipart(support, (uploads) => {
      registerEndpoint(uploads, opsUploadImage, {
        handler: async ({ req, now, db }) => {
          const operator = operatorOf(req);
          const publicId = await receiveUpload(app, req, { field: 'image', uploadedBy: 'operator', borrowerId: null, operatorId: operator.id, now });
          return { url: opsImageUrl(await imageSigningKey(db), publicId, now) };
        },
      });
    });

    registerEndpoint(support, opsAnswerComplaint, {
      successMessage: 'opsAnswerSaved',
      handler: async ({ input, db, now, req }) => {
        const operator = operatorOf(req);
        const urls = splitUrls(input.disposeImages);
        if (urls.length > COMPLAINT_MAX_IMAGES) throw badRequest('complaintTooManyImages');
        const ids = urls.map((u) => publicIdOfUrl(u, 'any'));
        if (ids.some((id) => id === null) || new Set(ids).size !== ids.length) throw badRequest('complaintImageInvalid');
        await db.transaction(async (tx) => {
          const answered = await answerComplaint(tx, {
            complaintId: input.problemId,
            operatorId: operator.id,
            agent: operator.username,
            detail: input.disposeDetail,
            now,
          });
          if (!answered) {
            if (!(await complaintExists(tx, input.problemId))) throw notFound();
            throw new ApiError(ErrorCode.conflict, 'opsComplaintAnswered');
          }
          const attached = await attachImages(tx, input.problemId, ids as string[], {
            uploadedBy: 'operator',
            operatorId: operator.id,
            borrowerId: answered.borrowerId,
          });
          if (attached !== ids.length) throw badRequest('complaintImageInvalid');
        });
        req.log.info({ operatorId: operator.id, problemId: input.problemId }, 'complaint answered');
        return { problemId: input.problemId, state: 'processed' as const };
      },
    });
  });

  // Support: money held by the ledger (docs/repayment.md "Unapplied funds"). Same guard as the complaints.
  app.register(async (support) => {
    const operators = new WeakMap<FastifyRequest, Operator>();
    support.addHook('preValidation', async (req) => {
      operators.set(req, await requireOperator(req, app.db, 'support'));
    });

    registerEndpoint(support, opsUnappliedFunds, {
      handler: async ({ input, db, now }) => {
        const { rows, total } = await listUnappliedFunds(db, {
          state: input.state === 'all' ? null : input.state,
          limit: input.pageSize,
          offset: (input.page - 1) * input.pageSize,
        });
        const items: OpsUnappliedFund[] = [];
        for (const row of rows) items.push(await toOpsFund(db, row, now));
        return { items, total, page: input.page, pageSize: input.pageSize };
      },
    });

    registerEndpoint(support, opsResolveUnappliedFund, {
      handler: async ({ input, db, now, req, setSuccessMessage }) => {
        const operator = operators.get(req)!;
        await resolveUnappliedFund(db, app.payments, { id: input.id, action: input.action, operatorId: operator.id, note: input.note, now });
        req.log.info({ operatorId: operator.id, fundId: input.id, action: input.action }, 'unapplied fund resolved');
        setSuccessMessage(input.action === 'apply' ? 'fundApplied' : 'fundRefunded');
        const row = await fundListRow(db, input.id);
        if (!row) throw notFound();
        return toOpsFund(db, row, now);
      },
    });
  });

  /** A photo for an operator's page: the URL's own short-lived signature is the access (an <img> sends no bearer token). */
  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>('/ops/api/complaints/image/:id', async (req, reply) => {
    const { exp, sig } = req.query;
    const id = req.params.id;
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^[A-Za-z0-9_-]{32}$/.test(id)) throw notFound();
    if (!verifyOpsImageSignature(await imageSigningKey(app.db), id, exp, sig, app.clock.now())) throw notFound();
    return sendImage(app, reply, await findImage(app.db, id));
  });
}
