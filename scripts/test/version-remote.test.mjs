// `pnpm version-remote <app>` (issue 16 item 2): a team versions only its own remote. Run on a temp copy of a
// checkout's .changeset and package files, never the checkout's own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ROOT } from '../remotes.mjs';
import { bumpVersion, parseChangeset } from '../version-remote.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'lendview-version-remote-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const SCRIPT = join(ROOT, 'scripts/version-remote.mjs');

/** A checkout in miniature: the real .changeset config and README, the real package.json of four apps. */
function checkout(name, changesets) {
  const root = join(tmp, name);
  mkdirSync(join(root, '.changeset'), { recursive: true });
  cpSync(join(ROOT, '.changeset/config.json'), join(root, '.changeset/config.json'));
  cpSync(join(ROOT, '.changeset/README.md'), join(root, '.changeset/README.md'));
  for (const app of ['marketing', 'repayment', 'loan-details', 'shell']) {
    mkdirSync(join(root, 'apps', app), { recursive: true });
    const pkg = JSON.parse(readFileSync(join(ROOT, 'apps', app, 'package.json'), 'utf8'));
    writeFileSync(join(root, 'apps', app, 'package.json'), `${JSON.stringify({ ...pkg, version: '0.1.0' }, null, 2)}\n`);
  }
  for (const [file, text] of Object.entries(changesets)) writeFileSync(join(root, '.changeset', file), text);
  return root;
}

const run = (root, ...args) => spawnSync(process.execPath, [SCRIPT, ...args, '--root', root], { encoding: 'utf8' });
const read = (root, path) => readFileSync(join(root, path), 'utf8');
const versionOf = (root, app) => JSON.parse(read(root, `apps/${app}/package.json`)).version;

const SHARED_CHANGE = `---
"@lendview/marketing": minor
"@lendview/repayment": patch
---

Both pages show the new grievance officer card.
`;
const MARKETING_ONLY = `---
'@lendview/marketing': patch
---

About: the title fits at 375 px.
Second line of the note.
`;
const LEFTOVER = `---
"@lendview/vite-config": minor
"@lendview/shell": patch
"@lendview/repayment": major
---

A leftover of another team: it must stay pending.
`;

