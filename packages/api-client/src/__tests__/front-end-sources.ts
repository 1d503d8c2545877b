import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The front-end source the scan tests read (no-api-paths, outbound-lint): every app but the API that has a src/
 * folder, so a new remote is scanned without anyone adding it. Tests and test helpers are left out (they name
 * the paths and URLs a fake server or page uses).
 */
export const ROOT = resolve(import.meta.dirname, '../../../..');

export const FRONT_END_APPS = readdirSync(join(ROOT, 'apps')).filter(
  (a) => a !== 'api' && statSync(join(ROOT, 'apps', a, 'src'), { throwIfNoEntry: false })?.isDirectory(),
);

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name === '__tests__' || name === 'test' || name === 'node_modules') continue;
      out.push(...files(p));
    } else if (/\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Every scanned file: its path from the repository root and its text. */
export function frontEndSources(): { file: string; source: string }[] {
  return FRONT_END_APPS.flatMap((a) => files(join(ROOT, 'apps', a, 'src'))).map((f) => ({
    file: relative(ROOT, f),
    source: readFileSync(f, 'utf8'),
  }));
}
