import { createHash, randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * The image captcha of the registration page (spec 2.6 / 3): a small PNG drawn here with node:zlib only, no
 * native image library. Glyphs come from a built-in stroke font, each scaled, rotated and shifted at random,
 * over a tinted background with crossing noise lines and dots.
 *
 * The drawing is seeded from the sid, so the same sid always gives the same picture: asking for it again
 * (the page's timestamp cache-buster) cannot be used to collect many variants of one answer and average them.
 */

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 44;
export const CAPTCHA_LENGTH = 4;
/** No 0/O, 1/I/L and none of the pairs that blur into each other once distorted (8/B, 5/S, 2/Z). */
export const CAPTCHA_ALPHABET = '2345679ACDEFGHJKMNPQRTUVWXY';

/** A new answer, uniformly random over the alphabet. */
export function newCaptchaAnswer(length = CAPTCHA_LENGTH): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return s;
}

type Point = readonly [number, number];
type Stroke = readonly Point[];

/** Stroke font on a 4 × 6 grid (x right, y down). Every character of CAPTCHA_ALPHABET has a glyph. */
const FONT: Record<string, readonly Stroke[]> = {
  '2': [
    [
      [0, 1.5],
      [1, 0],
      [3, 0],
      [4, 1.3],
      [4, 2.4],
      [0, 6],
      [4, 6],
    ],
  ],
  '3': [
    [
      [0, 0.6],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1.5, 3],
    ],
    [
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5.4],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '5': [
    [
      [4, 0],
      [0.5, 0],
      [0.2, 2.9],
      [3, 2.8],
      [4, 3.9],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5.2],
    ],
  ],
  '6': [
    [
      [3.6, 0],
      [1.6, 0.4],
      [0, 2.8],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [1, 3],
      [0, 4],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '9': [
    [
      [4, 1.5],
      [3, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 4],
      [3, 5.4],
      [1, 6],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [0.7, 4],
      [3.3, 4],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1.5],
      [0, 4.5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 6],
      [2.4, 6],
      [4, 4.4],
      [4, 1.6],
      [2.4, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  G: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1.5],
      [0, 4.5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 3.5],
      [2.4, 3.5],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  J: [
    [
      [1.5, 0],
      [4, 0],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.6],
    ],
    [
      [1.3, 2.6],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3.6],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  Q: [
    [
      [1, 0],
      [3, 0],
      [4, 1.5],
      [4, 4.5],
      [3, 6],
      [1, 6],
      [0, 4.5],
      [0, 1.5],
      [1, 0],
    ],
    [
      [2.4, 4.4],
      [4.3, 6.4],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2.4],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
    ],
    [
      [4, 0],
      [2, 3],
      [2, 6],
    ],
  ],
};

/** mulberry32: a small deterministic generator, seeded from a hash of the sid. Not for secrets. */
function seededRandom(seed: string): () => number {
  let a = createHash('sha256').update(`captcha-image:${seed}`).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = [number, number, number];

class Canvas {
  readonly px: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.px = new Float32Array(width * height * 3);
  }

  blend(x: number, y: number, c: Rgb, alpha: number) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 3;
    const a = Math.min(1, alpha);
    for (let k = 0; k < 3; k++) this.px[i + k] = this.px[i + k]! * (1 - a) + c[k]! * a;
  }

  /** An anti-aliased thick segment: coverage falls off over the last pixel of the half width. */
  line(p: Point, q: Point, halfWidth: number, c: Rgb) {
    const [x0, y0] = p;
    const [x1, y1] = q;
    const minX = Math.floor(Math.min(x0, x1) - halfWidth - 1);
    const maxX = Math.ceil(Math.max(x0, x1) + halfWidth + 1);
    const minY = Math.floor(Math.min(y0, y1) - halfWidth - 1);
    const maxY = Math.ceil(Math.max(y0, y1) + halfWidth + 1);
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len2 = dx * dx + dy * dy || 1;
    for (let y = Math.max(0, minY); y <= Math.min(this.height - 1, maxY); y++) {
      for (let x = Math.max(0, minX); x <= Math.min(this.width - 1, maxX); x++) {
        const cx = x + 0.5;
        const cy = y + 0.5;
        const t = Math.max(0, Math.min(1, ((cx - x0) * dx + (cy - y0) * dy) / len2));
        const d = Math.hypot(cx - (x0 + t * dx), cy - (y0 + t * dy));
        this.blend(x, y, c, halfWidth + 0.5 - d);
      }
    }
  }
}

/** Renders `answer` (characters of CAPTCHA_ALPHABET) as a CAPTCHA_WIDTH × CAPTCHA_HEIGHT RGB PNG. */
export function renderCaptchaPng(answer: string, seed: string): Buffer {
  const rnd = seededRandom(seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * rnd();
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const canvas = new Canvas(W, H);

  // Light background, a gentle diagonal tint so no two images share a flat colour.
  const bgA: Rgb = [between(225, 250), between(225, 250), between(225, 250)];
  const bgB: Rgb = [between(205, 240), between(205, 240), between(205, 240)];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const f = (x / W + y / H) / 2;
      const i = (y * W + x) * 3;
      for (let k = 0; k < 3; k++) canvas.px[i + k] = bgA[k]! * (1 - f) + bgB[k]! * f;
    }
  }

  const darkColour = (): Rgb => {
    const base = between(20, 90);
    return [base + between(0, 60), base + between(0, 60), base + between(0, 60)];
  };

  // Noise under the text: faint polylines across the whole width.
  for (let n = 0; n < 3; n++) {
    const c: Rgb = [between(110, 190), between(110, 190), between(110, 190)];
    let prev: Point = [0, between(4, H - 4)];
    for (let s = 1; s <= 4; s++) {
      const next: Point = [(W * s) / 4, between(4, H - 4)];
      canvas.line(prev, next, 0.55, c);
      prev = next;
    }
  }

  // Glyphs: one slot each, jittered inside it, with their own scale, rotation and colour.
  const chars = [...answer];
  const slot = (W - 16) / chars.length;
  for (const [i, ch] of chars.entries()) {
    const strokes = FONT[ch];
    if (!strokes) throw new Error(`captcha: no glyph for ${JSON.stringify(ch)}`);
    const scale = between(3.6, 4.6);
    const angle = between(-0.38, 0.38);
    const skew = between(-0.25, 0.25);
    const cx = 8 + slot * (i + 0.5) + between(-3, 3);
    const cy = H / 2 + between(-3.5, 3.5);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const toPx = ([gx, gy]: Point): Point => {
      const x = (gx - 2 + skew * (gy - 3)) * scale;
      const y = (gy - 3) * scale;
      return [cx + x * cos - y * sin, cy + x * sin + y * cos];
    };
    const colour = darkColour();
    const halfWidth = between(1.1, 1.6);
    for (const stroke of strokes) {
      for (let k = 1; k < stroke.length; k++) canvas.line(toPx(stroke[k - 1]!), toPx(stroke[k]!), halfWidth, colour);
    }
  }

  // Noise over the text: one thin line through the glyphs, and dots.
  canvas.line([between(0, 10), between(8, H - 8)], [between(W - 10, W), between(8, H - 8)], 0.7, darkColour());
  for (let n = 0; n < 90; n++) {
    const c: Rgb = [between(60, 220), between(60, 220), between(60, 220)];
    const x = Math.floor(between(0, W));
    const y = Math.floor(between(0, H));
    canvas.blend(x, y, c, 0.9);
    if (rnd() < 0.3) canvas.blend(x + 1, y, c, 0.6);
  }

  return encodePng(canvas);
}

// --- PNG encoding (RGB, 8 bits per channel, filter 0, one IDAT) ---------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function encodePng(canvas: Canvas): Buffer {
  const { width, height, px } = canvas;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter type None per scanline
    for (let i = 0; i < width * 3; i++) raw[y * stride + 1 + i] = Math.max(0, Math.min(255, Math.round(px[y * width * 3 + i]!)));
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
