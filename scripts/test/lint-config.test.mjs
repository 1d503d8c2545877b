// The lint rules that keep the API's shape (eslint.config.js, issue 38 item 2) refuse a deliberate violation: each
// case lints a real file's path with a body that breaks one rule, and expects that rule's message. A rule that stops
// matching (a renamed folder, a changed selector) fails here instead of letting the violation in silently.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from '../remotes.mjs';

const eslint = new ESLint({ cwd: ROOT });

/** The rule ids and messages ESLint gives `code` as if it were the file at `path` (relative to the root). */
async function problems(path, code) {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${path}` });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const SQL = "export async function f(db: { query(sql: string): Promise<unknown> }) {\n  return db.query('SELECT 1');\n}\n";
const ENV = 'export const port = process.env.PORT;\n';

test('SQL in a route or a service is refused; in a repository it is the place for it', async () => {
  assert.ok(
    (await problems('apps/api/src/routes/health/index.ts', SQL)).some((p) => p.startsWith('no-restricted-syntax: No SQL in routes')),
  );
  assert.ok(
    (await problems('apps/api/src/services/support.ts', SQL)).some((p) => p.startsWith('no-restricted-syntax: No SQL in services')),
  );
  assert.deepEqual(
    (await problems('apps/api/src/repositories/settings.ts', SQL)).filter((p) => p.includes('No SQL')),
    [],
  );
});

test('SQL in the demo-only routes, the release and RUM code, lib/ and providers/ is refused too', async () => {
  assert.ok(
    (await problems('apps/api/src/routes/dev/index.ts', SQL)).some((p) => p.startsWith('no-restricted-syntax: No SQL in routes')),
    'routes/dev is inside the zone',
  );
  for (const path of [
    'apps/api/src/releases/serving.ts',
    'apps/api/src/releases/canary.ts',
    'apps/api/src/rum/summary.ts',
    'apps/api/src/lib/clock.ts',
    'apps/api/src/providers/payments.ts',
  ]) {
    assert.ok(
      (await problems(path, SQL)).some((p) => p.startsWith('no-restricted-syntax: No SQL here')),
      `${path} may not run SQL`,
    );
  }
});

test('lib/, providers/ and db/ import no repository, service or route; repositories import no service or route', async () => {
  const upward = [
    [
      'apps/api/src/lib/clock.ts',
      "import { findProduct } from '../repositories/products.ts';\nexport { findProduct };\n",
      'import no repository',
    ],
    [
      'apps/api/src/providers/payments.ts',
      "import { purgeExpired } from '../services/maintenance.ts';\nexport { purgeExpired };\n",
      'import no service or route',
    ],
    ['apps/api/src/db/open.ts', "import devRoutes from '../routes/dev/index.ts';\nexport { devRoutes };\n", 'import no service or route'],
    [
      'apps/api/src/repositories/products.ts',
      "import { purgeExpired } from '../services/maintenance.ts';\nexport { purgeExpired };\n",
      'Repositories import no service or route',
    ],
  ];
  for (const [path, code, message] of upward) {
    assert.ok(
      (await problems(path, code)).some((p) => p.startsWith('no-restricted-imports: ') && p.includes(message)),
      `${path} may not import upward`,
    );
  }
  // A repository's row type is no dependency at run time.
  assert.deepEqual(
    (
      await problems(
        'apps/api/src/lib/clock.ts',
        "import type { Borrower } from '../repositories/sessions.ts';\nexport type { Borrower };\n",
      )
    ).filter((p) => p.startsWith('no-restricted-imports')),
    [],
  );
});

test('process.env outside src/env.ts is refused; env.ts reads it', async () => {
  for (const path of ['apps/api/src/lib/clock.ts', 'apps/api/src/releases/actor.ts', 'apps/api/src/cli/releases.ts']) {
    assert.ok(
      (await problems(path, ENV)).some((p) => p.startsWith('no-restricted-properties: ') && p.includes('src/env.ts')),
      `${path} may not read process.env`,
    );
  }
  assert.deepEqual(
    (await problems('apps/api/src/env.ts', ENV)).filter((p) => p.startsWith('no-restricted-properties')),
    [],
  );
});

test("a remote's pages do not import its feature folders (card repayment, template editor)", async () => {
  const reach = [
    [
      'apps/repayment/src/pages/VirtualAccountPage.tsx',
      "import { CardOptions } from '../card-repayment/components/CardOptions.tsx';\nexport { CardOptions };\n",
    ],
    [
      'apps/promotion-registration/src/components/LandingView.tsx',
      "import { OPS_SESSION_KEY } from '../template-editor/session.ts';\nexport { OPS_SESSION_KEY };\n",
    ],
  ];
  for (const [path, code] of reach) {
    assert.ok(
      (await problems(path, code)).some((p) => p.startsWith('no-restricted-imports: ') && p.includes('A feature folder is its own')),
      `${path} may not import a feature folder`,
    );
  }
  // The feature's own files import within it freely.
  assert.deepEqual(
    (
      await problems(
        'apps/repayment/src/card-repayment/RepayPage.tsx',
        "import { CardOptions } from './components/CardOptions.tsx';\nexport { CardOptions };\n",
      )
    ).filter((p) => p.startsWith('no-restricted-imports')),
    [],
  );
});
