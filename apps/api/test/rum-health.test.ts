import { afterEach, describe, expect, test } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import type { Queryable } from '../src/db/types.ts';
import { versionHealth } from '../src/rum/health.ts';
import { BACKENDS, openTestDb, type TestDb } from './helpers/setup.ts';

// src/rum/health.ts: the per-version numbers the canary is judged by (issue 16 items 4 and 5).
const AT = new Date('2026-11-26T10:00:00Z');

async function add(db: Queryable, e: { app?: string; version: string; kind: string; value?: number; page: string; at?: Date }) {
  await db.query('INSERT INTO rum_events (at, app, version, route, kind, value, page_id) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    e.at ?? AT,
    e.app ?? 'marketing',
    e.version,
    '/About',
    e.kind,
    e.value ?? null,
    e.page,
  ]);
}

describe.each(BACKENDS)('versionHealth on %s', (backend) => {
  let t: TestDb;
  afterEach(async () => t?.cleanup());

  test('error rate per view, p75s, only this version and only since the moment asked', async () => {
    t = await openTestDb(backend);
    await migrate(t.db);
    for (let i = 0; i < 8; i++) await add(t.db, { version: '0.2.0', kind: 'view', page: `page-000${i}` });
    // page 0 throws three times: one error view; page 1 once.
    for (let i = 0; i < 3; i++) await add(t.db, { version: '0.2.0', kind: 'error', page: 'page-0000' });
    await add(t.db, { version: '0.2.0', kind: 'error', page: 'page-0001' });
    for (const v of [1000, 2000, 3000, 4000]) await add(t.db, { version: '0.2.0', kind: 'lcp', value: v, page: 'page-0002' });
    await add(t.db, { version: '0.2.0', kind: 'cls', value: 0.1, page: 'page-0002' });
    // Not counted: another version, another app, before `since`.
    await add(t.db, { version: '0.1.0', kind: 'error', page: 'page-0009' });
    await add(t.db, { app: 'repayment', version: '0.2.0', kind: 'view', page: 'page-0010' });
    await add(t.db, { version: '0.2.0', kind: 'view', page: 'page-0011', at: new Date(AT.getTime() - 60_000) });

    const h = await versionHealth(t.db, 'marketing', '0.2.0', new Date(AT.getTime() - 1000));
    expect(h).toMatchObject({ views: 8, errors: 4, errorViews: 2, errorRate: 0.25, lcpSamples: 4, inpSamples: 0, inpP75: null });
    // percentile_cont(0.75) over 1000..4000 = 3250.
    expect(h.lcpP75).toBe(3250);
    expect(h.clsP75).toBeCloseTo(0.1, 10);

    const none = await versionHealth(t.db, 'marketing', '9.9.9', AT);
    expect(none).toMatchObject({ views: 0, errors: 0, errorRate: null, lcpP75: null });
  });
});
