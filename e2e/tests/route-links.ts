import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { type Envelope, expect, jsonOf, newOrder } from './fixtures.ts';
import { makePng } from './images.ts';
import { type OperatorSession, operatorSession } from './ops-login.ts';

// Every page route with the query that opens it as a borrower (or an operator) would: the route table of
// deep-links.spec.ts (a first load of each) and inert-controls.spec.ts (each control of each, in a plain browser).
// The route table is the apps' package.json `lendview.routes` (what /remotes.json serves); a route not in LINKS is
// opened with the demo borrower's `tok` only.

export const APPS = resolve(import.meta.dirname, '../../apps');
export const BORROWER = 'demo-borrower';
/** The route table as the apps declare it: each app's package.json `lendview.routes`. */
export function declaredRoutes(): { route: string; app: string }[] {
  return readdirSync(APPS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(APPS, d.name, 'package.json')))
    .flatMap((d) => {
      const pkg = JSON.parse(readFileSync(join(APPS, d.name, 'package.json'), 'utf8')) as { lendview?: { routes?: string[] } };
      return (pkg.lendview?.routes ?? []).map((route) => ({ route, app: d.name }));
    });
}

/** The shell's own routes (apps/shell/src/App.tsx; not in /remotes.json) and a path no one declares. */
export const SHELL_ROUTES = ['/testPreview'];
export const UNDECLARED = '/no-such-page';

// --------------------------------------------------------------------------------------- shared data

interface Shared {
  /** A complaint with two photos of the borrower's, answered by an operator with a photo of theirs. */
  complaint: { problemId: number; tok: string; orderNo: string };
  support: string;
  marketing: string;
}

/**
 * Made once for the whole run, whichever worker (or worker restarted after a failed row) asks first: the others
 * read it from the run's folder (global-setup.ts's throw-away folder, removed at the end): one operator account
 * per role and one photo complaint for the whole sweep, not one per row.
 */
async function runOnce<T>(name: string, make: () => Promise<T>): Promise<T> {
  const file = join(dirname(process.env.E2E_DATA_DIR!), `deep-links-${name}.json`);
  const lock = `${file}.lock`;
  const until = Date.now() + 100_000;
  while (Date.now() < until) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T;
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is making it: its file comes when it is done (or the lock goes if it failed).
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      const value = await make();
      writeFileSync(`${file}.tmp`, JSON.stringify(value));
      renameSync(`${file}.tmp`, file);
      return value;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  throw new Error(`deep-links: ${name} was not made within 100 s`);
}

/** Uploads one photo (multipart `field`) and gives the URL the server answered. */
async function upload(request: APIRequestContext, path: string, field: string, seed: number, headers?: Record<string, string>) {
  const res = await request.post(path, {
    multipart: { [field]: { name: `photo-${seed}.png`, mimeType: 'image/png', buffer: makePng(120, 90, seed) } },
    ...(headers ? { headers } : {}),
  });
  const body = await jsonOf<Envelope<{ url: string }>>(res);
  expect(body.code, `${path}: ${body.message}`).toBe('00');
  return body.data.url;
}

/**
 * Through the real API, as the app and the console do it: a fresh borrower files a complaint about its own order
 * with two photos (POST /user-problem/upload-problem-img, /user-problem/problem-save), and the support operator
 * answers it with a photo (POST /ops/api/complaints/upload-image, /ops/api/complaints/answer).
 */
async function photoComplaint(request: APIRequestContext, support: string): Promise<Shared['complaint']> {
  const mine = await newOrder(request, 'early');
  const photos = [await upload(request, `/user-problem/upload-problem-img?tok=${mine.tok}`, 'problemImage', 1)];
  photos.push(await upload(request, `/user-problem/upload-problem-img?tok=${mine.tok}`, 'problemImage', 2));
  const saved = await jsonOf<Envelope<{ problemId: number }>>(
    await request.post(`/user-problem/problem-save?tok=${mine.tok}`, {
      form: {
        problemType: '1',
        problemSonType: '1',
        problemDetail: `E2E deep links ${Date.now()}: the collector called me five times today.`,
        problemImage: photos.join(','),
        orderNo: mine.orderNo,
      },
      headers: { 'idempotency-key': `e2e-deep-links-${Date.now()}` },
    }),
  );
  expect(saved.code, `problem-save: ${saved.message}`).toBe('00');
  const auth = { authorization: `Bearer ${support}` };
  const answerPhoto = await upload(request, '/ops/api/complaints/upload-image', 'image', 3, auth);
  const answered = await jsonOf(
    await request.post('/ops/api/complaints/answer', {
      form: { problemId: String(saved.data.problemId), disposeDetail: 'We stopped the calls; see the photo.', disposeImages: answerPhoto },
      headers: auth,
    }),
  );
  expect(answered.code, `operator answer: ${answered.message}`).toBe('00');
  return { problemId: saved.data.problemId, tok: mine.tok, orderNo: mine.orderNo };
}

export const shared = {
  support: (request: APIRequestContext) => runOnce('support', () => operatorSession(request, 'support')),
  marketing: (request: APIRequestContext) => runOnce('marketing', () => operatorSession(request, 'marketing')),
  complaint: async (request: APIRequestContext) => {
    const support = await shared.support(request);
    return runOnce('complaint', () => photoComplaint(request, support.token));
  },
};

