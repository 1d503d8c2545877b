// The vitest config of every remote and the shell: `export { default } from '@lendview/test-utils/vitest';`
// in the app's vitest.config.ts. Plain JavaScript: vitest loads its config with Node, which runs no .ts file
// from node_modules. An app that needs more spreads it into its own defineConfig.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A harness limit, not a speed check: CI runs every package's suite at once on 2 cores.
    testTimeout: 30_000,
    environment: 'jsdom',
    // The shared hooks (src/setup.ts). They are idempotent: a file may import them again (the repayment
    // remote's legacy tests do, src/card-repayment/test/setup.ts).
    setupFiles: ['@lendview/test-utils/setup'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
