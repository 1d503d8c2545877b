import { initI18n } from '@lendview/i18n';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { toast } from './src/toast.ts';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  act(() => toast.hide());
  cleanup();
  vi.useRealTimers();
});
