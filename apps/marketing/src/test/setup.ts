import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '@lendview/i18n';
import { toast } from '@lendview/ui';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  act(() => toast.hide());
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  document.title = '';
});
