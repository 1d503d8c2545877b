#!/usr/bin/env node
// `pnpm test:affected [--plan]` (what .ci/run runs): lint, typecheck and test only the packages a change touches and
// the packages that depend on them (turbo --filter=...[base]), then the e2e suite if any package is affected.
// The base is CI_BASE_REF, else GITHUB_BASE_REF (a pull request's target branch), else TURBO_SCM_BASE.
// Without a base that git knows (a fresh clone, a push build), it runs everything: `pnpm run test:all`. CI never
// skips a test because it could not tell what changed.
import { spawnSync } from 'node:child_process';
import { ROOT } from './remotes.mjs';

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
// --plan: print what would run, run nothing.
const planOnly = process.argv.includes('--plan');

function run(cmd, args) {
  console.log(`test:affected: ${cmd} ${args.join(' ')}`);
  if (planOnly) return;
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function git(args) {
  const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function findBase() {
  const candidates = [];
  if (process.env.CI_BASE_REF) candidates.push(process.env.CI_BASE_REF);
  if (process.env.GITHUB_BASE_REF) candidates.push(`origin/${process.env.GITHUB_BASE_REF}`, process.env.GITHUB_BASE_REF);
  if (process.env.TURBO_SCM_BASE) candidates.push(process.env.TURBO_SCM_BASE);
  for (const ref of candidates) {
    // Compared from where the branch left the base, so commits that landed on the base since do not count.
    const mergeBase = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]) && git(['merge-base', ref, 'HEAD']);
    if (mergeBase) return { ref, commit: mergeBase };
  }
  return undefined;
}

const base = findBase();
if (!base) {
  console.log('test:affected: no base ref git knows (CI_BASE_REF, GITHUB_BASE_REF, TURBO_SCM_BASE): running everything');
  run('pnpm', ['run', 'test:all']);
  process.exit(0);
}

const filter = `--filter=...[${base.commit}]`;
const listed = spawnSync('pnpm', ['exec', 'turbo', 'ls', filter, '--output=json'], { cwd: ROOT, encoding: 'utf8', env });
if (listed.status !== 0) {
  console.error(listed.stderr);
  process.exit(listed.status ?? 1);
}
const affected = JSON.parse(listed.stdout.slice(listed.stdout.indexOf('{'))).packages.items.map((p) => p.name);
console.log(`test:affected: since ${base.ref} (${base.commit.slice(0, 10)}): ${affected.length ? affected.join(', ') : 'no package'}`);

// Files outside every package (scripts/, turbo.json, root package.json, the lockfile) make turbo count every
// package as affected; the release and cache tests under scripts/ run then.
const changed = (git(['diff', '--name-only', base.commit]) ?? '').split('\n').filter(Boolean);
const outsidePackages = changed.some((f) => !/^(apps|packages|e2e|bench|docs)\//.test(f) && !/\.md$/.test(f));

// Formatting is checked over the whole tree (prettier, a few seconds), whatever changed.
run('pnpm', ['format:check']);
if (affected.length > 0)
  run('pnpm', ['exec', 'turbo', 'run', 'lint', 'typecheck', 'test', filter, '--concurrency=2', '--output-logs=errors-only']);
if (outsidePackages) run('pnpm', ['test:scripts']);
// The e2e suite drives the assembled product: any affected package can break it. Its global setup builds
// through turbo, so unchanged apps come from the cache.
if (affected.length > 0) run('pnpm', ['test:e2e']);
