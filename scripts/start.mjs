#!/usr/bin/env node
// `pnpm start`: build everything (turbo, cached), publish the remotes, then serve the whole product —
// API, shell and remotes — from one Node process on PORT (default 8080), with the demo data loaded.
// The API migrates (and in demo mode seeds) the database itself when it starts.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './remotes.mjs';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (process.env.SKIP_BUILD !== '1') run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']);
run(process.execPath, [join(ROOT, 'scripts/publish-remotes.mjs')]);

const server = spawn(process.execPath, [join(ROOT, 'apps/api/dist/server.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { DEMO_MODE: '1', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
