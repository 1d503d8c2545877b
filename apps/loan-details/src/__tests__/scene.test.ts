import { describe, expect, it } from 'vitest';
import { moduleIdForScene as fromContracts } from '@lendview/contracts';
import { moduleIdForScene } from '../lib/scene.ts';

describe('moduleIdForScene (spec 7.5)', () => {
  it.each([
    ['banner_jingzhun', 301],
    ['tanchuang_jingzhun', 301],
    ['tanchuang_fudai', 302],
    ['banner_fudai', 302],
    ['', 300],
    ['home', 300],
    ['BANNER_JINGZHUN', 300],
    [null, 300],
    [undefined, 300],
  ] as const)('%s → %i', (scene, id) => {
    expect(moduleIdForScene(scene)).toBe(id);
  });

  it('agrees with the copy in @lendview/contracts', () => {
    for (const scene of ['banner_jingzhun', 'tanchuang_jingzhun', 'tanchuang_fudai', 'banner_fudai', '', 'x', null, undefined]) {
      expect(moduleIdForScene(scene)).toBe(fromContracts(scene));
    }
  });
});
