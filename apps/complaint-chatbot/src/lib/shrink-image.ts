/**
 * A phone photo is made small in the browser before it is uploaded: the longest side at most 1600 px, JPEG at
 * quality 0.8. A 12 MP photo (4032 × 3024, 3-5 MB) becomes about 1600 × 1200 and 200-400 KB, so it goes up in
 * seconds on a slow connection. Re-encoding also drops the photo's metadata (location included). When the
 * browser cannot decode the file (an old web view, a format it does not know), the original goes up and the
 * server decides (it accepts JPEG, PNG and WebP by content).
 */
export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.8;

const KEEPABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Width and height scaled so that the longest side is at most `max` (never enlarged). */
export function fitWithin(width: number, height: number, max: number = MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max || longest <= 0) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface ShrunkImage {
  blob: Blob;
  /** File name for the multipart part. */
  name: string;
}

function baseName(name: string): string {
  const n = name
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 60);
  return n || 'photo';
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      canvas.toBlob((b) => resolve(b), type, quality);
    } catch {
      resolve(null);
    }
  });
}

/** The photo to upload: re-encoded at most 1600 px / JPEG 0.8, or the original when that is not possible. */
export async function shrinkImage(file: File): Promise<ShrunkImage> {
  const original: ShrunkImage = { blob: file, name: file.name || 'photo' };
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return original;
  let bitmap: ImageBitmap;
  try {
    // Decoded upright: the EXIF orientation of a phone photo is applied.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return original;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return original;
    // JPEG has no transparency: a transparent PNG gets a white background instead of a black one.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await toBlob(canvas, 'image/jpeg', JPEG_QUALITY);
    if (!blob) return original;
    // Already small enough and smaller than the re-encoded one: keep it as it is.
    const resized = size.width !== bitmap.width || size.height !== bitmap.height;
    if (!resized && KEEPABLE.has(file.type) && file.size <= blob.size) return original;
    return { blob, name: `${baseName(file.name)}.jpg` };
  } finally {
    bitmap.close?.();
  }
}
