// Standalone dev entry for the repayment team (`pnpm --filter @lendview/repayment dev`); the shell does not use it.
import { mountStandalone } from '@lendview/ui/standalone';
import App from './App.tsx';

await mountStandalone(App);
