// One lint config for the whole monorepo; each package runs `eslint .` from its own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/releases/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', '**/__mf__temp/**', '**/.__mf__temp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Screens must not reach into another feature: shared code lives in packages/.
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*/src/*', '**/apps/*/src/**'], message: 'Import shared code from a @lendview/* package, not from another app.' }] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', window: 'readonly', document: 'readonly' } },
  },
);
