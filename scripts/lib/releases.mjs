// The release commands (`pnpm release`, `pnpm rollback`, `pnpm remotes`, `pnpm publish-remotes`) live in the API
// (apps/api/src/cli/releases.ts, src/releases/): they act on the database and the storage the server uses, so
// every instance sees one truth. These scripts only start it, with the API's TypeScript loader. docs/releasing.md.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../remotes.mjs';

export const RELEASE_CLI = join(ROOT, 'apps/api/src/cli/releases.ts');

/** Runs `releases.ts <command> ...args` in a child Node (stdio inherited unless `options.capture`); returns its result. */
export function runReleaseCli(command, args, options = {}) {
  const loader = createRequire(join(ROOT, 'apps/api/package.json')).resolve('tsx');
  return spawnSync(process.execPath, ['--import', pathToFileURL(loader).href, RELEASE_CLI, command, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? process.env,
    stdio: options.capture ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
}

/** For a script's main: run the command and exit with its code. */
export function releaseCommand(command) {
  const r = runReleaseCli(command, process.argv.slice(2));
  if (r.error) {
    console.error(`${command}: could not start the release command: ${r.error.message}`);
    process.exit(1);
  }
  process.exit(r.status ?? 1);
}
