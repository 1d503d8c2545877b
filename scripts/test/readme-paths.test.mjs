// The READMEs' file lists stay true (issue 38 item 5): every file or folder a README names in `code` exists in
// the repository, and every page of a remote is named in that remote's README. A rename that forgets a README
// fails here instead of sending a newcomer to a file that is gone.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../remotes.mjs';

/** Every tracked file (what a clean clone has), as posix paths from the root. */
const FILES = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
const FOLDERS = new Set(
  FILES.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const exists = (p) => FOLDERS.has(p) || FILES.includes(p);

// patches/README.md is left out: the files it names are inside the patched dependency (`lib/index.js`).
const READMES = FILES.filter((f) => /^(README\.md|(apps|packages)\/[^/]+\/README\.md|(bench|e2e|deploy|docs)\/README\.md)$/.test(f));

/** What a build or the bootstrap makes (never tracked): `dist/landing`, `.tools/pnpm`, `bench/monolith/dist`. */
const GENERATED = /(^|\/)(dist|\.tools|node_modules|\.turbo|test-results)(\/|$)/;

const EXTENSIONS = /\.(tsx?|mjs|cjs|js|json|md|ya?ml|sql|css|svg|cfg|sh|patch|txt)$/;

/**
 * The code spans of a README that name a file or folder: a slash or a known extension, no placeholder (`<call>`,
 * `{a,b}`), no route (`/complaint?orderNo`), URL, package specifier or command.
 */
function namedPaths(markdown) {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim());
  return (
    spans
      .map((s) => s.replace(/[.,;:]$/, '').replace(/\/$/, ''))
      .filter((s) => (s.includes('/') || EXTENSIONS.test(s)) && /^[\w.*-]/.test(s))
      .filter((s) => !/[<>{}\s:=@?$()[\]|'"]/.test(s) && !s.startsWith('http') && !s.includes('//'))
      .filter((s) => !/^\.\w+$/.test(s)) // an extension alone (`.tsx`)
      .filter((s) => !GENERATED.test(s))
      // Without an extension, a path only if its first part is a folder of the repository (not a lint rule id).
      .filter(
        (s) =>
          EXTENSIONS.test(s) || s.includes('*') || [...FOLDERS].some((f) => f === s.split('/')[0] || f.endsWith(`/${s.split('/')[0]}`)),
      )
  );
}

function globToRegExp(glob) {
  return new RegExp(
    `(^|/)${glob
      .replace(/[.+^$|\\]/g, '\\$&')
      .replaceAll('**', '\0')
      .replaceAll('*', '[^/]*')
      .replaceAll('\0', '.*')}$`,
  );
}

/** Whether `name` resolves from the README at `readme`: beside it, from the root, or as the tail of a path in its package. */
function resolves(name, readme) {
  const dir = posix.dirname(readme);
  const scope = dir === '.' ? '' : `${dir}/`;
  if (name.includes('*')) {
    const pattern = globToRegExp(name);
    return FILES.some((f) => f.startsWith(scope) && pattern.test(f));
  }
  if (exists(posix.join(dir, name)) || exists(name)) return true;
  // A short name (`market.test.ts`, `src/pages/`) written in a table row or a sentence that gives its folder: the
  // tail of a path in the README's package, else anywhere (a package's README speaks of each app's `src/test/`).
  const tail = (f) => f.endsWith(`/${name}`) || f.includes(`/${name}/`);
  return FILES.some((f) => f.startsWith(scope) && tail(f)) || FILES.some(tail);
}

test('the READMEs are found (the test reads something)', () => {
  assert.ok(READMES.includes('README.md'));
  assert.ok(READMES.filter((r) => r.startsWith('apps/')).length >= 5, READMES.join(', '));
});

for (const readme of READMES) {
  test(`${readme}: every file and folder it names exists`, () => {
    const names = namedPaths(readFileSync(`${ROOT}/${readme}`, 'utf8'));
    const missing = names.filter((n) => !resolves(n, readme));
    assert.deepEqual(missing, [], `${readme} names what the repository does not have`);
  });
}

for (const app of [...new Set(FILES.filter((f) => /^apps\/[^/]+\/src\/pages\//.test(f)).map((f) => f.split('/')[1]))]) {
  const readme = `apps/${app}/README.md`;
  if (!READMES.includes(readme)) continue;
  test(`${readme} names every page of the remote`, () => {
    const text = readFileSync(`${ROOT}/${readme}`, 'utf8');
    const pages = FILES.filter((f) => f.startsWith(`apps/${app}/src/pages/`) && /\.tsx$/.test(f) && !/\.test\.tsx$/.test(f));
    const unnamed = pages.map((p) => posix.basename(p)).filter((name) => !text.includes(name));
    assert.deepEqual(unnamed, [], `${readme} does not name these pages`);
  });
}

test('the check can fail: a renamed folder and an unlisted page are found', () => {
  assert.equal(resolves('src/ops', 'apps/promotion-registration/README.md'), false);
  assert.equal(resolves('src/template-editor', 'apps/promotion-registration/README.md'), true);
  assert.equal(resolves('apps/api/test/no-such-*.test.ts', 'README.md'), false);
  assert.deepEqual(namedPaths('see `src/pages/Gone.tsx`, `/complaint?orderNo`, `@lendview/ui`, `src/api/<call>.ts`'), [
    'src/pages/Gone.tsx',
  ]);
});
