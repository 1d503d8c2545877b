// Standalone dev entry (`pnpm --filter @lendview/ops-console dev`); the shell does not use it.
import { mountStandalone } from '@lendview/ui/standalone';
import App from './App.tsx';

await mountStandalone(App);
