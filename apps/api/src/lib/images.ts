/**
 * Photo uploads: the type is decided by the file's first bytes, never by its name or the Content-Type the
 * client sent (a text file named receipt.jpg is refused).
 */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** The client shrinks photos to ~400 KB (apps/complaint-chatbot lib/shrink-image.ts); 5 MB leaves room for originals it cannot decode. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export function sniffImage(bytes: Buffer): ImageMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}
