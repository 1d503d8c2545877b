import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareVersions, incompatibilities, requirementFor, satisfies } from '../declaration.mjs';

const shell = (shared) => ({ format: 1, kind: 'shell', package: '@lendview/shell', version: '0.1.0', shared });
const remote = (built) => ({
  format: 1,
  kind: 'remote',
  name: 'marketing',
  package: '@lendview/marketing',
  version: '0.2.0',
  routes: ['/'],
  shared: Object.fromEntries(Object.entries(built).map(([lib, v]) => [lib, { version: v, requires: requirementFor(lib, v) }])),
});

test('requirements: @lendview/* by major, other libraries by caret from the built version', () => {
  assert.equal(requirementFor('@lendview/api-client', '1.4.2'), '1.x');
  assert.equal(requirementFor('@lendview/api-client', '0.1.0'), '0.x');
  assert.equal(requirementFor('react', '19.2.9'), '^19.2.9');
});

test('satisfies: majors, carets, 0.x carets and prereleases', () => {
  assert.equal(satisfies('1.9.0', '1.x'), true);
  assert.equal(satisfies('2.0.0', '1.x'), false);
  assert.equal(satisfies('0.1.0', '1.x'), false);
  assert.equal(satisfies('19.3.0', '^19.2.9'), true);
  assert.equal(satisfies('19.2.8', '^19.2.9'), false);
  assert.equal(satisfies('20.0.0', '^19.2.9'), false);
  assert.equal(satisfies('0.4.9', '^0.4.1'), true);
  assert.equal(satisfies('0.5.0', '^0.4.1'), false);
  assert.equal(satisfies('0.0.3', '^0.0.3'), true);
  assert.equal(satisfies('0.0.4', '^0.0.3'), false);
  assert.equal(satisfies('19.2.9-rc.1', '^19.2.9'), false);
  assert.equal(compareVersions('0.1.1-e2e.2', '0.1.1-e2e.10'), -1);
  assert.equal(compareVersions('0.1.1-e2e.2', '0.1.1'), -1);
  assert.equal(compareVersions('1.0.0', '0.9.9'), 1);
});

test('a remote built against a newer api-client major cannot go on an older shell', () => {
  const problems = incompatibilities(
    remote({ react: '19.2.9', '@lendview/api-client': '1.0.0' }),
    shell({ react: '19.2.9', '@lendview/api-client': '0.1.0' }),
  );
  assert.deepEqual(problems, ['@lendview/api-client: the remote needs 1.x (built against 1.0.0), the shell provides 0.1.0']);
});

test('an older shared library, or one the shell does not share, is refused; a newer minor is fine', () => {
  assert.deepEqual(incompatibilities(remote({ react: '19.2.9' }), shell({ react: '19.3.1' })), []);
  assert.deepEqual(incompatibilities(remote({ react: '19.2.9' }), shell({ react: '19.1.0' })), [
    'react: the remote needs ^19.2.9 (built against 19.2.9), the shell provides 19.1.0',
  ]);
  assert.deepEqual(incompatibilities(remote({ 'react-router': '7.18.5' }), shell({ react: '19.2.9' })), [
    'react-router: the remote needs ^7.18.5 (built against 7.18.5), the shell does not share it',
  ]);
});

test('declarations of another format are refused rather than misread', () => {
  assert.equal(incompatibilities({ ...remote({}), format: 2 }, shell({})).length, 1);
  assert.equal(incompatibilities(remote({}), undefined).length, 1);
});

test('a remote importing a react-router name the shell shares only in part without it is refused', () => {
  const r = remote({ 'react-router': '7.18.5' });
  r.shared['react-router'].imports = ['Link', 'useBlocker'];
  const s = { ...shell({ 'react-router': '7.18.5' }), sharedExports: { 'react-router': ['Link', 'Routes'] } };
  assert.deepEqual(incompatibilities(r, s), ["react-router: the remote imports useBlocker, the shell's shared copy does not provide it"]);
  // A shell that shares the whole package (no sharedExports), or a remote that declares no imports: no check.
  assert.deepEqual(incompatibilities(r, shell({ 'react-router': '7.18.5' })), []);
  assert.deepEqual(incompatibilities(remote({ 'react-router': '7.18.5' }), s), []);
});

test('a remote that runs on the shell federation runtime needs a shell that provides a compatible one', () => {
  const r = {
    ...remote({ react: '19.2.9' }),
    federationRuntime: { version: '2.9.1', requires: requirementFor('@module-federation/runtime', '2.9.1') },
  };
  assert.deepEqual(incompatibilities(r, { ...shell({ react: '19.2.9' }), federationRuntime: '2.10.0' }), []);
  assert.deepEqual(incompatibilities(r, shell({ react: '19.2.9' })), [
    "federation runtime: the remote runs on the shell's (needs ^2.9.1, built against 2.9.1), the shell does not provide one",
  ]);
  assert.deepEqual(incompatibilities(r, { ...shell({ react: '19.2.9' }), federationRuntime: '2.8.0' }), [
    "federation runtime: the remote runs on the shell's (needs ^2.9.1, built against 2.9.1), the shell provides 2.8.0",
  ]);
});
