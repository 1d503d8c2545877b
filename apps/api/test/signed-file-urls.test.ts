import { describe, expect, it } from 'vitest';
import { FILE_URL_STEP_MS, FILE_URL_TTL_MS, signedFileUrl } from '../src/lib/file-urls.ts';
import { fileUrlKey } from '../src/services/file-url-key.ts';
import { MAIN, NOT_FOUND_EN, NOT_FOUND_ID, call, newBorrower } from './helpers/calls.ts';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';
import { tinyPng, uploadAs } from './helpers/uploads.ts';

// Borrowers' photos in server-rendered pages (issue 33 item 3; docs/security.md "Signed file URLs"): the API returns
// each photo as /user-problem/image/<id>?exp=&sig=, signed for the photo's owner, valid 15-20 minutes, with no
// session in it. Anything else (another borrower's photo, an expired, changed or missing signature) is the 404
// envelope in the request's language, as for a photo that does not exist.

type Detail = { images: string[]; disposeImages: string[] };

const SIGNED = /^\/user-problem\/image\/([A-Za-z0-9_-]{32})\?exp=(\d+)&sig=([A-Za-z0-9_-]{43})$/;

function parts(url: string) {
  const m = SIGNED.exec(url);
  expect(m, url).not.toBeNull();
  return { id: m![1]!, exp: m![2]!, sig: m![3]! };
}

