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