// ------------------------------------------------------------------------------------------ the links

export interface Link {
  query: Record<string, string>;
  /** Opened with this operator's session in the tab (sessionStorage, as the sign-in form leaves it). */
  operator?: OperatorSession;
  /** The page answers 404 with the shell's "page not found" on purpose. */
  notFound?: true;
  /** API refusals the page asks for as answers (an envelope it reads as data), each with why. */
  refusals?: { status: number; path: string; why: string }[];
}

/**
 * Each route's query, from the demo data (pages that only read) or an order of the row's own (pages that change
 * it on opening: /that makes a payment code). A route not listed here is opened with the demo borrower's `tok`.
 */
export const LINKS: Record<string, (request: APIRequestContext) => Promise<Link>> = {
  '/complaint': async () => ({ query: { tok: BORROWER, orderNo: 'DEMO-170' } }),
  '/complainNewPage': async () => ({ query: { tok: BORROWER, orderNo: 'DEMO-170' } }),
  // The chatbot records what the borrower asks against the order: an order of the row's own.
  '/intelligentCustomerService': async (request) => {
    const mine = await newOrder(request, 'early');
    return { query: { tok: mine.tok, selectedIndex: '1', orderNo: mine.orderNo } };
  },
  '/complainPageNext': async () => ({ query: { tok: BORROWER, problemType: '2', problemSonType: '0', orderNo: 'DEMO-170' } }),
  // The borrower of the complaint with photos: the list shows it.
  '/complaintList': async (request) => ({ query: { tok: (await shared.complaint(request)).tok } }),
  '/complainDetails': async (request) => {
    const c = await shared.complaint(request);
    return { query: { tok: c.tok, problemId: String(c.problemId) } };
  },
  '/loanDetails': async () => ({
    query: { tok: BORROWER, productId: '1', orderId: 'DEMO-170' },
    refusals: [
      {
        status: 409,
        path: '/v3/installment/loan-play-detail',
        why: "a single-payment loan's instalment plan is refused (PAYMENT_REFUSED), which the page reads as 'no plan' (apps/loan-details/src/api/loan-play-detail.ts); asked by the browser when the page came client-rendered",
      },
    ],
  }),
  '/confirm': async () => ({ query: { tok: BORROWER, productId: '1', orderId: '', position: '0' } }),
  '/relevant': async () => ({ query: { tok: BORROWER, scene: 'banner_jingzhun' } }),
  '/error': async () => ({ query: { tok: BORROWER, reason: 'timeout' } }),
  // Opening /that makes the order's payment code: an order of the row's own, with the amount it owes.
  '/that': async (request) => {
    const mine = await newOrder(request, 'repayable');
    const details = await jsonOf<Envelope<{ amount: number }>>(
      await request.post(`/v3/loan-details/detail?tok=${mine.tok}`, { form: { productId: String(mine.productId), orderId: mine.orderNo } }),
    );
    expect(details.code, `loan details of ${mine.orderNo}: ${details.message}`).toBe('00');
    return {
      query: { tok: mine.tok, productId: String(mine.productId), orderId: mine.orderNo, amount: String(details.data.amount) },
    };
  },
  '/individual': async () => ({ query: { tok: BORROWER, productId: '1', orderId: 'DEMO-180', amount: '100000' } }),
  '/installment': async () => ({ query: { tok: BORROWER, productId: '1', orderId: 'DEMO-INST' } }),
  '/repayDelay': async () => ({ query: { tok: BORROWER, productId: '1', orderId: 'DEMO-174' } }),
  '/repay': async (request) => {
    const mine = await newOrder(request, 'legacy');
    return { query: { tok: mine.tok, orderId: mine.orderNo, productId: String(mine.productId) } };
  },
  '/bindCard': async (request) => {
    const mine = await newOrder(request, 'extendable');
    return { query: { tok: mine.tok, orderId: mine.orderNo, productId: String(mine.productId) } };
  },
  '/promo': async () => ({ query: { templateId: '1' } }),
  // The operators' pages, signed in (the sign-in form itself is ops-console.spec.ts's).
  '/ops': async (request) => ({ query: {}, operator: await shared.support(request) }),
  // The complaint with photos in the console (its photos come as blobs with the operator's session).
  '/ops/item': async (request) => ({
    query: { kind: 'complaint', id: String((await shared.complaint(request)).problemId) },
    operator: await shared.support(request),
  }),
  '/ops/funds': async (request) => ({ query: {}, operator: await shared.support(request) }),
  '/ops/holidays': async (request) => ({ query: {}, operator: await shared.support(request) }),
  '/ops/releases': async (request) => ({ query: {}, operator: await shared.support(request) }),
  '/ops/templates': async (request) => ({ query: {}, operator: await shared.marketing(request) }),
  '/ops/templates/edit': async (request) => ({
    query: { id: '1' },
    operator: await shared.marketing(request),
  }),
  '/testPreview': async () => ({ query: {} }),
  [UNDECLARED]: async () => ({ query: { tok: BORROWER }, notFound: true }),
};

/** A route's link: LINKS' own, or the demo borrower's `tok` only. */
export function linkOf(route: string, request: APIRequestContext): Promise<Link> {
  return (LINKS[route] ?? (async () => ({ query: { tok: BORROWER } })))(request);
}
