// One lint config for the whole monorepo; each package runs `eslint .` from its own folder.
// `files` globs below are relative to this file (the repository root).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import { reactRefresh } from 'eslint-plugin-react-refresh';

// Code that runs React: the remotes (every app but the API, so a remote made by `pnpm gen remote` is covered),
// the shell and the shared browser packages.
const REACT_CODE = ['apps/*/src/**/*.{ts,tsx}', 'packages/{ui,i18n,api-client,bridge,test-utils}/src/**/*.{ts,tsx}'];
const NOT_REACT = ['apps/api/**'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      // The root releases folder (RELEASES_DIR), not apps/api/src/releases.
      'releases/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/__mf__temp/**',
      '**/.__mf__temp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and fakes of async interfaces are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // Screens must not reach into another feature: shared code lives in packages/.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*/src/*', '**/apps/*/src/**'],
              message: 'Import shared code from a @lendview/* package, not from another app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain JavaScript and hand-written declaration files belong to no tsconfig: no type information to use.
    files: ['**/*.{js,mjs,cjs}', '**/*.d.mts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
  },
  {
    files: REACT_CODE,
    ignores: NOT_REACT,
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Fast Refresh (issue 16 item 6): a .tsx module of the apps exports components only, so an edit refreshes in
  // place instead of reloading the page. Route tables and other values go to their own .ts module (src/routes.ts).
  // `vite` allows exported primitive constants, which @vitejs/plugin-react refreshes too. Tests and entry points
  // are never refresh boundaries.
  {
    ...reactRefresh.configs.vite(),
    files: ['apps/*/src/**/*.tsx'],
    ignores: [...NOT_REACT, '**/*.test.tsx', '**/__tests__/**', '**/test/**', '**/main.tsx', '**/server.tsx'],
  },
  // File names: a .tsx module named after the one component it exports is PascalCase (LoanTerms.tsx exports
  // LoanTerms); everything else (.ts, tests, entry points, modules of several helpers or icons) is kebab-case.
  // `*.test`, `.config`, `.d` middle extensions are not part of the name.
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'check-file': checkFile },
    rules: { 'check-file/filename-naming-convention': ['error', { '**/*': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }] },
  },
  {
    files: ['apps/*/src/**/*.tsx', 'packages/ui/src/**/*.tsx'],
    ignores: [
      '**/*.test.tsx',
      '**/__tests__/**',
      '**/test/**',
      '**/main.tsx',
      // The server build's entry (issue 14), an entry point like main.tsx.
      '**/server.tsx',
      '**/icons.tsx',
      '**/fields.tsx',
      'packages/ui/src/standalone.tsx',
    ],
    rules: { 'check-file/filename-naming-convention': ['error', { '**/*': 'PASCAL_CASE' }, { ignoreMiddleExtensions: true }] },
  },
  // --- API layering zone (issue 17 item 2; docs/api.md "Layers"). Keep this block when reorganising. ---------
  // apps/api: routes parse (registerEndpoint does it), call a service, answer; services hold the rules and the
  // transactions; SQL lives only in repositories/** and db/**; lib/, providers/ and db/ are below them all and
  // import none of them; repositories import no service or route (issue 38 item 2).
  {
    files: ['apps/api/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Repeated from the block above: a later block's rule replaces it for these files.
            {
              group: ['../../*/src/*', '**/apps/*/src/**'],
              message: 'Import shared code from a @lendview/* package, not from another app.',
            },
            { group: ['**/db/*'], message: 'Routes never touch the database: call a service (docs/api.md "Layers").' },
            {
              group: ['**/repositories/*'],
              allowTypeImports: true,
              message: 'Routes call services, services call repositories (docs/api.md "Layers").',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query']",
          message: 'No SQL in routes: it belongs in repositories/** (docs/api.md "Layers").',
        },
      ],
    },
  },
  {
    files: ['apps/api/src/services/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query']",
          message: 'No SQL in services: add a repository function (docs/api.md "Layers").',
        },
      ],
    },
  },
  // The release code, the page-speed (RUM) code, the shared helpers and the providers call repositories for their SQL
  // too.
  {
    files: ['apps/api/src/{releases,rum,lib,providers}/**/*.ts'],
    // Still reads the switch history in place: to move to repositories/releases.ts (docs/api.md "Layers").
    ignores: ['apps/api/src/releases/route-ownership.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query']",
          message: 'No SQL here: add a repository function (docs/api.md "Layers").',
        },
      ],
    },
  },
  // lib/, providers/ and db/ are the bottom of the API: nothing in them imports a repository, a service or a route
  // (types of a repository's rows are allowed). The files listed under `ignores` still reach up and are to move
  // (docs/api.md "Layers").
  {
    files: ['apps/api/src/{lib,providers,db}/**/*.ts'],
    ignores: [
      'apps/api/src/lib/identity.ts',
      'apps/api/src/lib/operator-auth.ts',
      'apps/api/src/lib/idempotency.ts',
      'apps/api/src/providers/sms.ts',
      'apps/api/src/db/seed-demo.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Repeated from the block above: a later block's rule replaces it for these files.
            {
              group: ['../../*/src/*', '**/apps/*/src/**'],
              message: 'Import shared code from a @lendview/* package, not from another app.',
            },
            {
              group: ['**/services/*', '**/routes/*', '**/routes/**'],
              message: 'lib/, providers/ and db/ import no service or route: pass what they need in (docs/api.md "Layers").',
            },
            {
              group: ['**/repositories/*'],
              allowTypeImports: true,
              message: 'lib/, providers/ and db/ import no repository: the caller passes what they need (docs/api.md "Layers").',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/repositories/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Repeated from the block above: a later block's rule replaces it for these files.
            {
              group: ['../../*/src/*', '**/apps/*/src/**'],
              message: 'Import shared code from a @lendview/* package, not from another app.',
            },
            {
              group: ['**/services/*', '**/routes/*', '**/routes/**'],
              message: 'Repositories import no service or route: services call repositories (docs/api.md "Layers").',
            },
          ],
        },
      ],
    },
  },
  // The API's settings are read in one file: src/env.ts (processEnv, loadEnv, …), so every one is found there.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through src/env.ts (processEnv or a loader), not process.env.' },
      ],
    },
  },
  // --- end of the API layering zone ---------------------------------------------------------------------------
  // Feature folders inside a remote (issue 38 item 3): the card repayment of `repayment` and the template editor of
  // `promotion-registration` are features of their own; the rest of the remote never imports from them (only App.tsx
  // registers their routes, and their own tests and mocks reach in).
  {
    files: ['apps/{repayment,promotion-registration}/src/{pages,components,lib,api}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Repeated from the block above: a later block's rule replaces it for these files.
            {
              group: ['../../*/src/*', '**/apps/*/src/**'],
              message: 'Import shared code from a @lendview/* package, not from another app.',
            },
            {
              group: ['**/card-repayment/**', '**/template-editor/**'],
              message: 'A feature folder is its own: the rest of the remote does not import from it (docs/remotes.md).',
            },
          ],
        },
      ],
    },
  },
);
