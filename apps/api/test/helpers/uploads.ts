import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { urlOf, type CallOptions } from './calls.ts';
import type { TestContext } from './setup.ts';

/** A multipart/form-data body with one file part. */
export function multipartBody(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----lendview${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 2 × 2 RGB PNG; `seed` changes its pixels so that two photos differ. */
export function tinyPng(seed = 0): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.from([0, seed & 0xff, 0, 0, 255, 255, 255, 0, 0, 0, 255, 10, 20, 30]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a JPEG and of a WebP (what the server looks at), padded. */
export const jpegBytes = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.from('JFIF'), Buffer.alloc(64, 1)]);
export const webpBytes = () =>
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 2)]);

/** POST a file to the borrower's upload endpoint. */
export async function uploadAs(
  ctx: TestContext,
  tok: string | undefined,
  file: { bytes: Buffer; name?: string; type?: string; field?: string },
  o: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody(file.field ?? 'problemImage', file.name ?? 'photo.png', file.type ?? 'image/png', file.bytes);
  return ctx.app.inject({ method: 'POST', url: urlOf('/user-problem/upload-problem-img', { ...o, tok }), ...body });
}
