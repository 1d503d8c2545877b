import { defineConfig } from 'vite';
import { remoteConfig } from '@lendview/vite-config';

export default defineConfig(remoteConfig({ name: 'promotion_registration', port: 5105 }));
