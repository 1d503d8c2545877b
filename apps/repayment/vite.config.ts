import { defineConfig } from 'vite';
import { remoteConfig } from '@lendview/vite-config';

export default defineConfig(({ command, isSsrBuild }) => remoteConfig({ name: 'repayment', port: 5104, command, isSsrBuild }));
