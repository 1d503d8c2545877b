import { defineConfig } from 'vite';
import { remoteConfig } from '@lendview/vite-config';

// standalonePage: its index.html is also the landing for ad traffic (/landing), where no shell lends the runtime.
export default defineConfig(({ command, isSsrBuild }) =>
  remoteConfig({ name: 'promotion_registration', port: 5105, command, standalonePage: true, isSsrBuild }),
);
