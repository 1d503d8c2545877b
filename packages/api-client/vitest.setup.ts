import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetApiClient } from './src/config.ts';
import { reloadSharedParams } from './src/shared-params.ts';

afterEach(() => {
  cleanup();
  resetApiClient();
  sessionStorage.clear();
  reloadSharedParams();
});
