import { defineConfig } from 'vite';
import { remoteConfig } from '@lendview/vite-config';

export default defineConfig(remoteConfig({ name: 'marketing', port: 5101 }));
