import { defineConfig } from 'vite';
import { remoteConfig } from '@lendview/vite-config';

export default defineConfig(remoteConfig({ name: 'complaint_chatbot', port: 5102 }));
