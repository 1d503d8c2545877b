import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../date.ts';
import { setLanguage } from '../instance.ts';
import { currencySymbol, formatAmount, formatMoney, minorToDecimal, stripDots } from '../money.ts';

describe('money (spec 1, 9)', () => {
  it('picks the currency symbol by language', () => {
    expect(currencySymbol('en')).toBe('₹');
    expect(currencySymbol('id')).toBe('Rp');
  });

  it('groups whole units: dots in Indonesian, commas in English', () => {
    expect(formatAmount(100_000_000, 'id')).toBe('1.000.000');
    expect(formatAmount(1_500_000_000, 'id')).toBe('15.000.000');
    expect(formatAmount(8_000_000, 'en')).toBe('80,000');
    expect(formatAmount(200_000, 'en')).toBe('2,000');
    expect(formatAmount(99_900, 'en')).toBe('999');
    expect(formatAmount(0, 'id')).toBe('0');
  });

  it('shows two decimals only when there is a fraction', () => {
    expect(formatAmount(100_000_050, 'id')).toBe('1.000.000,50');
    expect(formatAmount(100_005, 'en')).toBe('1,000.05');
    expect(formatAmount(5, 'en')).toBe('0.05');
    expect(formatAmount(-123_456, 'id')).toBe('-1.234,56');
    expect(formatAmount(Number.NaN, 'id')).toBe('-');
  });

  it('formats money with the symbol', () => {
    expect(formatMoney(100_000_000, 'id')).toBe('Rp 1.000.000');
    expect(formatMoney(8_000_000, 'en')).toBe('₹80,000');
    expect(formatMoney(1_200_050, 'en')).toBe('₹12,000.50');
    expect(formatMoney(-100_000, 'id')).toBe('-Rp 1.000');
    expect(formatMoney(-100_000, 'en')).toBe('-₹1,000');
  });

  it('converts minor units to a two-decimal string', () => {
    expect(minorToDecimal(1250)).toBe('12.50');
    expect(minorToDecimal(100_000_000)).toBe('1000000.00');
    expect(minorToDecimal(7)).toBe('0.07');
    expect(minorToDecimal(-1250)).toBe('-12.50');
    expect(minorToDecimal(0.1 + 0.2)).toBe('0.00');
  });

  it('strips the dots of a displayed amount', () => {
    expect(stripDots('1.000.000')).toBe('1000000');
    expect(stripDots(formatAmount(1_500_000_000, 'id'))).toBe('15000000');
    expect(stripDots('500')).toBe('500');
  });
});

describe('dates (spec 9)', () => {
  it("formats in the language's market time, whatever the machine's zone: India for English, Jakarta for Indonesian", () => {
    const d = new Date(Date.UTC(2025, 0, 4, 20, 8, 9));
    expect(formatDateTime(d, 'id')).toBe('2025-01-05 03:08:09');
    expect(formatDateTime(d, 'en')).toBe('2025-01-05 01:38:09');
    expect(formatDateTime(d.getTime(), 'id')).toBe('2025-01-05 03:08:09');
    expect(formatDateTime(d.toISOString(), 'en')).toBe('2025-01-05 01:38:09');
    expect(formatDate(d, 'id')).toBe('2025-01-05');
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 16, 59, 59)), 'id')).toBe('2024-12-31');
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 17, 0, 0)), 'id')).toBe('2025-01-01');
    // Midnight, as 00 (not 24).
    expect(formatDateTime(new Date(Date.UTC(2025, 0, 4, 17, 0, 0)), 'id')).toBe('2025-01-05 00:00:00');
    // A calendar date from the API ('YYYY-MM-DD', UTC midnight) stays that date in both markets (east of UTC).
    expect(formatDate('2026-12-01', 'en')).toBe('2026-12-01');
    expect(formatDate('2026-12-01', 'id')).toBe('2026-12-01');
  });

  it("without a language, the page's current one", async () => {
    const d = new Date(Date.UTC(2025, 0, 4, 20, 8, 9));
    await setLanguage('en');
    expect(formatDateTime(d)).toBe('2025-01-05 01:38:09');
    await setLanguage('id');
    expect(formatDateTime(d)).toBe('2025-01-05 03:08:09');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});
