import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { APP_NAME, VERSION } from './builds.ts';
import { importFolder, publishLocal, release, type rollback, type ReleaseContext } from './service.ts';
import { assertNoCanary, endCanary, listWithCanaries, promote, releaseCanary, rollbackOrEndCanary } from './canary.ts';
import { createPreviewLink, MAX_PREVIEW_HOURS, publishOnly } from './preview.ts';
import { healthSummary, type HealthSummary } from '../rum/summary.ts';

/**
 * One release operation, as the release commands ask for it: run in the command's own process when it can open
 * the database, or by the server that holds the embedded database (control.ts). Builds happen before (the
 * command builds, then names the folder), so an operation only reads folders on this machine.
 */
const absolute = z.string().min(1).max(4096).refine(isAbsolute, 'an absolute path');
const app = z.string().regex(APP_NAME);

export const operationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('release'), app, from: absolute, name: z.string().max(200).optional() }),
  z.object({ op: z.literal('rollback'), app, version: z.string().regex(VERSION).optional() }),
  z.object({ op: z.literal('list') }),
  z.object({
    op: z.literal('publish-local'),
    builds: z
      .array(z.object({ app, dir: absolute }))
      .min(1)
      .max(64),
  }),
  z.object({ op: z.literal('import'), dir: absolute }),
  // Issue 16 items 3 and 5 (canary.ts, preview.ts).
  z.object({
    op: z.literal('canary'),
    app,
    from: absolute,
    name: z.string().max(200).optional(),
    percent: z.number().int().min(1).max(99),
    minViews: z.number().int().min(1).max(1_000_000).optional(),
  }),
  z.object({ op: z.literal('promote'), app }),
  z.object({ op: z.literal('publish'), app, from: absolute, name: z.string().max(200).optional() }),
  z.object({
    op: z.literal('preview'),
    app,
    version: z.string().regex(VERSION),
    hours: z.number().positive().max(MAX_PREVIEW_HOURS).optional(),
    origin: z.string().url().max(300),
  }),
  // Issue 16 item 4: real-user signals per version over the last `sinceMs` (pnpm remotes --health; rum/summary.ts).
  z.object({
    op: z.literal('health'),
    sinceMs: z
      .number()
      .int()
      .positive()
      .max(30 * 86_400_000),
  }),
]);
export type Operation = z.infer<typeof operationSchema>;

export type OperationResult =
  | { op: 'release'; result: Awaited<ReturnType<typeof release>> }
  | { op: 'rollback'; result: Awaited<ReturnType<typeof rollback>> }
  | { op: 'list'; result: Awaited<ReturnType<typeof listWithCanaries>> }
  | { op: 'publish-local'; result: Awaited<ReturnType<typeof publishLocal>> }
  | { op: 'import'; result: Awaited<ReturnType<typeof importFolder>> }
  | { op: 'canary'; result: Awaited<ReturnType<typeof releaseCanary>> }
  | { op: 'promote'; result: Awaited<ReturnType<typeof promote>> }
  | { op: 'publish'; result: Awaited<ReturnType<typeof publishOnly>> }
  | { op: 'canary-ended'; result: Awaited<ReturnType<typeof endCanary>> }
  | { op: 'preview'; result: Awaited<ReturnType<typeof createPreviewLink>> }
  | { op: 'health'; result: HealthSummary };

export async function runOperation(ctx: ReleaseContext, operation: Operation): Promise<OperationResult> {
  switch (operation.op) {
    case 'release':
      // A remote with a running canary is promoted or its canary ended first (canary.ts).
      await assertNoCanary(ctx, operation.app);
      return { op: 'release', result: await release(ctx, operation.app, operation.from, operation.name) };
    case 'rollback': {
      // While a canary runs, a rollback ends it (live unchanged): canary.ts.
      const r = await rollbackOrEndCanary(ctx, operation.app, operation.version);
      return r.kind === 'rollback' ? { op: 'rollback', result: r.result } : { op: 'canary-ended', result: r.result };
    }
    case 'list':
      return { op: 'list', result: await listWithCanaries(ctx) };
    case 'publish-local':
      return { op: 'publish-local', result: await publishLocal(ctx, operation.builds) };
    case 'import':
      return { op: 'import', result: await importFolder(ctx, operation.dir) };
    case 'canary':
      return {
        op: 'canary',
        result: await releaseCanary(ctx, operation.app, operation.from, {
          percent: operation.percent,
          minViews: operation.minViews,
          expectedName: operation.name,
        }),
      };
    case 'promote':
      return { op: 'promote', result: await promote(ctx, operation.app) };
    case 'publish':
      return { op: 'publish', result: await publishOnly(ctx, operation.app, operation.from, operation.name) };
    case 'health':
      return { op: 'health', result: await healthSummary(ctx.db, new Date(Date.now() - operation.sinceMs)) };
    case 'preview':
      return {
        op: 'preview',
        result: await createPreviewLink(ctx, operation.app, operation.version, { hours: operation.hours, origin: operation.origin }),
      };
  }
}
