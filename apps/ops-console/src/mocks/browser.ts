// Starts the mock API in the browser: only `pnpm --filter @lendview/ops-console dev:mock` (vite --mode mock) imports
// this module (src/main.tsx), so no build contains it or msw.
import { startMockApi } from '@lendview/test-utils/mock-api';
import { handlers } from './handlers.ts';

export const startMocks = () => startMockApi(handlers, { app: 'ops-console' });
