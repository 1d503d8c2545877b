import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A harness limit, not a speed check: CI runs every package's suite at once on 2 cores.
    testTimeout: 30_000,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
