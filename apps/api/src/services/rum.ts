import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { rumIngest, RumEvent } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { rateLimited } from '../lib/errors.ts';
import { capRule, hitRateLimit } from '../repositories/rate-limits.ts';
import {
  insertRumEvents,
  insertUnverifiedRumEvents,
  markKey,
  markRumView,
  publishedRemoteVersions,
  rumViewMarks,
  type RumRow,
  type UnverifiedReason,
} from '../repositories/rum.ts';
import { maskRumText, maskStack } from '../rum/redact.ts';
import { symbolicationBudget, type SymbolicationBudget, type SourceMaps } from '../rum/symbolicate.ts';
import { checkView, rumViewKey } from '../rum/view-id.ts';

/**
 * Batches per client address (docs/releasing.md "Real-user signals"): a page load sends one batch for its view
 * (and errors) within a second, one per later route it shows and one with the web-vitals when it is hidden, so a
 * borrower stays far below; a script cannot fill the table. Counted in rate_limits (every instance). Many
 * borrowers behind one carrier address (CGNAT) share it: a batch lost to the cap is only a measurement.
 */
export const RUM_LIMITS = {
  perMinute: { limit: 120, windowMs: 60 * 1000 },
  perHour: { limit: 1500, windowMs: 60 * 60 * 1000 },
  /**
   * Page views that count, per client address and remote version, per hour (issue 36 item 4): a view id is had
   * for a GET of a page, so without this one address could still fill a canary's sample alone (200 views in a few
   * minutes). A borrower loads a handful of pages an hour; borrowers behind one carrier address beyond this lose
   * only measurements (their views are kept apart as over-cap). 120 an hour: one address needs hours for a canary
   * step's sample (300 views), while a test run's pages from one address (the e2e suite) stay under it.
   */
  viewsPerVersionHour: { limit: 120, windowMs: 60 * 60 * 1000 },
} as const;

/**
 * Distinct errors that count per view id and remote version: the shell sends at most 25 per page load (apps/shell
 * src/rum/client.ts MAX_ERRORS); beyond, an error is kept apart as over-cap. The error rate counts a view with
 * errors once whatever their number.
 */
export const RUM_ERRORS_PER_VIEW = 25;

/** The detail kept of an event: masked error text and its symbolicated frames (counted errors only), or the web-vitals attribution. */
async function detailOf(
  e: RumEvent,
  maps: SourceMaps | null,
  budget: SymbolicationBudget,
  log: FastifyBaseLogger,
): Promise<Record<string, unknown> | null> {
  if (e.kind === 'view') return null;
  if (e.kind === 'error') {
    const d = e.detail;
    const stack = d.stack ? maskStack(d.stack) : undefined;
    let frames: Awaited<ReturnType<SourceMaps['symbolicate']>> = [];
    if (stack && maps) {
      try {
        frames = await maps.symbolicate(stack, budget);
      } catch (err) {
        // A stack that cannot be mapped is still stored raw: never a failed ingest.
        log.warn({ err }, 'rum: symbolication failed');
      }
    }
    return {
      source: d.source,
      ...(d.name ? { name: d.name } : {}),
      message: maskRumText(d.message),
      ...(stack ? (maps ? { stack, frames } : { stack }) : {}),
    };
  }
  const d = e.detail;
  if (!d) return null;
  return {
    ...(d.target ? { target: maskRumText(d.target) } : {}),
    ...(d.loadState ? { loadState: d.loadState } : {}),
    ...(d.type ? { type: d.type } : {}),
    ...(d.phases ? { phases: d.phases } : {}),
  };
}

const versionOf = (e: { app: string; version: string }) => `${e.app}@${e.version}`;

