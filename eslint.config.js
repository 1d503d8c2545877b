// One lint config for the whole monorepo; each package runs `eslint .` from its own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/releases/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/__mf__temp/**',
      '**/.__mf__temp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
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
  // --- API layering zone (issue 17 item 2; docs/api.md "Layers"). Keep this block when reorganising. ---------
  // apps/api: routes parse (registerEndpoint does it), call a service, answer; services hold the rules and the
  // transactions; SQL lives only in repositories/** and db/**. routes/dev/** (demo-only factories for e2e) is
  // left out until its SQL moves to a repository.
  {
    files: ['apps/api/src/routes/**/*.ts'],
    ignores: ['apps/api/src/routes/dev/**'],
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
  // --- end of the API layering zone ---------------------------------------------------------------------------
);
