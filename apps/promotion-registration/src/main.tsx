// Standalone dev entry for the promotion-registration team (`pnpm --filter @lendview/promotion-registration dev`); the shell does not use it.
import { mountStandalone } from '@lendview/ui/standalone';
import App from './App.tsx';

await mountStandalone(App);
