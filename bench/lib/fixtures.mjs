// The data two budget routes need, made through the real API of one instance (each instance has its own database):
// a fresh order for every first visit of /that, and a complaint with two phone photos for /complainDetails.
// Both use the demo-mode fixture endpoint (POST /dev/fixtures/order), as the e2e suite does.
import { Blob, Buffer } from 'node:buffer';
import { URLSearchParams } from 'node:url';
import sharp from 'sharp';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function envelope(res, what) {
  const body = await res.json().catch(() => null);
  if (body?.code !== '00') throw new Error(`${what}: HTTP ${res.status} ${body?.code ?? ''} ${body?.message ?? ''}`.trim());
  return body.data;
}

/** A fresh borrower with one order in the state of the demo order `kind` names (apps/api/src/routes/dev/fixtures.ts). */
export async function fixtureOrder(base, kind) {
  return envelope(
    await fetch(`${base}/dev/fixtures/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind }),
    }),
    `fixture order ${kind}`,
  );
}

/**
 * /that on a first visit (issue 33): an order past half its term that has never had a payment code, with the amount
 * loan details says it owes (what the Repay button links). A new one per measurement, so no run finds the code an
 * earlier run's page issued.
 */
export async function firstVisitThatPath(base) {
  const order = await fixtureOrder(base, 'repayable');
  const detail = await envelope(
    await fetch(`${base}/v3/loan-details/detail`, {
      method: 'POST',
      headers: { ...FORM, 'x-lv-token': order.tok },
      body: new URLSearchParams({ productId: String(order.productId), orderId: order.orderNo }).toString(),
    }),
    'loan details of the /that order',
  );
  const q = new URLSearchParams({
    productId: String(order.productId),
    orderId: order.orderNo,
    amount: String(detail.amount),
    display: '1',
    tok: order.tok,
  });
  return `/that?${q}`;
}

/**
 * A phone camera's picture: 1600 × 1200 JPEG with gradients and grain (what a borrower's photo of a screen or a
 * letter weighs, unlike a flat colour), different per seed.
 */
export async function phonePhoto(seed) {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  let noise = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      noise = (noise * 1103515245 + 12345) >>> 0;
      const grain = (noise >>> 27) - 16;
      const i = (y * width + x) * 3;
      raw[i] = Math.max(0, Math.min(255, ((x >> 3) + seed * 40 + grain) & 0xff));
      raw[i + 1] = Math.max(0, Math.min(255, ((y >> 3) + seed * 90 + grain) & 0xff));
      raw[i + 2] = Math.max(0, Math.min(255, 128 + grain));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * /complainDetails with photos: a fresh borrower files a complaint about its own order with two phone photos, the
 * way the app does it (POST /user-problem/upload-problem-img, then /user-problem/problem-save). Gives the page path.
 */
export async function photoComplaintPath(base) {
  const order = await fixtureOrder(base, 'early');
  const urls = [];
  for (const seed of [1, 2]) {
    const form = new globalThis.FormData();
    form.append('problemImage', new Blob([await phonePhoto(seed)], { type: 'image/jpeg' }), `photo-${seed}.jpg`);
    const uploaded = await envelope(
      await fetch(`${base}/user-problem/upload-problem-img?tok=${encodeURIComponent(order.tok)}`, { method: 'POST', body: form }),
      'complaint photo upload',
    );
    urls.push(uploaded.url);
  }
  const saved = await envelope(
    await fetch(`${base}/user-problem/problem-save?tok=${encodeURIComponent(order.tok)}`, {
      method: 'POST',
      headers: { ...FORM, 'idempotency-key': `bench-${Date.now()}-${Math.floor(Math.random() * 1e9)}` },
      body: new URLSearchParams({
        problemType: '1',
        problemSonType: '1',
        problemDetail: 'The collector called me five times today; the photos show the calls and the message.',
        problemImage: urls.join(','),
        orderNo: order.orderNo,
      }).toString(),
    }),
    'complaint save',
  );
  return `/complainDetails?${new URLSearchParams({ problemId: String(saved.problemId), tok: order.tok })}`;
}
