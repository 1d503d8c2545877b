import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // 'react-i18next' is @lendview/i18n's in-house bindings, as in every build (@lendview/vite-config reactI18nextCompat).
  resolve: { alias: [{ find: /^react-i18next$/, replacement: createRequire(import.meta.url).resolve('@lendview/i18n') }] },
  test: {
    // A harness limit, not a speed check: CI runs every package's suite at once on 2 cores.
    testTimeout: 30_000,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
