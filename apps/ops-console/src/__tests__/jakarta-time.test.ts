import { describe, expect, it } from 'vitest';
import { jakartaDate, jakartaDateTime } from '../lib/jakarta-time.ts';

describe('times in Asia/Jakarta (UTC+7), whatever the device', () => {
  it('an instant as YYYY-MM-DD HH:mm:ss there; the date may be the next day', () => {
    expect(jakartaDateTime('2026-11-18T02:00:00.000Z')).toBe('2026-11-18 09:00:00');
    expect(jakartaDateTime('2026-11-18T17:30:05.000Z')).toBe('2026-11-19 00:30:05');
    expect(jakartaDate('2026-11-18T17:30:05.000Z')).toBe('2026-11-19');
  });

  it('nothing for a missing or invalid instant', () => {
    expect(jakartaDateTime(null)).toBe('');
    expect(jakartaDateTime('soon')).toBe('');
    expect(jakartaDate(undefined)).toBe('');
  });
});
