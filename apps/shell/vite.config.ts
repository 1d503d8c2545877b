import { defineConfig } from 'vite';
import { hostConfig } from '@lendview/vite-config';

export default defineConfig(({ command, isSsrBuild }) => hostConfig({ port: 5173, command, isSsrBuild }));
