// Standalone dev entry for the loan-details team (`pnpm --filter @lendview/loan-details dev`); the shell does not use it.
import { mountStandalone } from '@lendview/ui/standalone';
import App from './App.tsx';

await mountStandalone(App);