describe('pnpm version-remote', () => {
  test('applies only the changesets naming the app: highest bump, CHANGELOG entry, the package removed from them; others untouched', () => {
    const root = checkout('basic', { 'shared-change.md': SHARED_CHANGE, 'marketing-only.md': MARKETING_ONLY, 'leftover.md': LEFTOVER });
    const pkgBefore = read(root, 'apps/marketing/package.json');
    const others = Object.fromEntries(['repayment', 'loan-details', 'shell'].map((a) => [a, read(root, `apps/${a}/package.json`)]));

    const r = run(root, 'marketing');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /version-remote: @lendview\/marketing 0\.1\.0 -> 0\.2\.0 \(minor\)/);
    assert.match(r.stdout, /\.changeset\/marketing-only\.md: patch, deleted/);
    assert.match(r.stdout, /\.changeset\/shared-change\.md: minor, kept for the other packages/);

    // Only "version" changed in package.json.
    assert.equal(read(root, 'apps/marketing/package.json'), pkgBefore.replace('"version": "0.1.0"', '"version": "0.2.0"'));
    assert.equal(
      read(root, 'apps/marketing/CHANGELOG.md'),
      '# @lendview/marketing\n\n## 0.2.0\n\n### Minor Changes\n\n- Both pages show the new grievance officer card.\n\n' +
        '### Patch Changes\n\n- About: the title fits at 375 px.\n  Second line of the note.\n',
    );
    // The shared changeset keeps the other package's intent; the marketing-only one is gone; the leftover is byte-identical.
    assert.equal(
      read(root, '.changeset/shared-change.md'),
      '---\n"@lendview/repayment": patch\n---\n\nBoth pages show the new grievance officer card.\n',
    );
    assert.equal(existsSync(join(root, '.changeset/marketing-only.md')), false);
    assert.equal(read(root, '.changeset/leftover.md'), LEFTOVER);
    for (const [app, text] of Object.entries(others)) assert.equal(read(root, `apps/${app}/package.json`), text, `${app} untouched`);
    assert.equal(existsSync(join(root, 'apps/repayment/CHANGELOG.md')), false);

    // Nothing left for marketing: refused, nothing changes.
    const again = run(root, 'marketing');
    assert.equal(again.status, 1);
    assert.match(again.stderr, /version-remote refused: no pending changeset names @lendview\/marketing/);
    assert.equal(versionOf(root, 'marketing'), '0.2.0');

    // Repayment next: the leftover's major wins, the next entry goes on top of its log.
    const repay = run(root, 'repayment');
    assert.equal(repay.status, 0, repay.stderr);
    assert.equal(versionOf(root, 'repayment'), '1.0.0');
    assert.equal(existsSync(join(root, '.changeset/shared-change.md')), false);
    assert.equal(
      read(root, '.changeset/leftover.md'),
      '---\n"@lendview/vite-config": minor\n"@lendview/shell": patch\n---\n\nA leftover of another team: it must stay pending.\n',
    );
    assert.match(read(root, 'apps/repayment/CHANGELOG.md'), /^# @lendview\/repayment\n\n## 1\.0\.0\n\n### Major Changes\n\n- A leftover/);
  });

  test('a second version goes on top of the CHANGELOG; a federation name finds the app; --dry-run changes nothing', () => {
    const root = checkout('twice', { 'one.md': '---\n"@lendview/loan-details": patch\n---\n\nFirst fix.\n' });
    assert.equal(run(root, 'loan_details').status, 0);
    writeFileSync(join(root, '.changeset/two.md'), '---\n"@lendview/loan-details": minor\n---\n\nA new screen.\n');
    const before = readdirSync(join(root, '.changeset')).sort();
    const dry = run(root, 'loan-details', '--dry-run');
    assert.equal(dry.status, 0, dry.stderr);
    assert.equal(JSON.parse(dry.stdout).to, '0.2.0');
    assert.deepEqual(readdirSync(join(root, '.changeset')).sort(), before);
    assert.equal(versionOf(root, 'loan-details'), '0.1.1');
    assert.equal(run(root, 'loan-details').status, 0);
    assert.equal(
      read(root, 'apps/loan-details/CHANGELOG.md'),
      '# @lendview/loan-details\n\n## 0.2.0\n\n### Minor Changes\n\n- A new screen.\n\n## 0.1.1\n\n### Patch Changes\n\n- First fix.\n',
    );
  });

  test('usage, unknown apps and unreadable changesets are refused without changing anything', () => {
    const root = checkout('bad', { 'broken.md': '---\n"@lendview/marketing" minor\n---\n\nx\n' });
    assert.equal(run(root).status, 2);
    const unknown = run(root, 'nope');
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /no app "nope"; apps: .*marketing/);
    const broken = run(root, 'marketing');
    assert.equal(broken.status, 1);
    assert.match(broken.stderr, /\.changeset\/broken\.md: cannot read the line/);
    assert.equal(versionOf(root, 'marketing'), '0.1.0');
  });

  test('bumps as semver does; front matter as pnpm changeset writes it', () => {
    assert.deepEqual(
      [bumpVersion('0.1.0', 'major'), bumpVersion('0.1.9', 'minor'), bumpVersion('1.2.3', 'patch'), bumpVersion('1.3.0-rc.1', 'minor')],
      ['1.0.0', '0.2.0', '1.2.4', '1.3.0'],
    );
    assert.deepEqual(parseChangeset(SHARED_CHANGE).releases, [
      { name: '@lendview/marketing', type: 'minor' },
      { name: '@lendview/repayment', type: 'patch' },
    ]);
    assert.deepEqual(parseChangeset('---\n---\n\nEmpty.\n'), { releases: [], summary: 'Empty.' });
  });
});
