import { purgeUnattachedImages } from '../src/services/complaint-images.ts';
import { describe, expect, it } from 'vitest';
import { MAIN, NOT_FOUND_EN, NOT_FOUND_ID, SECOND, UNAUTHORIZED_EN, call, newBorrower, urlOf } from './helpers/calls.ts';
import { BACKENDS, envelopeOf, form, useTestApp, type TestContext } from './helpers/setup.ts';
import sharp from 'sharp';
import { fakeWebp, jpegWithGps, opaqueWebp, plainJpeg, pngBomb, transparentPng } from './helpers/images.ts';
import { jpegBytes, multipartBody, tinyPng, uploadAs, webpBytes } from './helpers/uploads.ts';
import { DEMO_QA } from '../src/db/demo/index.ts';

type Card = { orderNo: string; status: number; isShow: number; productName: string; list: { title: string; value: string }[] };
type Tabs = { tabs: { title: string; state: string; items: { id: number; time: string; type: string; content: string }[] }[] };
type Detail = {
  problemId: number;
  type: string;
  sonType: string;
  content: string;
  images: string[];
  state: string;
  disposeDetail: string;
  disposeAgent: string;
  disposeImages: string[];
  isScore: number;
};

/** A photo URL without its signature: the path the owner's session opens. */
const pathOf = (url: string) => url.split('?')[0]!;

async function upload(ctx: TestContext, tok: string, seed = 0): Promise<string> {
  const res = await uploadAs(ctx, tok, { bytes: tinyPng(seed) });
  const body = envelopeOf(res) as { code: string; data: { url: string } };
  expect(body.code, res.body).toBe('00');
  return body.data.url;
}

const save = (ctx: TestContext, fields: Record<string, string>, tok = MAIN, lang: 'en' | 'id' = 'en') =>
  call<{ problemId: number }>(ctx, '/user-problem/problem-save', fields, { tok, lang });

const repaymentComplaint = (text: string, images: string[] = []) => ({
  problemType: '2',
  problemSonType: '0',
  problemDetail: text,
  problemImage: images.join(','),
  orderNo: 'DEMO-170',
});

