import { defineConfig } from 'vite';
import { hostConfig } from '@lendview/vite-config';

export default defineConfig(({ command }) => hostConfig({ port: 5173, command }));
