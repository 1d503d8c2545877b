import { defineConfig } from 'vite';
import { remoteConfig } from '@lendview/vite-config';

export default defineConfig(({ command, isSsrBuild }) => remoteConfig({ name: 'loan_details', port: 5103, command, isSsrBuild }));
