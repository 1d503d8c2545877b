import type { FastifyBaseLogger } from 'fastify';
import type { rumIngest, RumEvent } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { rateLimited } from '../lib/errors.ts';
import { capRule, hitRateLimit } from '../repositories/rate-limits.ts';
import { insertRumEvents, publishedRemoteVersions, type RumRow } from '../repositories/rum.ts';
import { maskRumText, maskStack } from '../rum/redact.ts';
import type { SourceMaps } from '../rum/symbolicate.ts';

/**
 * Batches per client address (docs/releasing.md "Real-user signals"): a page load sends one batch for its view
 * (and errors) within a second, one per later route it shows and one with the web-vitals when it is hidden, so a
 * borrower stays far below; a script cannot fill the table. Counted in rate_limits (every instance). Many
 * borrowers behind one carrier address (CGNAT) share it: a batch lost to the cap is only a measurement.
 */
export const RUM_LIMITS = {
  perMinute: { limit: 120, windowMs: 60 * 1000 },
  perHour: { limit: 1500, windowMs: 60 * 60 * 1000 },
} as const;

/** The detail kept of an event: masked error text and its symbolicated frames, or the web-vitals attribution. */
async function detailOf(e: RumEvent, maps: SourceMaps, log: FastifyBaseLogger): Promise<Record<string, unknown> | null> {
  if (e.kind === 'view') return null;
  if (e.kind === 'error') {
    const d = e.detail;
    const stack = d.stack ? maskStack(d.stack) : undefined;
    let frames: Awaited<ReturnType<SourceMaps['symbolicate']>> = [];
    if (stack) {
      try {
        frames = await maps.symbolicate(stack);
      } catch (err) {
        // A stack that cannot be mapped is still stored raw: never a failed ingest.
        log.warn({ err }, 'rum: symbolication failed');
      }
    }
    return {
      source: d.source,
      ...(d.name ? { name: d.name } : {}),
      message: maskRumText(d.message),
      ...(stack ? { stack, frames } : {}),
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

/**
 * Stores a batch: events of an app/version that is not a published remote version are dropped (counted in the
 * answer); the rest become rum_events rows at the server's time, error text masked again and stacks
 * symbolicated through the version's hidden source maps.
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
  const { pageId, events } = input.request;
  const pairs = [...new Map(events.map((e) => [`${e.app}@${e.version}`, { app: e.app, version: e.version }])).values()];
  const published = await publishedRemoteVersions(db, pairs);
  const rows: RumRow[] = [];
  let dropped = 0;
  for (const e of events) {
    if (!published.has(`${e.app}@${e.version}`)) {
      dropped++;
      continue;
    }
    rows.push({
      at: input.now,
      app: e.app,
      version: e.version,
      route: e.route,
      kind: e.kind,
      value: e.kind === 'view' || e.kind === 'error' ? null : e.value,
      detail: await detailOf(e, input.maps, input.log),
      pageId,
    });
  }
  await insertRumEvents(db, rows);
  if (dropped > 0) input.log.info({ rum: { accepted: rows.length, dropped } }, 'rum: events of unpublished versions dropped');
  return { accepted: rows.length, dropped };
}
