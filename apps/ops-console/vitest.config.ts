export { default } from '@lendview/test-utils/vitest';
