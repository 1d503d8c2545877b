import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // 'react-i18next' is this package's own bindings (src/react.tsx), as in every build (@lendview/vite-config).
  resolve: { alias: [{ find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) }] },
  test: {
    // A harness limit, not a speed check: CI runs every package's suite at once on 2 cores.
    testTimeout: 30_000,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
