#!/usr/bin/env node
// `npm start` / `pnpm start` (through scripts/bootstrap.mjs, which first gets pnpm and installs), or
// `pnpm serve` directly: build everything (turbo, cached), publish the local builds, then serve the whole product —
// API, shell and remotes — from one Node process on PORT (default 8080), with the demo data loaded.
// The API migrates (and in demo mode seeds) the database itself when it starts.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './remotes.mjs';

const run = (name, cmd, args) => {
  const started = Date.now();
  console.log(`\n▶ ${name}\n  $ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
};

if (process.env.SKIP_BUILD !== '1')
  run('build everything (turbo: unchanged packages come from its cache)', 'pnpm', [
    'exec',
    'turbo',
    'run',
    'build',
    '--output-logs=errors-only',
  ]);
run('publish the local builds, the remotes and the shell (database in DATA_DIR, files in releases/)', process.execPath, [
  join(ROOT, 'scripts/publish-remotes.mjs'),
]);
console.log(
  `\n▶ serve the API, the shell and the remotes on http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? 8080}/ (Ctrl-C stops)`,
);

const serverEnv = { DEMO_MODE: '1', ...process.env };
if (serverEnv.DEMO_MODE === '1') {
  // The server prints the full list of what demo mode turns on; this line makes sure nobody misses it.
  console.log(
    '\n▲ DEMO MODE: this is the one-command embedded demo (demo data with fixed sessions, /dev routes, no real SMS or\n' +
      '  payments), bound to this machine. Never expose it or point it at a real database. Production: docs/security.md.',
  );
}
const server = spawn(process.execPath, [join(ROOT, 'apps/api/dist/server.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: serverEnv,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
