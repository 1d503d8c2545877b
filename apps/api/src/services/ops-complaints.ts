import type { FastifyBaseLogger } from 'fastify';
import {
  COMPLAINT_MAX_IMAGES,
  ErrorCode,
  OPS_CONSOLE_PHOTO_PREFIX,
  type opsAnswerComplaint,
  type opsComplaintList,
} from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import type { Operator } from '../lib/operator-auth.ts';
import { maskPhone } from '../lib/phones.ts';
import {
  answerComplaint,
  attachImages,
  complaintExists,
  imageSigningKey,
  imagesOf,
  listComplaintsForOps,
} from '../repositories/complaints.ts';
import { jakartaDateTime, opsImageUrl, publicIdOfUrl, splitUrls } from './complaints.ts';
import { auditAnswer } from './ops-console.ts';

/** The support role's complaint queue and answers (docs/complaints.md). */

export async function opsComplaintQueue(
  db: Db,
  input: { state: InputOf<typeof opsComplaintList>['state']; lang: Lang; now: Date },
): Promise<AnswerOf<typeof opsComplaintList>> {
  const complaints = await listComplaintsForOps(db, input.state, input.lang);
  const images = await imagesOf(
    db,
    complaints.map((c) => c.id),
  );
  const key = await imageSigningKey(db);
  const url = (id: string) => opsImageUrl(key, id, input.now);
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
}

/** The signed URL of a photo an operator just uploaded. */
/**
 * The URL of an operator's fresh upload: the console's bearer-checked photo path (it fetches photos as blobs with
 * the operator's session), so no expiring signed link sits in the console's page. The answer takes it back.
 */
export function opsUploadedImageUrl(publicId: string): { url: string } {
  return { url: `${OPS_CONSOLE_PHOTO_PREFIX}${publicId}` };
}

/**
 * An operator's answer with its photos (their own uploads), in one transaction: an unknown complaint → NOT_FOUND,
 * one answered before → CONFLICT, a photo that is not a fresh upload → BAD_REQUEST.
 */
export async function answerAsOperator(
  db: Db,
  input: { operator: Operator; request: InputOf<typeof opsAnswerComplaint>; now: Date; log: FastifyBaseLogger },
): Promise<AnswerOf<typeof opsAnswerComplaint>> {
  const { operator, request, now } = input;
  const urls = splitUrls(request.disposeImages);
  if (urls.length > COMPLAINT_MAX_IMAGES) throw badRequest('complaintTooManyImages');
  const ids = urls.map((u) => publicIdOfUrl(u, 'any'));
  if (ids.some((id) => id === null) || new Set(ids).size !== ids.length) throw badRequest('complaintImageInvalid');
  await db.transaction(async (tx) => {
    const answered = await answerComplaint(tx, {
      complaintId: request.problemId,
      operatorId: operator.id,
      agent: operator.username,
      detail: request.disposeDetail,
      now,
    });
    if (!answered) {
      if (!(await complaintExists(tx, request.problemId))) throw notFound();
      throw new ApiError(ErrorCode.conflict, 'opsComplaintAnswered');
    }
    const attached = await attachImages(tx, request.problemId, ids as string[], {
      uploadedBy: 'operator',
      operatorId: operator.id,
      borrowerId: answered.borrowerId,
    });
    if (attached !== ids.length) throw badRequest('complaintImageInvalid');
    // In the answer's transaction: an answer without its audit row cannot exist.
    await auditAnswer(tx, { operator, complaintId: request.problemId, photos: ids.length, now });
  });
  input.log.info({ operatorId: operator.id, problemId: request.problemId }, 'complaint answered');
  return { problemId: request.problemId, state: 'processed' };
}
