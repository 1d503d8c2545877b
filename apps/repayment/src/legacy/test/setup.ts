// Test hooks of the legacy bank-card repayment tests. Imported by each test file (the repayment vitest config
// belongs to the rest of the remote and has no setup file of its own).
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '@lendview/api-client';
import { i18n, initI18n } from '@lendview/i18n';
import { toast } from '@lendview/ui';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  resetApiClient();
  // What the shell's connectApp does: server messages and loading texts go to the toast (spec 7.1, 8).
  let hideLoading: (() => void) | undefined;
  configureApiClient({
    onMessage: (msg) => toast.show(msg),
    onLoading: (text) => {
      hideLoading?.();
      hideLoading = text ? toast.loading(text) : undefined;
    },
    language: () => i18n.language,
  });
});

afterEach(() => {
  act(() => toast.hide());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  document.title = '';
});