const get = (ctx: TestContext, url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

/** The URL with isNeedPop=1 (English). */
const en = (url: string) => `${url}${url.includes('?') ? '&' : '?'}isNeedPop=1`;

async function expectRefused(ctx: TestContext, url: string, what: string) {
  const idRes = await get(ctx, url);
  expect(idRes.statusCode, what).toBe(404);
  expect(envelopeOf(idRes), what).toEqual(NOT_FOUND_ID);
  const enRes = await get(ctx, en(url));
  expect(enRes.statusCode, what).toBe(404);
  expect(envelopeOf(enRes), what).toEqual(NOT_FOUND_EN);
  expect(enRes.headers['content-type'], what).toMatch(/^application\/json/);
}

/** A new borrower with a complaint holding two photos; the detail's (signed) URLs. */
async function complaintWithPhotos(ctx: TestContext, seed: number) {
  const b = await newBorrower(ctx);
  const uploads: string[] = [];
  for (const s of [seed, seed + 1]) {
    const up = envelopeOf(await uploadAs(ctx, b.tok, { bytes: tinyPng(s) })) as { code: string; data: { url: string } };
    expect(up.code).toBe('00');
    uploads.push(up.data.url);
  }
  const saved = await call<{ problemId: number }>(
    ctx,
    '/user-problem/problem-save',
    { problemType: '5', problemSonType: '0', problemDetail: 'Photos of the receipt', problemImage: uploads.join(',') },
    { tok: b.tok },
  );
  expect(saved.code, saved.message).toBe('00');
  const detail = await call<Detail>(ctx, '/user-problem/problem-detail', { problemId: String(saved.data.problemId) }, { tok: b.tok });
  expect(detail.code).toBe('00');
  return { borrower: b, uploads, images: detail.data.images };
}

describe.each(BACKENDS)('signed photo URLs (%s)', (backend) => {
  const ctx = useTestApp(backend);

  it('the detail signs each photo for its owner; the URL opens without a session and holds no token', async () => {
    // A minute past the hour: 15 minutes on is inside a 5-minute step (the test clock starts on the hour).
    ctx.clock.advance(60_000);
    const { borrower, uploads, images } = await complaintWithPhotos(ctx, 40);
    expect(images).toHaveLength(2);
    for (const url of images) {
      const { exp } = parts(url);
      // No session in it, by name or by value.
      expect(url).not.toMatch(/tok=/i);
      expect(url).not.toContain(borrower.tok);
      expect(url).not.toContain(encodeURIComponent(borrower.tok));
      // 15 minutes at least, rounded up to the next 5-minute step.
      const now = ctx.clock.now().getTime();
      expect(Number(exp) * 1000).toBeGreaterThanOrEqual(now + FILE_URL_TTL_MS);
      expect(Number(exp) * 1000).toBeLessThanOrEqual(now + FILE_URL_TTL_MS + FILE_URL_STEP_MS);
      expect((Number(exp) * 1000) % FILE_URL_STEP_MS).toBe(0);

      const res = await get(ctx, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Private, and kept no longer than the URL works.
      expect(res.headers['cache-control']).toBe(`private, max-age=${Math.min(3600, Number(exp) - Math.floor(now / 1000))}`);
    }
    // The upload answered the same URL (one source for the form, the detail, the server's HTML and the page).
    expect(uploads).toEqual(images);
    // A second load a moment later, within the same step (the page's own fetch after the server's HTML): the same URLs.
    ctx.clock.advance(30_000);
    const again = await call<Detail>(
      ctx,
      '/user-problem/problem-detail',
      {
        problemId: String(
          (await ctx.db.query<{ id: number }>('SELECT max(id) AS id FROM complaints WHERE borrower_id = $1', [borrower.id]))[0]!.id,
        ),
      },
      { tok: borrower.tok },
    );
    expect(again.data.images).toEqual(images);
  });

  it("another borrower's photo: a signature made for someone else, or their own URL pointed at it, is refused", async () => {
    const a = await complaintWithPhotos(ctx, 50);
    const b = await complaintWithPhotos(ctx, 60);
    const key = await fileUrlKey(ctx.db);
    const aPhoto = parts(a.images[0]!);
    // A correctly made signature, but for borrower b, of a's photo.
    const forB = signedFileUrl(
      key,
      `/user-problem/image/${aPhoto.id}`,
      { kind: 'complaint-image', id: aPhoto.id, borrowerId: b.borrower.id },
      ctx.clock.now(),
    );
    expect(
      (
        await get(
          ctx,
          signedFileUrl(
            key,
            `/user-problem/image/${aPhoto.id}`,
            { kind: 'complaint-image', id: aPhoto.id, borrowerId: a.borrower.id },
            ctx.clock.now(),
          ),
        )
      ).statusCode,
    ).toBe(200);
    await expectRefused(ctx, forB, 'signed for another borrower');
    // b's own valid URL with a's photo id in the path.
    const bPhoto = parts(b.images[0]!);
    await expectRefused(ctx, `/user-problem/image/${aPhoto.id}?exp=${bPhoto.exp}&sig=${bPhoto.sig}`, "b's signature on a's photo");
    // b's signature with b's session: still not a's photo.
    await expectRefused(
      ctx,
      `/user-problem/image/${aPhoto.id}?exp=${bPhoto.exp}&sig=${bPhoto.sig}&tok=${b.borrower.tok}`,
      'with a session',
    );
    // The demo borrower's session does not open it either (the session path checks the owner as before).
    expect((await get(ctx, `/user-problem/image/${aPhoto.id}?tok=${MAIN}`)).statusCode).toBe(404);
  });

  it('an expired URL is refused (fake clock), up to the second before it works', async () => {
    const { images } = await complaintWithPhotos(ctx, 70);
    const url = images[0]!;
    const { exp } = parts(url);
    const start = ctx.clock.now();
    ctx.clock.set(new Date(Number(exp) * 1000 - 1000));
    const last = await get(ctx, url);
    expect(last.statusCode).toBe(200);
    expect(last.headers['cache-control']).toBe('private, max-age=1');
    ctx.clock.set(new Date(Number(exp) * 1000));
    await expectRefused(ctx, url, 'at the expiry');
    ctx.clock.set(new Date(start.getTime() + 24 * 60 * 60 * 1000));
    await expectRefused(ctx, url, 'a day later');
    ctx.clock.set(start);
  });

  it('a changed signature, photo id or expiry, or a missing part, is refused with the envelope', async () => {
    const { images } = await complaintWithPhotos(ctx, 80);
    const { id, exp, sig } = parts(images[0]!);
    const other = parts(images[1]!); // the same borrower's other photo
    const path = `/user-problem/image/${id}`;
    expect((await get(ctx, images[0]!)).statusCode).toBe(200);
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
    const cases: [string, string][] = [
      ['first character of the signature', `${path}?exp=${exp}&sig=${flip(sig, 0)}`],
      ['last character of the signature', `${path}?exp=${exp}&sig=${flip(sig, 42)}`],
      ['signature cut short', `${path}?exp=${exp}&sig=${sig.slice(0, 42)}`],
      ['signature of the other photo', `${path}?exp=${exp}&sig=${other.sig}`],
      ['the other photo with this signature', `/user-problem/image/${other.id}?exp=${exp}&sig=${sig}`],
      ['expiry moved later', `${path}?exp=${Number(exp) + 300}&sig=${sig}`],
      ['expiry moved a year later', `${path}?exp=${Number(exp) + 365 * 86_400}&sig=${sig}`],
      ['expiry moved earlier', `${path}?exp=${Number(exp) - 300}&sig=${sig}`],
      ['expiry with a leading zero', `${path}?exp=0${exp}&sig=${sig}`],
      ['no signature', `${path}?exp=${exp}`],
      ['no expiry', `${path}?sig=${sig}`],
      ['empty signature', `${path}?exp=${exp}&sig=`],
      ['signature twice', `${path}?exp=${exp}&sig=${sig}&sig=${sig}`],
      ['unknown photo', `/user-problem/image/${'c'.repeat(32)}?exp=${exp}&sig=${sig}`],
      ['the bare path', path],
    ];
    for (const [what, url] of cases) await expectRefused(ctx, url, what);
  });

  it('an old page that adds the session to the URL still works; the URL alone works without it', async () => {
    const { borrower, images } = await complaintWithPhotos(ctx, 90);
    expect((await get(ctx, `${images[0]}&tok=${borrower.tok}`)).statusCode).toBe(200);
    expect((await get(ctx, images[0]!, { 'x-lv-token': borrower.tok })).statusCode).toBe(200);
  });

  it('the key: the database keeps one random key; a configured secret derives another one', async () => {
    const k1 = await fileUrlKey(ctx.db);
    const k2 = await fileUrlKey(ctx.db);
    expect(k1.equals(k2)).toBe(true);
    expect(k1).toHaveLength(32);
    const secret = 'x'.repeat(40);
    const derived = await fileUrlKey(ctx.db, secret);
    expect(derived).toHaveLength(32);
    expect(derived.equals(k1)).toBe(false);
    expect(derived.equals(Buffer.from(secret))).toBe(false);
    expect((await fileUrlKey(ctx.db, secret)).equals(derived)).toBe(true);
    // A URL signed with another key than the server's is refused.
    const { images } = await complaintWithPhotos(ctx, 100);
    const { id } = parts(images[0]!);
    const [row] = await ctx.db.query<{ borrower_id: number }>('SELECT borrower_id FROM complaint_images WHERE public_id = $1', [id]);
    const foreign = signedFileUrl(
      derived,
      `/user-problem/image/${id}`,
      { kind: 'complaint-image', id, borrowerId: Number(row!.borrower_id) },
      ctx.clock.now(),
    );
    await expectRefused(ctx, foreign, 'signed with another key');
  });
});
