import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { APP_NAME, VERSION } from './builds.ts';
import { importFolder, listReleases, publishLocal, release, rollback, type ReleaseContext } from './service.ts';

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
]);
export type Operation = z.infer<typeof operationSchema>;

export type OperationResult =
  | { op: 'release'; result: Awaited<ReturnType<typeof release>> }
  | { op: 'rollback'; result: Awaited<ReturnType<typeof rollback>> }
  | { op: 'list'; result: Awaited<ReturnType<typeof listReleases>> }
  | { op: 'publish-local'; result: Awaited<ReturnType<typeof publishLocal>> }
  | { op: 'import'; result: Awaited<ReturnType<typeof importFolder>> };

export async function runOperation(ctx: ReleaseContext, operation: Operation): Promise<OperationResult> {
  switch (operation.op) {
    case 'release':
      return { op: 'release', result: await release(ctx, operation.app, operation.from, operation.name) };
    case 'rollback':
      return { op: 'rollback', result: await rollback(ctx, operation.app, operation.version) };
    case 'list':
      return { op: 'list', result: await listReleases(ctx) };
    case 'publish-local':
      return { op: 'publish-local', result: await publishLocal(ctx, operation.builds) };
    case 'import':
      return { op: 'import', result: await importFolder(ctx, operation.dir) };
  }
}
