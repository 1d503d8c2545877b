import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@lendview/contracts';
import { en } from '../i18n/en.ts';
import { id } from '../i18n/id.ts';
import { statusKey, statusTone } from '../lib/order-status.ts';

// Every status of the catalogue (ARCHITECTURE.md; 210 added by issue 18 item 2) has a label in both languages.
describe('order status labels', () => {
  it('label every status of the catalogue in English and Indonesian', () => {
    for (const status of ORDER_STATUSES) {
      const key = statusKey(status);
      expect(key, String(status)).toBe(`order.status.s${status}`);
      const name = `s${status}` as const;
      expect(en.order.status[name], `en ${status}`).toBeTruthy();
      expect(id.order.status[name], `id ${status}`).toBeTruthy();
    }
    expect(statusKey(999)).toBeUndefined();
  });

  it('210 (closed in the cooling-off period) reads as done, like settled', () => {
    expect([en.order.status.s210, id.order.status.s210]).toEqual(['Cancelled (cooling-off)', 'Dibatalkan (masa pembatalan)']);
    expect(statusTone(210)).toBe('success');
    expect(statusTone(200)).toBe('success');
  });
});
