import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StoredImage } from '../repositories/complaints.ts';
import { notFound } from './errors.ts';

/** Serves a stored photo: its own content type, never sniffed, never cached by shared caches. No photo → NOT_FOUND. */
export async function sendImage(
  app: FastifyInstance,
  reply: FastifyReply,
  image: StoredImage | null,
  opts: { maxAgeSeconds?: number } = {},
) {
  const bytes = image ? await app.storage.get(image.storageKey) : null;
  if (!image || !bytes) throw notFound();
  return reply
    .code(200)
    .header('content-type', image.mime)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', `private, max-age=${opts.maxAgeSeconds ?? 3600}`)
    .header('content-disposition', 'inline')
    .send(bytes);
}
