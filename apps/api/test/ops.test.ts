import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireOperator } from '../src/lib/operator-auth.ts';
import { MAIN, NOT_FOUND_EN, SECOND, call } from './helpers/calls.ts';
import { signInOperator } from './helpers/operators.ts';
import { totpCode } from '../src/lib/totp.ts';
import { BACKENDS, envelopeOf, form, useTestApp, type TestContext } from './helpers/setup.ts';
import { multipartBody, tinyPng, uploadAs } from './helpers/uploads.ts';
import { DEMO_OPERATORS, DEMO_OPS_TOTP_SECRET } from '../src/db/demo/index.ts';

const SUPPORT_OP = DEMO_OPERATORS.support;
const MARKETING_OP = DEMO_OPERATORS.marketing;

type OpsItem = {
  problemId: number;
  borrower: string;
  orderNo: string;
  type: string;
  content: string;
  images: string[];
  state: string;
  disposeDetail: string;
  disposeAgent: string;
  disposeImages: string[];
};

async function opsPost(ctx: TestContext, path: string, fields: Record<string, string>, token?: string, ip = '127.0.0.1') {
  const f = form(fields);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${path}?isNeedPop=1`,
    payload: f.payload,
    remoteAddress: ip,
    headers: { ...f.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { res, status: res.statusCode, ...(envelopeOf(res) as { code: string; data: Record<string, unknown>; message: string }) };
}

async function opsGet(ctx: TestContext, path: string, token?: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'GET',
    url: path,
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const login = (ctx: TestContext, op: { username: string; password: string }): Promise<string> => signInOperator(ctx, op);

async function fileComplaint(ctx: TestContext, text: string, tok = MAIN): Promise<number> {
  const up = envelopeOf(await uploadAs(ctx, tok, { bytes: tinyPng(9) })) as { data: { url: string } };
  const r = await call<{ problemId: number }>(
    ctx,
    '/user-problem/problem-save',
    { problemType: '2', problemSonType: '0', problemDetail: text, problemImage: up.data.url, orderNo: tok === MAIN ? 'DEMO-170' : '' },
    { tok },
  );
  expect(r.code).toBe('00');
  return r.data.problemId;
}

describe.each(BACKENDS)('operator API (%s)', (backend) => {
  const ctx = useTestApp(backend);

  describe('login, me, logout', () => {
    it('logs in with a scrypt-checked password and an authenticator code; the token is stored hashed and works as a bearer token', async () => {
      const first = await opsPost(ctx, '/ops/api/login', { username: SUPPORT_OP.username, password: SUPPORT_OP.password });
      expect(first.status).toBe(200);
      // The password alone opens nothing: it answers a challenge for the code (the demo account is enrolled).
      expect(Object.keys(first.data).sort()).toEqual(['challenge', 'newPasswordRequired', 'step']);
      expect(first.data.newPasswordRequired).toBe(false);
      expect(first.data.step).toBe('code');
      const r = await opsPost(ctx, '/ops/api/login/code', {
        challenge: first.data.challenge as string,
        code: totpCode(DEMO_OPS_TOTP_SECRET, ctx.clock.now()),
      });
      expect(r.status).toBe(200);
      expect(r.message).toBe('Logged in successfully.');
      expect(r.data).toMatchObject({ username: 'ops-support', role: 'support' });
      const token = r.data.token as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Date(r.data.expiresAt as string).getTime() - ctx.clock.now().getTime()).toBe(12 * 60 * 60 * 1000);
      const stored = await ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM operator_sessions');
      expect(stored.map((s) => s.token_hash)).not.toContain(token);

      const me = await opsGet(ctx, '/ops/api/me', token);
      expect(envelopeOf(me)).toEqual({ code: '00', data: { username: 'ops-support', role: 'support' }, message: 'Success' });

      const out = await opsPost(ctx, '/ops/api/logout', {}, token);
      expect(out.data).toEqual({ loggedOut: true });
      const after = await opsGet(ctx, '/ops/api/me', token);
      expect(after.statusCode).toBe(401);
    });

    it('wrong password, unknown user: the same 401 answer', async () => {
      const wrong = await opsPost(ctx, '/ops/api/login', { username: SUPPORT_OP.username, password: 'nope-nope' }, undefined, '10.0.0.1');
      const unknown = await opsPost(ctx, '/ops/api/login', { username: 'ops-nobody', password: 'nope-nope' }, undefined, '10.0.0.1');
      expect(wrong.status).toBe(401);
      expect(envelopeOf(wrong.res)).toEqual({ code: 'UNAUTHORIZED', data: null, message: 'The username or password is incorrect.' });
      expect(envelopeOf(unknown.res)).toEqual(envelopeOf(wrong.res));
      const missing = await opsPost(ctx, '/ops/api/login', { username: SUPPORT_OP.username });
      expect(missing.status).toBe(400);
    });

    it('5 failed logins per username and IP lock it (the right password too) until the window ends', async () => {
      const ip = '10.0.0.2';
      for (let i = 0; i < 5; i++) {
        const r = await opsPost(ctx, '/ops/api/login', { username: MARKETING_OP.username, password: `wrong-${i}` }, undefined, ip);
        expect(r.status).toBe(401);
      }
      const sixth = await opsPost(ctx, '/ops/api/login', { username: MARKETING_OP.username, password: 'wrong-6' }, undefined, ip);
      expect(sixth.status).toBe(429);
      expect(sixth.res.headers['retry-after']).toBeDefined();
      const right = await opsPost(
        ctx,
        '/ops/api/login',
        { username: MARKETING_OP.username, password: MARKETING_OP.password },
        undefined,
        ip,
      );
      expect(right.status).toBe(429);
      expect(right.message).toMatch(/^Too many failed logins\. Please try again in \d+ minutes\.$/);
      // The account itself now waits (5 consecutive failures: 30 s back-off, from any address; ops-sign-in.test.ts).
      const elsewhere = await opsPost(
        ctx,
        '/ops/api/login',
        { username: MARKETING_OP.username, password: MARKETING_OP.password },
        undefined,
        '10.0.0.3',
      );
      expect(elsewhere.status).toBe(429);
      ctx.clock.advance(30 * 1000);
      // After the back-off, another address is not locked out by the first one's failures.
      const afterBackoff = await opsPost(
        ctx,
        '/ops/api/login',
        { username: MARKETING_OP.username, password: MARKETING_OP.password },
        undefined,
        '10.0.0.3',
      );
      expect(afterBackoff.code).toBe('00');
      ctx.clock.advance(15 * 60 * 1000 + 1000);
      const later = await opsPost(
        ctx,
        '/ops/api/login',
        { username: MARKETING_OP.username, password: MARKETING_OP.password },
        undefined,
        ip,
      );
      expect(later.code).toBe('00');
    });

    it('no token, a malformed or unknown token, an expired session: 401', async () => {
      for (const auth of [undefined, 'Bearer', 'Bearer short', `Bearer ${'x'.repeat(43)}`, `Basic ${'x'.repeat(43)}`]) {
        const res = await ctx.app.inject({ method: 'GET', url: '/ops/api/me?isNeedPop=1', headers: auth ? { authorization: auth } : {} });
        expect(res.statusCode, auth).toBe(401);
        expect(envelopeOf(res)).toEqual({ code: 'UNAUTHORIZED', data: null, message: 'Please log in to the back office.' });
      }
      const token = await login(ctx, SUPPORT_OP);
      ctx.clock.advance(12 * 60 * 60 * 1000);
      expect((await opsGet(ctx, '/ops/api/me', token)).statusCode).toBe(401);
    });

    it('a borrower token is not an operator token', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/ops/api/me?tok=${MAIN}`, headers: { authorization: `Bearer ${MAIN}` } });
      expect(res.statusCode).toBe(401);
    });

    it('requireOperator: the guard other routes import', async () => {
      const token = await login(ctx, MARKETING_OP);
      const req = { headers: { authorization: `Bearer ${token}` }, server: ctx.app } as never;
      await expect(requireOperator(req, ctx.db, 'marketing')).resolves.toMatchObject({ username: 'ops-marketing', role: 'marketing' });
      await expect(requireOperator(req, ctx.db)).resolves.toMatchObject({ role: 'marketing' });
      await expect(requireOperator(req, ctx.db, 'support')).rejects.toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
      await expect(requireOperator({ headers: {}, server: ctx.app } as never, ctx.db, 'marketing')).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        statusCode: 401,
      });
    });
  });

  describe('complaints (support)', () => {
    it('queue → photo → answer → the borrower sees the result, rates it once; answering twice is 409', async () => {
      const text = `My payment is missing ${Date.now()}`;
      const problemId = await fileComplaint(ctx, text);
      const support = await login(ctx, SUPPORT_OP);

      const queue = envelopeOf(await opsGet(ctx, '/ops/api/complaints', support)) as { data: { items: OpsItem[] } };
      const item = queue.data.items.find((i) => i.problemId === problemId)!;
      expect(item).toMatchObject({
        borrower: '138****0000',
        orderNo: 'DEMO-170',
        type: 'Repayment',
        content: text,
        state: 'processing',
        disposeDetail: '',
      });
      expect(queue.data.items.every((i) => i.state === 'processing')).toBe(true);
      // Oldest first.
      const ids = queue.data.items.map((i) => i.problemId);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      // The operator's photo URL works without a borrower session, and only as signed.
      expect(item.images).toHaveLength(1);
      const photo = await ctx.app.inject({ method: 'GET', url: item.images[0]! });
      expect(photo.statusCode).toBe(200);
      // Uploads are re-encoded (issue 12, lib/images.ts): an opaque PNG is stored as a JPEG.
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      const tampered = item.images[0]!.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
      expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
      const unsigned = item.images[0]!.split('?')[0]!;
      expect((await ctx.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(404);

      // The operator's own photo for the answer (multipart field `image`).
      const upload = await ctx.app.inject({
        method: 'POST',
        url: '/ops/api/complaints/upload-image',
        ...(() => {
          const body = multipartBody('image', 'proof.png', 'image/png', tinyPng(42));
          return { payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${support}` } };
        })(),
      });
      const uploaded = envelopeOf(upload) as { code: string; data: { url: string } };
      expect(uploaded.code).toBe('00');
      // The console's bearer-checked photo path: no expiring signed link in the operator's page.
      expect(uploaded.data.url).toMatch(/^\/ops\/api\/console\/photo\/[A-Za-z0-9_-]{32}$/);
      const preview = await ctx.app.inject({ method: 'GET', url: uploaded.data.url, headers: { authorization: `Bearer ${support}` } });
      expect(preview.statusCode).toBe(200);
      // Re-encoded on upload (lib/images.ts): a PNG without alpha is stored as JPEG.
      expect(preview.headers['content-type']).toMatch(/^image\/(jpeg|webp)$/);
      expect((await ctx.app.inject({ method: 'GET', url: uploaded.data.url })).statusCode).toBe(401);
      const notImage = await ctx.app.inject({
        method: 'POST',
        url: '/ops/api/complaints/upload-image?isNeedPop=1',
        ...(() => {
          const body = multipartBody('image', 'proof.jpg', 'image/jpeg', Buffer.from('plain text'));
          return { payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${support}` } };
        })(),
      });
      expect(notImage.statusCode).toBe(400);
      expect(envelopeOf(notImage).message).toBe('Only JPEG, PNG or WebP photos can be uploaded.');

      // Before the answer the borrower cannot rate.
      const early = await call(ctx, '/user-problem/save-score', { score: '5', problemId: String(problemId) }, { tok: MAIN, lang: 'en' });
      expect(early.message).toBe('You can rate this complaint once we have answered it.');

      const reply = 'We found your payment <b>and</b> applied it. Sorry for the wait!';
      const answered = await opsPost(
        ctx,
        '/ops/api/complaints/answer',
        { problemId: String(problemId), disposeDetail: reply, disposeImages: uploaded.data.url },
        support,
      );
      expect(answered.status).toBe(200);
      expect(envelopeOf(answered.res)).toEqual({
        code: '00',
        data: { problemId, state: 'processed' },
        message: 'The answer has been sent to the borrower.',
      });

      const detail = await call<{
        state: string;
        disposeDetail: string;
        disposeAgent: string;
        disposeImages: string[];
        isScore: number;
        images: string[];
      }>(ctx, '/user-problem/problem-detail', { problemId: String(problemId) }, { tok: MAIN, lang: 'en' });
      const [op] = await ctx.db.query<{ id: number }>("SELECT id FROM operators WHERE username = 'ops-support'");
      expect(detail.data).toMatchObject({
        state: 'processed',
        disposeDetail: reply,
        disposeAgent: `Customer service · Agent ${op!.id}`,
        isScore: 1,
      });
      expect(detail.data.disposeImages).toHaveLength(1);
      // Signed for this borrower (docs/security.md "Signed file URLs"): it opens without a session.
      expect(detail.data.disposeImages[0]).toMatch(/^\/user-problem\/image\/[A-Za-z0-9_-]{32}\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
      expect((await ctx.app.inject({ method: 'GET', url: detail.data.disposeImages[0]! })).statusCode).toBe(200);
      const answerPhotoPath = detail.data.disposeImages[0]!.split('?')[0]!;
      const detailId = await call<{ disposeAgent: string }>(
        ctx,
        '/user-problem/problem-detail',
        { problemId: String(problemId) },
        { tok: MAIN },
      );
      expect(detailId.data.disposeAgent).toBe(`Layanan pelanggan · Agen ${op!.id}`);
      // The answer's photo: the borrower of the complaint may see it, nobody else.
      const mine = await ctx.app.inject({ method: 'GET', url: `${answerPhotoPath}?tok=${MAIN}` });
      expect(mine.statusCode).toBe(200);
      // The operator's 2 × 2 PNG, as the re-encoded JPEG the server stored.
      expect(await sharp(mine.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 2, height: 2 });
      expect((await ctx.app.inject({ method: 'GET', url: `${answerPhotoPath}?tok=${SECOND}` })).statusCode).toBe(404);

      // The list moved it to Processed.
      const tabs = await call<{ tabs: { state: string; items: { id: number }[] }[] }>(ctx, '/user-problem/problem-list', {}, { tok: MAIN });
      expect(tabs.data.tabs.find((t) => t.state === 'processed')!.items.map((i) => i.id)).toContain(problemId);
      expect(tabs.data.tabs.find((t) => t.state === 'processing')!.items.map((i) => i.id)).not.toContain(problemId);

      // Rating: another borrower is NOT_FOUND; 1-5 once.
      const theirs = await call(ctx, '/user-problem/save-score', { score: '5', problemId: String(problemId) }, { tok: SECOND, lang: 'en' });
      expect(envelopeOf(theirs.res)).toEqual(NOT_FOUND_EN);
      const rated = await call(ctx, '/user-problem/save-score', { score: '4', problemId: String(problemId) }, { tok: MAIN, lang: 'en' });
      expect(envelopeOf(rated.res)).toEqual({ code: '00', data: { saved: true }, message: 'Thank you for your rating.' });
      const afterRating = await call<{ isScore: number }>(
        ctx,
        '/user-problem/problem-detail',
        { problemId: String(problemId) },
        { tok: MAIN },
      );
      expect(afterRating.data.isScore).toBe(0);
      const twice = await call(ctx, '/user-problem/save-score', { score: '5', problemId: String(problemId) }, { tok: MAIN, lang: 'en' });
      expect(twice.status).toBe(400);
      expect(twice.message).toBe('You have already rated this answer.');
      const [row] = await ctx.db.query<{ score: number }>('SELECT score FROM complaints WHERE id = $1', [problemId]);
      expect(row!.score).toBe(4);

      // One answer per complaint.
      const again = await opsPost(
        ctx,
        '/ops/api/complaints/answer',
        { problemId: String(problemId), disposeDetail: 'Second answer' },
        support,
      );
      expect(again.status).toBe(409);
      expect(envelopeOf(again.res)).toEqual({ code: 'CONFLICT', data: null, message: 'This complaint has already been answered.' });

      // The processed queue shows the answer with the operator's name.
      const processed = envelopeOf(await opsGet(ctx, '/ops/api/complaints?state=processed', support)) as { data: { items: OpsItem[] } };
      expect(processed.data.items.find((i) => i.problemId === problemId)).toMatchObject({
        disposeDetail: reply,
        disposeAgent: 'ops-support',
      });
      expect(processed.data.items.find((i) => i.problemId === problemId)!.disposeImages).toHaveLength(1);
    });

    it('roles: marketing answering a complaint is 403; no token is 401; nothing changes', async () => {
      const problemId = await fileComplaint(ctx, 'Role check');
      const marketing = await login(ctx, MARKETING_OP);
      const forbidden = await opsPost(
        ctx,
        '/ops/api/complaints/answer',
        { problemId: String(problemId), disposeDetail: 'Not mine to answer' },
        marketing,
      );
      expect(forbidden.status).toBe(403);
      expect(envelopeOf(forbidden.res)).toEqual({ code: 'FORBIDDEN', data: null, message: 'Your role does not allow this action.' });
      expect((await opsGet(ctx, '/ops/api/complaints', marketing)).statusCode).toBe(403);
      const anon = await opsPost(ctx, '/ops/api/complaints/answer', { problemId: String(problemId), disposeDetail: 'Anyone?' });
      expect(anon.status).toBe(401);
      // Checked before the input: a bad body without access is still 401.
      expect((await opsPost(ctx, '/ops/api/complaints/answer', {})).status).toBe(401);
      expect((await opsGet(ctx, '/ops/api/complaints')).statusCode).toBe(401);
      const [row] = await ctx.db.query<{ state: string }>('SELECT state FROM complaints WHERE id = $1', [problemId]);
      expect(row!.state).toBe('processing');
    });

    it('answer input: a missing complaint is 404, empty text 400, foreign or borrower photos refused', async () => {
      const support = await login(ctx, SUPPORT_OP);
      const missing = await opsPost(ctx, '/ops/api/complaints/answer', { problemId: '99999999', disposeDetail: 'x' }, support);
      expect(missing.status).toBe(404);
      const problemId = await fileComplaint(ctx, 'Answer input');
      const empty = await opsPost(ctx, '/ops/api/complaints/answer', { problemId: String(problemId), disposeDetail: '  ' }, support);
      expect(empty.status).toBe(400);
      const borrowerPhoto = envelopeOf(await uploadAs(ctx, MAIN, { bytes: tinyPng(5) })) as { data: { url: string } };
      const withBorrowerPhoto = await opsPost(
        ctx,
        '/ops/api/complaints/answer',
        { problemId: String(problemId), disposeDetail: 'Here', disposeImages: borrowerPhoto.data.url },
        support,
      );
      expect(withBorrowerPhoto.status).toBe(400);
      expect(withBorrowerPhoto.message).toBe('A photo of this complaint could not be found. Please remove it and add it again.');
      // Rolled back: still open.
      const [row] = await ctx.db.query<{ state: string }>('SELECT state FROM complaints WHERE id = $1', [problemId]);
      expect(row!.state).toBe('processing');
    });

    it('signed photo URLs expire', async () => {
      await fileComplaint(ctx, 'Expiring photo');
      const support = await login(ctx, SUPPORT_OP);
      const queue = envelopeOf(await opsGet(ctx, '/ops/api/complaints?state=all', support)) as { data: { items: OpsItem[] } };
      const url = queue.data.items.at(-1)!.images[0]!;
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      ctx.clock.advance(31 * 60 * 1000);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    });
  });
});
