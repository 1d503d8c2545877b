import { defineConfig } from 'vitest/config';

// Each test file builds the app in process with its own database (in-memory PGlite, and PostgreSQL as well when
// DATABASE_URL is set), a copy of a template the global setup migrates and seeds once per run
// (test/helpers/template-db.ts). The files run in at most two workers (the machine is shared).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/helpers/template-db.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
