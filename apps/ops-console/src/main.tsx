// Standalone dev entry (`pnpm --filter @lendview/ops-console dev`); the shell does not use it.
import { mountStandalone } from '@lendview/ui/standalone';
import App from './App.tsx';

// `dev:mock` (vite --mode mock): the API answered in the browser by src/mocks/handlers.ts (MSW). A build's mode is
// never 'mock', so the bundler drops this import and msw with it.
if (import.meta.env.MODE === 'mock') await (await import('./mocks/browser.ts')).startMocks();

await mountStandalone(App);
