import { defineConfig } from 'vite';
import { remoteConfig } from '@lendview/vite-config';

export default defineConfig(({ command, isSsrBuild }) => remoteConfig({ name: 'marketing', port: 5101, command, isSsrBuild }));
