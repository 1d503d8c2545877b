// Standalone entry: the team's dev server (`pnpm --filter @lendview/promotion-registration dev`) and the light
// landing for ad traffic that the API serves at /landing?templateId=ID from this build's index.html.
import { mountStandalone } from '@lendview/ui/standalone';
import { Standalone } from './Standalone.tsx';

await mountStandalone(Standalone);
