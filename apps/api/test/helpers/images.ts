import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real pictures for upload tests, drawn with sharp (the library the server re-encodes with). */

/** A JPEG of `width` × `height` carrying EXIF with GPS coordinates, a camera name and an orientation tag. */
export function jpegWithGps(width = 40, height = 20, orientation = 6): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .withExif({
      IFD0: { Make: 'LeakyPhone', Model: 'GPS-9000' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 10/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '106/1 49/1 0/1' },
    })
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();
}

export const plainJpeg = (width = 30, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();

export const opaqueWebp = (width = 16, height = 12) =>
  sharp({ create: { width, height, channels: 3, background: '#22aa44' } })
    .webp()
    .toBuffer();

/** A PNG with a transparent channel (a screenshot with rounded corners, say). */
export const transparentPng = (width = 10, height = 10) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, sum]);
}

/**
 * A decompression bomb: a valid 20000 × 20000 PNG (1-bit grey, all black) of about 50 KB that would decode to
 * 400 megapixels (~1.2 GB as RGB).
 */
export function pngBomb(side = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(rowBytes * side); // filter 0 and black pixels: zeros
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The magic bytes of a WebP in front of an HTML page. */
export const fakeWebp = () => {
  const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
  const size = Buffer.alloc(4);
  size.writeUInt32LE(html.length + 4);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), html]);
};
