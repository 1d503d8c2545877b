import { defineConfig } from 'vite';
import { remoteConfig } from '@lendview/vite-config';

export default defineConfig(({ command, isSsrBuild }) => remoteConfig({ name: 'complaint_chatbot', port: 5102, command, isSsrBuild }));