describe.each(BACKENDS)('complaints (%s)', (backend) => {
  const ctx = useTestApp(backend);

  describe('problem-init', () => {
    it('lists every order of the borrower as a card; isShow 1 only on repaying / due soon / overdue orders', async () => {
      const r = await call<{
        problemType: { title: string; value: number }[];
        problemSonType: { title: string; value: number }[];
        orderDetail: Card;
        orderList: Card[];
      }>(ctx, '/user-problem/problem-init', { orderId: 'DEMO-170' }, { tok: MAIN, lang: 'en' });
      expect(r.status).toBe(200);
      expect(r.code).toBe('00');
      expect(r.data.problemType).toEqual([
        { title: 'Collection', value: 1 },
        { title: 'Repayment', value: 2 },
        { title: 'Loan application', value: 3 },
        { title: 'Account and app', value: 4 },
        { title: 'Other', value: 5 },
      ]);
      expect(r.data.problemSonType.map((s) => s.value)).toEqual([1, 2, 3, 4]);
      expect(r.data.problemSonType[0]).toEqual({ title: 'Harassing calls or messages', value: 1 });
      expect(r.data.orderDetail.orderNo).toBe('DEMO-170');
      expect(r.data.orderDetail.productName).toBe('LendView Cepat');
      expect(r.data.orderDetail.list[0]).toEqual({ title: 'Loan amount', value: '₹2,500,000' });
      const collection = new Set([170, 174, 180, 3, 5]);
      expect(r.data.orderList.length).toBeGreaterThanOrEqual(11);
      for (const card of r.data.orderList) expect(card.isShow, card.orderNo).toBe(collection.has(card.status) ? 1 : 0);
      const isShow = Object.fromEntries(r.data.orderList.map((o) => [o.orderNo, o.isShow]));
      expect(isShow).toMatchObject({
        'DEMO-21': 0,
        'DEMO-110': 0,
        'DEMO-151': 0,
        'DEMO-170': 1,
        'DEMO-174': 1,
        'DEMO-180': 1,
        'DEMO-200': 0,
        'DEMO-3': 1,
        'DEMO-4': 0,
        'DEMO-5': 1,
      });
      expect(r.data.orderList.map((o) => o.orderNo)).not.toContain('DEMO2-170');
    });

    it('empty orderId selects the latest order; Indonesian titles', async () => {
      const r = await call<{ problemType: { title: string }[]; orderDetail: Card; orderList: Card[] }>(
        ctx,
        '/user-problem/problem-init',
        {},
        { tok: MAIN },
      );
      expect(r.code).toBe('00');
      expect(r.data.orderDetail.orderNo).toBe(r.data.orderList[0]!.orderNo);
      expect(r.data.problemType[0]!.title).toBe('Penagihan');
    });

    it("another borrower's order answers exactly as a missing one; no session is UNAUTHORIZED", async () => {
      const other = await call(ctx, '/user-problem/problem-init', { orderId: 'DEMO2-170' }, { tok: MAIN, lang: 'en' });
      const missing = await call(ctx, '/user-problem/problem-init', { orderId: 'NOPE-1' }, { tok: MAIN, lang: 'en' });
      expect(other.status).toBe(404);
      expect(envelopeOf(other.res)).toEqual(NOT_FOUND_EN);
      expect(envelopeOf(missing.res)).toEqual(NOT_FOUND_EN);
      const anon = await call(ctx, '/user-problem/problem-init', {}, { lang: 'en' });
      expect(anon.status).toBe(401);
      expect(envelopeOf(anon.res)).toEqual(UNAUTHORIZED_EN);
    });

    it('a borrower without orders gets no order card', async () => {
      const b = await newBorrower(ctx);
      const r = await call(ctx, '/user-problem/problem-init', {}, { tok: b.tok });
      expect(r.data).toMatchObject({ orderDetail: null, orderList: [] });
    });

    it('v3: the QA categories as problem types, the count of open complaints', async () => {
      const b = await newBorrower(ctx);
      const before = await call<{ problemStatus: number; problemType: unknown[] }>(
        ctx,
        '/h5-api/v3/user-problem/problem-init',
        {},
        { tok: b.tok, lang: 'en' },
      );
      expect(before.data.problemType).toEqual([
        { id: 1, title_local: 'Loan application' },
        { id: 2, title_local: 'Repayment' },
        { id: 3, title_local: 'Account and security' },
      ]);
      expect(before.data.problemStatus).toBe(0);
      expect((await save(ctx, { problemType: '4', problemDetail: 'The app crashes on start.' }, b.tok)).code).toBe('00');
      const after = await call<{ problemStatus: number }>(ctx, '/h5-api/v3/user-problem/problem-init', { orderNo: '' }, { tok: b.tok });
      expect(after.data.problemStatus).toBe(1);
    });
  });

  describe('chatbot', () => {
    const qaList = async (pid: string, lang: 'en' | 'id' = 'en') => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: urlOf('/h5-api/v3/user-problem/get-qa-list', { tok: MAIN, lang }, { pid, orderNo: 'DEMO-170' }),
      });
      return {
        res,
        ...(envelopeOf(res) as {
          code: string;
          data: { answerList: { id: number; title_local: string; action_type: number }[]; question: unknown; data: string };
        }),
      };
    };

    it('get-qa-list: categories, a category, a question with its answer, in the request language', async () => {
      const top = await qaList('0');
      expect(top.data).toEqual({
        answerList: [
          { id: 1, title_local: 'Loan application', title_local_alias: '', action_type: 0 },
          { id: 2, title_local: 'Repayment', title_local_alias: '', action_type: 0 },
          { id: 3, title_local: 'Account and security', title_local_alias: '', action_type: 0 },
        ],
        question: null,
        data: '',
      });
      const repayment = await qaList('2', 'id');
      expect(repayment.data.question).toEqual({ id: 2, title_local: 'Pembayaran' });
      expect(repayment.data.answerList.map((a) => [a.id, a.action_type])).toEqual([
        [21, 0],
        [22, 0],
        [23, 4],
      ]);
      expect(repayment.data.answerList[0]!.title_local).toBe('Bagaimana cara membayar?');
      const q = await qaList('21');
      expect(q.data).toEqual({
        answerList: [],
        question: { id: 21, title_local: 'How do I repay?' },
        data: DEMO_QA.find((n) => n.id === 21)!.answerEn,
      });
      const missing = await qaList('999');
      expect(missing.res.statusCode).toBe(404);
      const bad = await qaList('-1');
      expect(bad.res.statusCode).toBe(400);
    });

    const record = (fields: Record<string, string>, lang: 'en' | 'id' = 'en', tok = MAIN) =>
      call<{ reply: string; matched: boolean; qaId: number }>(
        ctx,
        '/h5-api/v3/user-problem/qa-record',
        { orderNo: 'DEMO-170', ...fields },
        { tok, lang },
      );

    it('types 1-3: recorded; under 4 stars a localized message, 4+ nothing', async () => {
      expect((await record({ type: '1', value: '', qaId: '23' })).data).toEqual({ reply: '', matched: false, qaId: 23 });
      expect((await record({ type: '2', value: '1', qaId: '21' })).data).toEqual({ reply: '', matched: false, qaId: 21 });
      expect((await record({ type: '2', value: '2', qaId: '21' })).code).toBe('00');
      const low = await record({ type: '3', value: '3', qaId: '21' });
      expect(low.data.reply).toBe(
        'Thank you for your rating. We are sorry the answer did not help; our customer service is here if you need more help.',
      );
      const lowId = await record({ type: '3', value: '1', qaId: '21' }, 'id');
      expect(lowId.data.reply).toBe(
        'Terima kasih atas penilaian Anda. Maaf jawabannya belum membantu; layanan pelanggan kami siap membantu Anda.',
      );
      expect((await record({ type: '3', value: '4', qaId: '21' })).data.reply).toBe('');
      expect((await record({ type: '3', value: '5', qaId: '21' })).data.reply).toBe('');
      const bad = await record({ type: '3', value: '6', qaId: '21' });
      expect(bad.status).toBe(400);
      expect(bad.message).toBe('Invalid value for field: value.');
      expect((await record({ type: '2', value: '3', qaId: '21' })).status).toBe(400);
      expect((await record({ type: '5', value: '1', qaId: '21' })).status).toBe(400);
      expect((await record({ type: '1', value: '', qaId: '999' })).status).toBe(400);
      const rows = await ctx.db.query<{ type: number; value: string; qa_id: number; order_no: string }>(
        "SELECT type, value, qa_id, order_no FROM qa_records r JOIN borrowers b ON b.id = r.borrower_id WHERE b.phone = '13800000000' ORDER BY r.id",
      );
      expect(rows.slice(0, 3)).toEqual([
        { type: 1, value: '', qa_id: 23, order_no: 'DEMO-170' },
        { type: 2, value: '1', qa_id: 21, order_no: 'DEMO-170' },
        { type: 2, value: '2', qa_id: 21, order_no: 'DEMO-170' },
      ]);
    });

    it("a record on another borrower's order is NOT_FOUND", async () => {
      const r = await record({ type: '2', value: '1', qaId: '21', orderNo: 'DEMO2-170' });
      expect(envelopeOf(r.res)).toEqual(NOT_FOUND_EN);
    });

    it('type 4: free text matched against the QA base in the borrower language', async () => {
      const en = await record({ type: '4', value: 'How can I repay my loan?', qaId: '0' });
      expect(en.data).toEqual({ reply: DEMO_QA.find((n) => n.id === 21)!.answerEn, matched: true, qaId: 21 });
      const id = await record({ type: '4', value: 'Bagaimana cara membayar pinjaman saya?', qaId: '0' }, 'id');
      expect(id.data).toEqual({ reply: DEMO_QA.find((n) => n.id === 21)!.answerId, matched: true, qaId: 21 });
      const harass = await record({ type: '4', value: 'The collector keeps harassing me', qaId: '0' });
      expect(harass.data.qaId).toBe(33);
      const [row] = await ctx.db.query<{ matched: boolean; reply: string }>(
        "SELECT matched, reply FROM qa_records WHERE type = 4 AND value = 'How can I repay my loan?'",
      );
      expect(row).toEqual({ matched: true, reply: DEMO_QA.find((n) => n.id === 21)!.answerEn });
    });

    it('type 4: no shared word → matched false and the honest reply, never a random answer', async () => {
      const en = await record({ type: '4', value: 'What is the weather forecast for tomorrow?', qaId: '0' });
      expect(en.data).toEqual({ reply: 'I could not find that, please contact customer service.', matched: false, qaId: 0 });
      const id = await record({ type: '4', value: 'Apakah besok hujan?', qaId: '0' }, 'id');
      expect(id.data).toEqual({
        reply: 'Maaf, saya tidak menemukan jawabannya. Silakan hubungi layanan pelanggan.',
        matched: false,
        qaId: 0,
      });
      // Only stop words: nothing to match on.
      expect((await record({ type: '4', value: 'how do I', qaId: '0' })).data.matched).toBe(false);
      const empty = await record({ type: '4', value: '   ', qaId: '0' });
      expect(empty.status).toBe(400);
      expect(empty.message).toBe('Missing required field: value.');
    });
  });

  describe('photos', () => {
    it('upload → same-origin URL → served to the owner only, with its type, nosniff and private caching', async () => {
      const png = tinyPng(7);
      const res = await uploadAs(ctx, MAIN, { bytes: png, name: 'receipt.png' }, { lang: 'en' });
      const body = envelopeOf(res) as { code: string; data: { url: string } };
      expect(body.code).toBe('00');
      expect(body.data.url).toMatch(/^\/user-problem\/image\/[A-Za-z0-9_-]{32}\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);

      const own = await ctx.app.inject({ method: 'GET', url: `${pathOf(body.data.url)}?tok=${MAIN}` });
      expect(own.statusCode).toBe(200);
      // Re-encoded (issue 12): an opaque PNG is stored and served as a JPEG we drew, never the bytes sent.
      expect(own.headers['content-type']).toBe('image/jpeg');
      expect(own.headers['x-content-type-options']).toBe('nosniff');
      expect(own.headers['cache-control']).toMatch(/^private/);
      expect(own.rawPayload.equals(png)).toBe(false);
      expect(await sharp(own.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 2, height: 2 });
      const byHeader = await ctx.app.inject({ method: 'GET', url: pathOf(body.data.url), headers: { 'x-lv-token': MAIN } });
      expect(byHeader.statusCode).toBe(200);

      const other = await ctx.app.inject({ method: 'GET', url: `${pathOf(body.data.url)}?tok=${SECOND}&isNeedPop=1` });
      expect(other.statusCode).toBe(404);
      expect(envelopeOf(other)).toEqual(NOT_FOUND_EN);
      const anon = await ctx.app.inject({ method: 'GET', url: pathOf(body.data.url) });
      expect(anon.statusCode).toBe(404);
      const unknown = await ctx.app.inject({ method: 'GET', url: `/user-problem/image/${'a'.repeat(32)}?tok=${MAIN}` });
      expect(unknown.statusCode).toBe(404);
    });

    it('JPEG and WebP are accepted by their bytes, whatever the name says', async () => {
      const jpeg = envelopeOf(
        await uploadAs(ctx, MAIN, { bytes: await plainJpeg(30, 30), name: 'photo.webp', type: 'application/octet-stream' }),
      ) as { data: { url: string } };
      const served = await ctx.app.inject({ method: 'GET', url: `${pathOf(jpeg.data.url)}?tok=${MAIN}` });
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 30, height: 30 });
      const webp = envelopeOf(await uploadAs(ctx, MAIN, { bytes: await opaqueWebp(16, 12), name: 'x.png' })) as { data: { url: string } };
      const webpServed = await ctx.app.inject({ method: 'GET', url: `${pathOf(webp.data.url)}?tok=${MAIN}` });
      expect(webpServed.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(webpServed.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 16, height: 12 });
      // Transparency is kept: such a picture is stored as WebP.
      const clear = envelopeOf(await uploadAs(ctx, MAIN, { bytes: await transparentPng(10, 10) })) as { data: { url: string } };
      const clearServed = await ctx.app.inject({ method: 'GET', url: `${pathOf(clear.data.url)}?tok=${MAIN}` });
      expect(clearServed.headers['content-type']).toBe('image/webp');
      expect(await sharp(clearServed.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 10, height: 10, hasAlpha: true });
    });

    it('a photo is stored without its EXIF (GPS included), turned upright, and still shown in the complaint', async () => {
      const original = await jpegWithGps(40, 20, 6);
      const before = await sharp(original).metadata();
      expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer is there
      const b = await newBorrower(ctx);
      const up = envelopeOf(await uploadAs(ctx, b.tok, { bytes: original, name: 'IMG_0001.jpg' })) as {
        code: string;
        data: { url: string };
      };
      expect(up.code).toBe('00');
      const publicId = pathOf(up.data.url).split('/').pop()!;
      const [row] = await ctx.db.query<{ storage_key: string; mime: string; width: number; height: number; size_bytes: number }>(
        'SELECT storage_key, mime, width, height, size_bytes FROM complaint_images WHERE public_id = $1',
        [publicId],
      );
      const stored = await ctx.app.storage.get(row!.storage_key);
      expect(stored).not.toBeNull();
      const meta = await sharp(stored!).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored!.includes(Buffer.from('LeakyPhone'))).toBe(false);
      // Orientation 6 applied to the pixels: the 40 × 20 picture is now 20 × 40.
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 20, height: 40 });
      expect(row).toMatchObject({ mime: 'image/jpeg', width: 20, height: 40, size_bytes: stored!.length });

      const saved = await save(ctx, { problemType: '5', problemDetail: 'Photo of the call log', problemImage: up.data.url }, b.tok);
      expect(saved.code).toBe('00');
      const detail = await call<Detail>(ctx, '/user-problem/problem-detail', { problemId: String(saved.data.problemId) }, { tok: b.tok });
      expect(detail.data.images).toEqual([up.data.url]);
      const shown = await ctx.app.inject({ method: 'GET', url: `${pathOf(up.data.url)}?tok=${b.tok}` });
      expect(shown.statusCode).toBe(200);
      expect(shown.rawPayload.equals(stored!)).toBe(true);
    });

    it('fakes, truncated files and decompression bombs are refused with the bad-photo message', async () => {
      const jpeg = await plainJpeg(64, 64);
      const bomb = pngBomb(20000);
      expect(bomb.length).toBeLessThan(100 * 1024);
      const cases: [string, Buffer][] = [
        ['RIFF....WEBP<html>', fakeWebp()],
        ['WebP magic bytes only', webpBytes()],
        ['JPEG magic bytes only', jpegBytes()],
        ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
        ['PNG signature over a JPEG body', Buffer.concat([tinyPng().subarray(0, 8), jpeg.subarray(2)])],
        ['20000 × 20000 PNG bomb', bomb],
      ];
      for (const [label, bytes] of cases) {
        const started = Date.now();
        const res = await uploadAs(ctx, MAIN, { bytes, name: 'photo.jpg', type: 'image/jpeg' }, { lang: 'en' });
        expect(res.statusCode, label).toBe(400);
        expect(envelopeOf(res), label).toEqual({
          code: 'BAD_REQUEST',
          data: null,
          message: 'Only JPEG, PNG or WebP photos can be uploaded.',
        });
        // The bomb is refused from its header, without decoding 400 megapixels.
        expect(Date.now() - started, label).toBeLessThan(5000);
      }
      const id = await uploadAs(ctx, MAIN, { bytes: bomb });
      expect(envelopeOf(id).message).toBe('Hanya foto JPEG, PNG, atau WebP yang dapat diunggah.');
      const rows = await ctx.db.query<{ n: number }>(
        'SELECT count(*)::integer AS n FROM complaint_images WHERE size_bytes = $1 OR size_bytes = $2',
        [bomb.length, fakeWebp().length],
      );
      expect(rows[0]!.n).toBe(0);
    });

    it('an upload whose body ends before the file does (a dropped connection) is a 400 to retry, not a 500', async () => {
      // Found by an audit (2026-11-28): busboy's "Part terminated early" reached the error handler as a 500.
      const whole = multipartBody('problemImage', 'photo.png', 'image/png', tinyPng(7));
      const cut = { ...whole, payload: whole.payload.subarray(0, whole.payload.length - 40) };
      for (const [lang, message] of [
        ['en', 'The photo did not arrive completely. Please try again.'],
        ['id', 'Foto tidak terkirim sepenuhnya. Silakan coba lagi.'],
      ] as const) {
        const res = await ctx.app.inject({ method: 'POST', url: urlOf('/user-problem/upload-problem-img', { tok: MAIN, lang }), ...cut });
        expect([res.statusCode, envelopeOf(res)]).toEqual([400, { code: 'BAD_REQUEST', data: null, message }]);
      }
    });

    it('a text file named .jpg is refused', async () => {
      const res = await uploadAs(
        ctx,
        MAIN,
        { bytes: Buffer.from('hello, I am not a photo'), name: 'photo.jpg', type: 'image/jpeg' },
        { lang: 'en' },
      );
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Only JPEG, PNG or WebP photos can be uploaded.' });
      const html = await uploadAs(ctx, MAIN, {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: 'a.png',
      });
      expect(envelopeOf(html).message).toBe('Hanya foto JPEG, PNG, atau WebP yang dapat diunggah.');
    });

    it('over 5 MB answers PAYLOAD_TOO_LARGE with a message', async () => {
      const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]);
      const res = await uploadAs(ctx, MAIN, { bytes: big }, { lang: 'en' });
      expect(res.statusCode).toBe(413);
      expect(envelopeOf(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', data: null, message: 'The photo is too large (limit 5 MB).' });
    });

    it('the wrong field, no file, no session', async () => {
      const wrong = await uploadAs(ctx, MAIN, { bytes: tinyPng(), field: 'image' }, { lang: 'en' });
      expect(wrong.statusCode).toBe(400);
      expect(envelopeOf(wrong).message).toBe('Please choose a photo to upload.');
      const notMultipart = await call(ctx, '/user-problem/upload-problem-img', { problemImage: 'x' }, { tok: MAIN, lang: 'en' });
      expect(notMultipart.status).toBe(400);
      expect(notMultipart.message).toBe('Please choose a photo to upload.');
      const anon = await uploadAs(ctx, undefined, { bytes: tinyPng() }, { lang: 'en' });
      expect(anon.statusCode).toBe(401);
    });

    it('multipart reaches upload routes only: elsewhere it is still 415', async () => {
      const body = multipartBody('problemDetail', 'a.txt', 'text/plain', Buffer.from('hi'));
      const res = await ctx.app.inject({ method: 'POST', url: `/user-problem/problem-save?tok=${MAIN}&isNeedPop=1`, ...body });
      expect(res.statusCode).toBe(415);
      expect(envelopeOf(res).code).toBe('BAD_REQUEST');
      const login = await ctx.app.inject({ method: 'POST', url: '/v3/login/send-code', ...body });
      expect(login.statusCode).toBe(415);
    });
  });

  describe('problem-save, list, detail', () => {
    it('saves with photos in order; the list tabs and the detail show it to its borrower only', async () => {
      const b = await newBorrower(ctx);
      const first = await upload(ctx, b.tok, 1);
      const second = await upload(ctx, b.tok, 2);
      const text = 'I paid yesterday <b>in Alfamart</b> & the loan still shows "unpaid".';
      const saved = await save(
        ctx,
        { problemType: '3', problemSonType: '0', problemDetail: `  ${text} `, problemImage: `${second}, ${first}` },
        b.tok,
      );
      expect(saved.status).toBe(200);
      expect(saved.code).toBe('00');
      expect(saved.message).toBe('Your complaint has been sent. We will reply within 3 working days.');
      const problemId = saved.data.problemId;

      const list = await call<Tabs>(ctx, '/user-problem/problem-list', {}, { tok: b.tok, lang: 'en' });
      expect(list.data.tabs.map((t) => [t.title, t.state, t.items.length])).toEqual([
        ['All', 'all', 1],
        ['Processing', 'processing', 1],
        ['Processed', 'processed', 0],
      ]);
      // Stored and returned as text: never escaped into markup, never turned into HTML.
      expect(list.data.tabs[0]!.items[0]).toEqual({
        id: problemId,
        time: '2026-03-02 10:00:00',
        type: 'Loan application',
        content: text,
        escalation: null,
      });
      expect(list.res.headers['content-type']).toMatch(/^application\/json/);
      const listId = await call<Tabs>(ctx, '/user-problem/problem-list', {}, { tok: b.tok });
      expect(listId.data.tabs.map((t) => t.title)).toEqual(['Semua', 'Diproses', 'Selesai']);
      expect(listId.data.tabs[0]!.items[0]!.type).toBe('Pengajuan pinjaman');

      const detail = await call<Detail>(ctx, '/user-problem/problem-detail', { problemId: String(problemId) }, { tok: b.tok, lang: 'en' });
      expect(detail.data).toEqual({
        problemId,
        type: 'Loan application',
        sonType: '',
        content: text,
        images: [second, first],
        time: '2026-03-02 10:00:00',
        state: 'processing',
        disposeDetail: '',
        disposeAgent: '',
        disposeImages: [],
        isScore: 0,
        escalation: null,
      });

      // Another borrower: exactly the answer for a complaint that does not exist.
      const other = await call(ctx, '/user-problem/problem-detail', { problemId: String(problemId) }, { tok: MAIN, lang: 'en' });
      const missing = await call(ctx, '/user-problem/problem-detail', { problemId: '99999999' }, { tok: MAIN, lang: 'en' });
      expect(other.status).toBe(404);
      expect(envelopeOf(other.res)).toEqual(NOT_FOUND_EN);
      expect(envelopeOf(missing.res)).toEqual(NOT_FOUND_EN);
      const otherList = await call<Tabs>(ctx, '/user-problem/problem-list', {}, { tok: SECOND });
      expect(otherList.data.tabs[0]!.items.map((i) => i.id)).not.toContain(problemId);
      // Nor its photos.
      expect((await ctx.app.inject({ method: 'GET', url: `${pathOf(first)}?tok=${MAIN}` })).statusCode).toBe(404);

      // A photo is attached once: a second complaint cannot take it.
      const again = await save(ctx, { problemType: '3', problemDetail: 'again', problemImage: first }, b.tok);
      expect(again.status).toBe(400);
      expect(again.message).toBe('A photo of this complaint could not be found. Please remove it and add it again.');
    });

    it('text: empty, blank and 201 characters are refused with their messages; 200 is fine', async () => {
      const empty = await save(ctx, repaymentComplaint(''));
      expect(empty.status).toBe(400);
      expect(envelopeOf(empty.res)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Please fill in your comments and suggestions' });
      expect((await save(ctx, repaymentComplaint('    '))).message).toBe('Please fill in your comments and suggestions');
      // Only zero-width characters: nothing a support agent could read.
      expect((await save(ctx, repaymentComplaint('\u200B\u200B\u200B'))).message).toBe('Please fill in your comments and suggestions');
      expect((await save(ctx, repaymentComplaint(''), MAIN, 'id')).message).toBe('Silakan isi komentar dan saran Anda');
      const long = await save(ctx, repaymentComplaint('x'.repeat(201)));
      expect(long.status).toBe(400);
      expect(long.message).toBe('Your complaint can be at most 200 characters.');
      const exact = await save(ctx, repaymentComplaint('y'.repeat(200)));
      expect(exact.code).toBe('00');
    });

    it('an 11th photo: 10 uploads work, a save with 10 is refused and nothing is attached', async () => {
      const b = await newBorrower(ctx);
      const urls: string[] = [];
      for (let i = 0; i < 10; i++) urls.push(await upload(ctx, b.tok, i));
      const ten = await save(ctx, { problemType: '4', problemDetail: 'Ten photos', problemImage: urls.join(',') }, b.tok);
      expect(ten.status).toBe(400);
      expect(envelopeOf(ten.res)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'You can add up to 9 photos.' });
      const nine = await save(ctx, { problemType: '4', problemDetail: 'Nine photos', problemImage: urls.slice(0, 9).join(',') }, b.tok);
      expect(nine.code).toBe('00');
      const detail = await call<Detail>(ctx, '/user-problem/problem-detail', { problemId: String(nine.data.problemId) }, { tok: b.tok });
      expect(detail.data.images).toEqual(urls.slice(0, 9));
    });

    it("photos that are not this borrower's uploads are refused and nothing is saved", async () => {
      const b = await newBorrower(ctx);
      const theirs = await upload(ctx, MAIN, 3);
      const countBefore = await ctx.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM complaints WHERE borrower_id = $1', [b.id]);
      for (const problemImage of [theirs, 'https://evil.example/x.png', `/user-problem/image/${'b'.repeat(32)}`, `${theirs},${theirs}`]) {
        const r = await save(ctx, { problemType: '4', problemDetail: 'Photos', problemImage }, b.tok);
        expect(r.status, problemImage).toBe(400);
        expect(r.message).toBe('A photo of this complaint could not be found. Please remove it and add it again.');
      }
      const countAfter = await ctx.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM complaints WHERE borrower_id = $1', [b.id]);
      expect(countAfter).toEqual(countBefore);
      // The rolled-back attempts left the photo free for its owner.
      expect((await save(ctx, { problemType: '4', problemDetail: 'Mine', problemImage: theirs }, MAIN)).code).toBe('00');
    });

    it('collection: needs a sub-type and an order whose isShow is 1', async () => {
      const settled = await save(ctx, { problemType: '1', problemSonType: '1', problemDetail: 'Night calls', orderNo: 'DEMO-200' });
      expect(settled.status).toBe(400);
      expect(envelopeOf(settled.res)).toEqual({
        code: 'BAD_REQUEST',
        data: null,
        message: 'The selected order does not support sending collection types',
      });
      const settledId = await save(
        ctx,
        { problemType: '1', problemSonType: '1', problemDetail: 'Night calls', orderNo: 'DEMO-200' },
        MAIN,
        'id',
      );
      expect(settledId.message).toBe('Pesanan yang dipilih tidak mendukung pengaduan jenis penagihan');
      const noOrder = await save(ctx, { problemType: '1', problemSonType: '1', problemDetail: 'Night calls' });
      expect(noOrder.message).toBe('The selected order does not support sending collection types');
      const noSub = await save(ctx, { problemType: '1', problemSonType: '0', problemDetail: 'Night calls', orderNo: 'DEMO-180' });
      expect(noSub.status).toBe(400);
      expect(noSub.message).toBe('Please choose what the collection problem is about.');
      const badSub = await save(ctx, { problemType: '1', problemSonType: '9', problemDetail: 'Night calls', orderNo: 'DEMO-180' });
      expect(badSub.message).toBe('Please choose what the collection problem is about.');
      const ok = await save(ctx, { problemType: '1', problemSonType: '3', problemDetail: 'Night calls', orderNo: 'DEMO-180' });
      expect(ok.code).toBe('00');
      const detail = await call<Detail>(
        ctx,
        '/user-problem/problem-detail',
        { problemId: String(ok.data.problemId) },
        { tok: MAIN, lang: 'en' },
      );
      expect([detail.data.type, detail.data.sonType]).toEqual(['Collection', 'Abusive or threatening language']);
      const list = await call<Tabs>(ctx, '/user-problem/problem-list', {}, { tok: MAIN, lang: 'en' });
      expect(list.data.tabs[0]!.items.find((i) => i.id === ok.data.problemId)!.type).toBe('Collection · Abusive or threatening language');
    });

    it("unknown types, a sub-type on a type without any, another borrower's order", async () => {
      const unknown = await save(ctx, { problemType: '77', problemDetail: 'x' });
      expect(unknown.message).toBe('Please choose a problem type.');
      const notInt = await save(ctx, { problemType: 'abc', problemDetail: 'x' });
      expect(notInt.message).toBe('Please choose a problem type.');
      const sub = await save(ctx, { problemType: '2', problemSonType: '1', problemDetail: 'x' });
      expect(sub.message).toBe('Invalid value for field: problemSonType.');
      const theirs = await save(ctx, { problemType: '2', problemDetail: 'x', orderNo: 'DEMO2-170' });
      expect(envelopeOf(theirs.res)).toEqual(NOT_FOUND_EN);
    });
  });

  describe('save-score', () => {
    it('only answered complaints, 1..5, once, the own only (the answer itself is in ops.test.ts)', async () => {
      const saved = await save(ctx, repaymentComplaint('Rate me later'));
      const id = String(saved.data.problemId);
      const early = await call(ctx, '/user-problem/save-score', { score: '4', problemId: id }, { tok: MAIN, lang: 'en' });
      expect(early.status).toBe(400);
      expect(early.message).toBe('You can rate this complaint once we have answered it.');
      for (const score of ['0', '6', '', '3.5']) {
        const r = await call(ctx, '/user-problem/save-score', { score, problemId: id }, { tok: MAIN });
        expect(r.status, score).toBe(400);
        expect(envelopeOf(r.res)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Silakan pilih' });
      }
      const other = await call(ctx, '/user-problem/save-score', { score: '4', problemId: id }, { tok: SECOND });
      expect(other.status).toBe(404);
      expect(envelopeOf(other.res)).toEqual(NOT_FOUND_ID);
    });
  });

  it('housekeeping drops photos never attached after 8 days (rows and files), keeps attached ones', async () => {
    const b = await newBorrower(ctx);
    const kept = await upload(ctx, b.tok, 11);
    const dropped = await upload(ctx, b.tok, 12);
    expect((await save(ctx, { problemType: '4', problemDetail: 'Kept photo', problemImage: kept }, b.tok)).code).toBe('00');
    const keyOf = async (url: string) =>
      (
        await ctx.db.query<{ storage_key: string }>('SELECT storage_key FROM complaint_images WHERE public_id = $1', [
          pathOf(url).split('/').pop(),
        ])
      )[0]?.storage_key;
    const droppedKey = (await keyOf(dropped))!;
    expect(await ctx.app.storage.get(droppedKey)).not.toBeNull();
    expect(await purgeUnattachedImages(ctx.db, ctx.app.storage, new Date(ctx.clock.now().getTime() + 7 * 86_400_000))).toBe(0);
    const purged = await purgeUnattachedImages(ctx.db, ctx.app.storage, new Date(ctx.clock.now().getTime() + 8 * 86_400_000 + 1000));
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await keyOf(dropped)).toBeUndefined();
    expect(await ctx.app.storage.get(droppedKey)).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: `${pathOf(dropped)}?tok=${b.tok}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `${pathOf(kept)}?tok=${b.tok}` })).statusCode).toBe(200);
  });

  it('request bodies of the pages: form-encoded', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/user-problem/problem-list?tok=${MAIN}`, ...form({}) });
    expect(res.statusCode).toBe(200);
  });
});
