import { defineConfig } from 'vitest/config';

// Each test file builds the app in process with its own fresh database (in-memory PGlite, and a fresh
// PostgreSQL schema as well when DATABASE_URL is set). PGlite start-up is a few seconds of WASM work, so the
// timeouts are generous and the files run in at most two workers (the machine is shared).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
