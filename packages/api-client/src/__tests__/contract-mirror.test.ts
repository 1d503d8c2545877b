import * as contracts from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { ROUTES, SHARED_PARAM_NAMES } from '../contract-mirror.ts';

describe('the run-time mirror of @lendview/contracts', () => {
  it('has the same shared param names', () => {
    expect(SHARED_PARAM_NAMES).toEqual(contracts.SHARED_PARAM_NAMES);
  });

  it('has the method, path and success code of every endpoint it mirrors', () => {
    for (const [name, route] of Object.entries(ROUTES)) {
      const endpoint = (contracts as unknown as Record<string, contracts.Endpoint<never, never> | undefined>)[name];
      expect(endpoint, name).toBeDefined();
      expect({ method: endpoint?.method, path: endpoint?.path, successCode: endpoint?.successCode }, name).toEqual(route);
    }
  });
});
