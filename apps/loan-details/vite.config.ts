import { defineConfig } from 'vite';
import { remoteConfig } from '@lendview/vite-config';

export default defineConfig(remoteConfig({ name: 'loan_details', port: 5103 }));