/** An error's identity within a page view: its name, masked message and first frame (what the shell dedupes on). */
function fingerprintOf(e: RumEvent): string {
  if (e.kind !== 'error') return '';
  const d = e.detail;
  const firstFrame = d.stack
    ? (maskStack(d.stack)
        .split('\n')
        .find((l) => /:\d+:\d+\)?\s*$/.test(l)) ?? '')
    : '';
  return createHash('sha256')
    .update(`${d.name ?? ''}\n${maskRumText(d.message)}\n${firstFrame.trim()}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * Which events of a batch count, and why the others do not (docs/releasing.md "Real-user signals"; issue 36 item 4):
 * - no view id, one the server did not sign, or an expired one: none counts (unsigned, bad-signature, expired);
 * - an event of a remote version the view id does not name: none of the batch counts (mismatched): the page was
 *   not served that version, so the batch is not what the shell sends;
 * - a view counts once per view id and remote version (again: replayed), and only within the per-address cap of
 *   counted views per version (over-cap, and not marked: that view's errors and vitals do not count either);
 * - an error or a web-vital counts only for a view id whose view of that version counted (else over-cap); each
 *   web-vital once, each distinct error (fingerprintOf) once (replayed), at most RUM_ERRORS_PER_VIEW distinct errors
 *   (over-cap). So a batch replayed, as it is or with its errors repeated, moves no figure.
 * The marks (rum_view_marks) are shared by every instance: a view id's batches taken by two instances at once still
 * count each event once (markRumView's upsert decides).
 */
async function judgeBatch(
  db: Db,
  events: RumEvent[],
  input: { view: string | undefined; ip: string; now: Date },
): Promise<{ nonce: string | null; verdicts: (UnverifiedReason | null)[] }> {
  const all = (reason: UnverifiedReason) => ({ nonce: null, verdicts: events.map(() => reason) });
  const check = checkView(await rumViewKey(db), input.view, input.now);
  if (!check.ok) return all(check.reason);
  const { claim } = check;
  if (events.some((e) => !claim.remotes.has(versionOf(e)))) return all('mismatched');

  const verdicts: (UnverifiedReason | null)[] = events.map(() => null);
  const before = await rumViewMarks(db, claim.nonce);
  const viewKey = (v: string) => `${v}@view@`;
  // Views first: a version's first view of this id takes a place in the address's cap, or is over it.
  const viewed = new Set<string>();
  const capped = new Set<string>();
  for (const v of new Set(events.filter((e) => e.kind === 'view').map(versionOf))) {
    if (before.has(viewKey(v))) continue;
    const hit = await hitRateLimit(db, capRule(`rum-views:${v}`, input.ip, RUM_LIMITS.viewsPerVersionHour), input.now);
    (hit.allowed ? viewed : capped).add(v);
  }
  // Distinct errors this id has counted per version, and those this batch adds.
  const distinctErrors = new Map<string, number>();
  for (const k of before.keys()) {
    const v = k.slice(0, k.indexOf('@error@'));
    if (k.includes('@error@')) distinctErrors.set(v, (distinctErrors.get(v) ?? 0) + 1);
  }
  const marked: { i: number; mark: { app: string; version: string; kind: string; fingerprint: string } }[] = [];
  const newErrors = new Set<string>();
  events.forEach((e, i) => {
    const v = versionOf(e);
    const mark = { app: e.app, version: e.version, kind: e.kind, fingerprint: fingerprintOf(e) };
    const key = markKey(mark);
    if (e.kind === 'view') {
      if (capped.has(v)) verdicts[i] = 'over-cap';
      else marked.push({ i, mark });
      return;
    }
    if (!before.has(viewKey(v)) && !viewed.has(v)) {
      verdicts[i] = 'over-cap';
      return;
    }
    if (e.kind === 'error' && !before.has(key) && !newErrors.has(key)) {
      const n = (distinctErrors.get(v) ?? 0) + 1;
      if (n > RUM_ERRORS_PER_VIEW) {
        verdicts[i] = 'over-cap';
        return;
      }
      distinctErrors.set(v, n);
      newErrors.add(key);
    }
    marked.push({ i, mark });
  });
  const counts = new Map<string, { app: string; version: string; kind: string; fingerprint: string; n: number }>();
  for (const { mark } of marked) {
    const key = markKey(mark);
    const c = counts.get(key);
    if (c) c.n++;
    else counts.set(key, { ...mark, n: 1 });
  }
  const prev = await markRumView(db, claim.nonce, claim.expiresAt, [...counts.values()]);
  const seen = new Set<string>();
  for (const { i, mark } of marked) {
    const key = markKey(mark);
    if ((prev.get(key) ?? 0) > 0 || seen.has(key)) verdicts[i] = 'replayed';
    seen.add(key);
  }
  return { nonce: claim.nonce, verdicts };
}

/**
 * Stores a batch: events of an app/version that is not a published remote version are dropped; of the rest, those
 * that count (judgeBatch) become rum_events rows at the server's time, their page id the view id's nonce, error text
 * masked again and stacks symbolicated through the version's hidden source maps (bounded per batch: symbolicate.ts);
 * the others are kept apart in rum_unverified with the reason, their stacks raw. `accepted`: events that count;
 * `dropped`: the others (unpublished or kept apart).
 */
export async function ingestRum(
  db: Db,
  input: { request: InputOf<typeof rumIngest>; ip: string; now: Date; log: FastifyBaseLogger; maps: SourceMaps },
): Promise<AnswerOf<typeof rumIngest>> {
  for (const [name, cap] of [
    ['rum:minute', RUM_LIMITS.perMinute],
    ['rum:hour', RUM_LIMITS.perHour],
  ] as const) {
    const hit = await hitRateLimit(db, capRule(name, input.ip, cap), input.now);
    if (!hit.allowed) throw rateLimited('rumTooMany', hit.retryAfterSeconds, { minutes: Math.ceil(hit.retryAfterSeconds / 60) });
  }
  const { pageId, events, view } = input.request;
  const pairs = [...new Map(events.map((e) => [versionOf(e), { app: e.app, version: e.version }])).values()];
  const published = await publishedRemoteVersions(db, pairs);
  const kept = events.filter((e) => published.has(versionOf(e)));
  const unpublished = events.length - kept.length;
  const { nonce, verdicts } =
    kept.length > 0 ? await judgeBatch(db, kept, { view, ip: input.ip, now: input.now }) : { nonce: null, verdicts: [] };
  const budget = symbolicationBudget();
  const rows: RumRow[] = [];
  const apart: (RumRow & { reason: UnverifiedReason })[] = [];
  for (const [i, e] of kept.entries()) {
    const reason = verdicts[i] ?? null;
    const row: RumRow = {
      at: input.now,
      app: e.app,
      version: e.version,
      route: e.route,
      kind: e.kind,
      value: e.kind === 'view' || e.kind === 'error' ? null : e.value,
      detail: await detailOf(e, reason === null ? input.maps : null, budget, input.log),
      pageId: reason === null && nonce ? nonce : pageId,
    };
    if (reason === null) rows.push(row);
    else apart.push({ ...row, reason });
  }
  await insertRumEvents(db, rows);
  await insertUnverifiedRumEvents(db, apart);
  if (unpublished > 0)
    input.log.info({ rum: { accepted: rows.length, dropped: unpublished } }, 'rum: events of unpublished versions dropped');
  if (apart.length > 0) {
    const reasons = [...new Set(apart.map((r) => r.reason))];
    input.log.info({ rum: { accepted: rows.length, apart: apart.length, reasons } }, 'rum: events kept apart (not counted)');
  }
  return { accepted: rows.length, dropped: events.length - rows.length };
}
