import { defineConfig } from 'vite';
import { landingConfig, remoteConfig } from '@lendview/vite-config';

// Two browser builds: the remote the shell loads (/promo, on the shell's federation runtime), and with
// `--mode landing` its index.html as a plain page in dist/landing/, the landing for ad traffic (/landing), where
// no shell lends the runtime or the shared libraries.
export default defineConfig(({ command, isSsrBuild, mode }) =>
  mode === 'landing' ? landingConfig() : remoteConfig({ name: 'promotion_registration', port: 5105, command, isSsrBuild }),
);
