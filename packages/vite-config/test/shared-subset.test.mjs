import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAst } from 'vite';
import { checkSubsetImports, REACT_ROUTER_EXPORTS } from '../shared-subset.mjs';

/** Runs the plugin's transform on `code` as if it were the file `id`; returns the usage map. */
function check(code, id = '/repo/apps/x/src/page.tsx') {
  const usage = new Map();
  const plugin = checkSubsetImports(usage);
  const context = {
    parse: (text) => parseAst(text),
    error: (message) => {
      throw new Error(message);
    },
  };
  plugin.transform.call(context, code, id);
  return usage;
}

test('the names the apps import from react-router are in the shared subset', () => {
  for (const name of [
    'BrowserRouter',
    'MemoryRouter',
    'Routes',
    'Route',
    'Link',
    'NavLink',
    'useLocation',
    'useNavigate',
    'useNavigationType',
    'useSearchParams',
  ]) {
    assert.ok(REACT_ROUTER_EXPORTS.includes(name), name);
  }
});

test('imports of provided names are recorded for the declaration', () => {
  const usage = check(
    "import { Link, useNavigate as go } from 'react-router';\nexport { Routes } from 'react-router';\nimport { useState } from 'react';",
  );
  assert.deepEqual([...usage.get('react-router')].sort(), ['Link', 'Routes', 'useNavigate']);
  assert.equal(usage.has('react'), false);
});

test('a name the subset lacks, or a namespace import, fails the build', () => {
  assert.throws(() => check("import { useBlocker } from 'react-router';"), /"useBlocker" from 'react-router'/);
  assert.throws(() => check("import * as rr from 'react-router';"), /whole module/);
  assert.throws(() => check("export * from 'react-router';"), /whole module/);
});

test('files under node_modules are not checked', () => {
  const usage = check("import { useBlocker } from 'react-router';", '/repo/node_modules/some-lib/index.js');
  assert.equal(usage.size, 0);
});

test("react-i18next's module in every build is @lendview/i18n's bindings, through that share", async () => {
  const { mkdtempSync, readFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { writeReactI18nextCompat, REACT_I18NEXT_EXPORTS } = await import('../shared-subset.mjs');
  const root = mkdtempSync(join(tmpdir(), 'lv-compat-'));
  const file = writeReactI18nextCompat(root);
  assert.equal(file, join(root, 'node_modules/.lendview-shared/react-i18next.mjs'));
  const source = readFileSync(file, 'utf8');
  assert.match(source, new RegExp(`export \\{ ${REACT_I18NEXT_EXPORTS.join(', ')} \\} from '@lendview/i18n';`));
  for (const name of ['useTranslation', 'Trans', 'I18nextProvider', 'initReactI18next']) assert.ok(REACT_I18NEXT_EXPORTS.includes(name));
});

test("the dev server's react-i18next module re-exports the translator's source file, not the share wrapper", async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { writeReactI18nextCompat, REACT_I18NEXT_EXPORTS } = await import('../shared-subset.mjs');
  const shell = join(import.meta.dirname, '../../../apps/shell');
  const file = writeReactI18nextCompat(shell, 'serve');
  assert.equal(file, join(shell, 'node_modules/.lendview-shared/react-i18next.dev.mjs'));
  const source = readFileSync(file, 'utf8');
  assert.match(source, new RegExp(`export \\{ ${REACT_I18NEXT_EXPORTS.join(', ')} \\} from '[^']*/packages/i18n/src/react\\.tsx';`));
});
