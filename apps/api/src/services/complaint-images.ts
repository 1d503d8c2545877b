import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import { MAX_IMAGE_BYTES, reencodeImage, type ReencodedImage } from '../lib/images.ts';
import type { StorageProvider } from '../providers/storage.ts';
import { deleteUnattachedImages, insertImage, newImagePublicId } from '../repositories/complaints.ts';

const tooLarge = () => new ApiError(ErrorCode.tooLarge, 'imageTooLarge', { mb: MAX_IMAGE_BYTES / (1024 * 1024) });

/**
 * Reads the one file of a multipart request from `field`, checked: present, within the cap, a real image; returns
 * it decoded and re-encoded (lib/images.ts: pixel limit, metadata stripped), never the bytes as sent.
 */
export async function readImage(req: FastifyRequest, field: string): Promise<ReencodedImage> {
  let part;
  try {
    part = await req.file();
  } catch (err) {
    // Not multipart at all, or a malformed body.
    req.log.info({ err: { code: (err as { code?: string }).code } }, 'upload without a readable file');
    throw badRequest('imageMissing');
  }
  if (!part || part.fieldname !== field) throw badRequest('imageMissing');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // The body ended before the file did: a dropped connection, or a client that stopped sending. Not our fault and
    // nothing to store: a 400 the borrower can retry (when the client is gone, nobody reads it), logged like any
    // refused body, never a 500 with a stack.
    req.log.info({ err: { code: (err as { code?: string }).code, message: (err as Error).message } }, 'upload ended early');
    throw badRequest('imageIncomplete');
  }
  if (part.file.truncated) throw tooLarge();
  if (bytes.length === 0) throw badRequest('imageMissing');
  const image = await reencodeImage(bytes);
  if (!image) {
    req.log.info({ sizeBytes: bytes.length }, 'upload refused: not a decodable JPEG, PNG or WebP within the pixel limit');
    throw badRequest('imageNotImage');
  }
  return image;
}

/** Stores an uploaded photo (storage provider + complaint_images row) and returns its public id. */
export async function receiveUpload(
  app: FastifyInstance,
  req: FastifyRequest,
  input: { field: string; uploadedBy: 'borrower' | 'operator'; borrowerId: number | null; operatorId: number | null; now: Date },
): Promise<string> {
  const { bytes, mime, width, height } = await readImage(req, input.field);
  const publicId = newImagePublicId();
  // The storage key shares nothing with the URL: knowing a file name in storage does not give a URL.
  const storageKey = `img-${newImagePublicId()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  await app.storage.put(storageKey, bytes, mime);
  try {
    await insertImage(app.db, {
      publicId,
      storageKey,
      uploadedBy: input.uploadedBy,
      borrowerId: input.borrowerId,
      operatorId: input.operatorId,
      mime,
      sizeBytes: bytes.length,
      width,
      height,
      now: input.now,
    });
  } catch (err) {
    await app.storage.delete(storageKey).catch(() => {});
    throw err;
  }
  return publicId;
}

/**
 * Photos uploaded but never attached to a complaint (the borrower removed them or gave up). The page keeps a
 * draft's photo URLs for 7 days, so borrower uploads go after 8; an operator's unused upload after 1. Rows go
 * first, then files: a file without a row is unreachable, a row without a file would be a broken photo.
 */
export const UNATTACHED_BORROWER_IMAGE_DAYS = 8;
export const UNATTACHED_OPERATOR_IMAGE_DAYS = 1;

export async function purgeUnattachedImages(db: Queryable, storage: StorageProvider, now: Date): Promise<number> {
  const day = 24 * 60 * 60 * 1000;
  const keys = await deleteUnattachedImages(
    db,
    new Date(now.getTime() - UNATTACHED_BORROWER_IMAGE_DAYS * day),
    new Date(now.getTime() - UNATTACHED_OPERATOR_IMAGE_DAYS * day),
  );
  for (const key of keys) await storage.delete(key);
  return keys.length;
}
