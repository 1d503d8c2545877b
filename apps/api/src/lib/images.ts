import sharp from 'sharp';

/**
 * Photo uploads. The type is first decided by the file's first bytes, never by its name or the Content-Type the
 * client sent (a text file named receipt.jpg is refused). Then the photo is decoded and re-encoded with libvips
 * (sharp): what we store and serve is a picture we drew ourselves, never the bytes a client sent. That refuses
 * fakes (`RIFF....WEBP<html>`, a JPEG header before a script, truncated files), bounds the pixels decoded (a
 * 48 KB PNG of 20000 × 20000 would take ~1.6 GB), and drops every piece of metadata (EXIF with GPS, XMP, ICC
 * comments) after applying the EXIF orientation to the pixels.
 */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** The client shrinks photos to ~400 KB (apps/complaint-chatbot lib/shrink-image.ts); 5 MB leaves room for originals it cannot decode. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Pixels a photo may have (width × height): 40 megapixels, above any phone camera's photo. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Longest side of the stored photo: plenty for a receipt or a chat screenshot on a phone, and bounds storage. */
export const STORED_IMAGE_MAX_SIDE = 2560;

/** libvips gives up on a photo that takes longer than this to re-encode. */
const ENCODE_TIMEOUT_SECONDS = 10;

// No decoded-image cache across requests: every upload is a different picture, and memory is better spent elsewhere.
sharp.cache(false);

export function sniffImage(bytes: Buffer): ImageMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

const FORMAT_OF: Record<ImageMime, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

export interface ReencodedImage {
  bytes: Buffer;
  /** JPEG for opaque pictures, WebP where there is transparency (a PNG screenshot with an alpha channel). */
  mime: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

/**
 * Decodes `bytes` and draws them again as a clean JPEG or WebP, or null when they are not a whole JPEG, PNG or
 * WebP picture within MAX_IMAGE_PIXELS (the caller answers the "only JPEG, PNG or WebP photos" message).
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage | null> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) return null;
  const options = {
    // libvips refuses to decode past this many pixels (checked from the header, before any pixel is decoded).
    limitInputPixels: MAX_IMAGE_PIXELS,
    // A warning (truncated data, a bad marker, a CRC mismatch) is a refusal: half a picture is not a photo.
    failOn: 'warning' as const,
    animated: false,
  };
  try {
    const meta = await sharp(bytes, options).metadata();
    // The magic bytes and the decoder must agree: a PNG signature over a JPEG body is not what it says.
    if (meta.format !== FORMAT_OF[sniffed] || !meta.width || !meta.height) return null;
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) return null;
    const pipeline = sharp(bytes, options)
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      // Applies the EXIF orientation to the pixels; the output carries no metadata at all (sharp's default).
      .rotate()
      .resize({ width: STORED_IMAGE_MAX_SIDE, height: STORED_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const out = meta.hasAlpha
      ? await pipeline.webp({ quality: 85 }).toBuffer({ resolveWithObject: true })
      : await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return {
      bytes: out.data,
      mime: meta.hasAlpha ? 'image/webp' : 'image/jpeg',
      width: out.info.width,
      height: out.info.height,
    };
  } catch {
    // Not decodable, over the pixel limit, truncated, or too slow: the same refusal for all of them.
    return null;
  }
}
