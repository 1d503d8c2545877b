import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A harness limit, not a speed check: CI runs every package's suite at once on 2 cores.
    testTimeout: 30_000,
    environment: 'jsdom',
    // The hooks of src/test/setup.ts are idempotent: the legacy tests' own setup (src/legacy/test/setup.ts) may
    // run beside them.
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
