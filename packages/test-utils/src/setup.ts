// Test hooks every remote's tests run (vitest `setupFiles: ['@lendview/test-utils/setup']`). They are
// idempotent: a file may import this module again (the legacy repayment tests do).
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '@lendview/api-client';
import { i18n, initI18n } from '@lendview/i18n';
import { toast } from '@lendview/ui';

// A harness limit, not a speed check (as testTimeout in vitest-preset.mjs): CI runs every package's suite at once
// on 2 cores, and a screen's first lazy import there has taken over the library's default 1 s (CI, stop 25:
// landing.test's first heading). findBy/waitFor still return as soon as what they wait for is there.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  // A fresh client per test (a call left running by an earlier test must not keep its loading text up).
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
  localStorage.clear();
  document.title = '';
});
