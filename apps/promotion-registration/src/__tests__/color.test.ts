import { describe, expect, it } from 'vitest';
import { buttonColors, contrast, darkenToContrast, readableOn } from '../lib/color.ts';

describe('template colours stay readable (WCAG AA 4.5:1)', () => {
  it('contrast of known pairs', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(['#2f6bff', '#3b82f6', '#f59e0b', '#ffeb3b', '#22c55e', '#1e40af', '#ef4444', '#808080'])('Apply button on %s', (hl) => {
    const { fill, label } = buttonColors(hl);
    expect(contrast(fill, label)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already reads, darkens one that does not', () => {
    expect(darkenToContrast('#1e40af')).toBe('#1e40af');
    const fixed = darkenToContrast('#2f6bff');
    expect(fixed).not.toBe('#2f6bff');
    expect(contrast(fixed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(buttonColors('#ffeb3b')).toEqual({ fill: '#ffeb3b', label: '#111827' });
    expect(readableOn('#f59e0b')).toBe('#111827');
  });
});
