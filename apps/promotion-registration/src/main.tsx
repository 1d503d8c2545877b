// Standalone entry: the team's dev server (`pnpm --filter @lendview/promotion-registration dev`) and the light
// landing for ad traffic that the API serves at /landing?templateId=ID from this build's index.html.
import { mountStandalone } from '@lendview/ui/standalone';
import { getQueryClient } from '@lendview/ui';
import { Standalone } from './Standalone.tsx';
import { seedLandingTemplate } from './api/channel-template.ts';

// `dev:mock` (vite --mode mock): the API answered in the browser by src/mocks/handlers.ts (MSW). A build's mode is
// never 'mock', so the bundler drops this import and msw with it.
if (import.meta.env.MODE === 'mock') await (await import('./mocks/browser.ts')).startMocks();

// /landing: the template came with the page (no round trip before the landing shows).
seedLandingTemplate(getQueryClient());
await mountStandalone(Standalone);
