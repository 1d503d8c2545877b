import { defineConfig } from 'vite';
import { hostConfig } from '@lendview/vite-config';

export default defineConfig(hostConfig({ port: 5173 }));
