import { defineConfig } from 'vite';
import { remoteConfig } from '@lendview/vite-config';

export default defineConfig(({ command }) => remoteConfig({ name: 'ops_console', port: 5106, command }));
