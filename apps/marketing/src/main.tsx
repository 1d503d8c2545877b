// Standalone dev entry for the marketing team (`pnpm --filter @lendview/marketing dev`); the shell does not use it.
import { mountStandalone } from '@lendview/ui/standalone';
import App from './App.tsx';

await mountStandalone(App);
