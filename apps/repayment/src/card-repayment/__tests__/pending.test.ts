import '../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { loadCodeStep, saveCodeStep } from '../lib/pending.ts';

describe('the saved code step', () => {
  it('is kept per order and removed', () => {
    const now = Date.now();
    saveCodeStep('A', { recordId: 1, cardId: 2, sentAt: now });
    expect(loadCodeStep('A', now + 1000)).toEqual({ recordId: 1, cardId: 2, sentAt: now });
    expect(loadCodeStep('B', now)).toBeNull();
    saveCodeStep('A', null);
    expect(loadCodeStep('A', now)).toBeNull();
  });

  it('is dropped after 15 minutes, and when it is not well-formed', () => {
    const now = Date.now();
    saveCodeStep('A', { recordId: 1, cardId: 2, sentAt: now });
    expect(loadCodeStep('A', now + 15 * 60 * 1000 + 1)).toBeNull();
    sessionStorage.setItem('lv.repayLegacy.A', '{"recordId":"1"}');
    expect(loadCodeStep('A', now)).toBeNull();
    sessionStorage.setItem('lv.repayLegacy.A', 'not json');
    expect(loadCodeStep('A', now)).toBeNull();
  });
});
