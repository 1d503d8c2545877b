// Every benchmark in one go: bundle sizes and Lighthouse on one server, then the API (its own servers).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

for (const script of ['bundle-size.mjs', 'lighthouse.mjs', 'api.mjs']) {
  const r = spawnSync(process.execPath, [join(import.meta.dirname, script)], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
