// Standalone dev entry for the complaint-chatbot team (`pnpm --filter @lendview/complaint-chatbot dev`); the shell does not use it.
import { mountStandalone } from '@lendview/ui/standalone';
import App from './App.tsx';

await mountStandalone(App);
