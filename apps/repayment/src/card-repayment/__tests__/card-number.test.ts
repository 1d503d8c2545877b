import { describe, expect, it } from 'vitest';
import { cardDigits, formatCardInput, groupCardNumber } from '../lib/card-number.ts';

describe('bank card number (spec 5: digits only, grouped in fours)', () => {
  it('keeps digits only, at most 19', () => {
    expect(cardDigits('12 34-ab5')).toBe('12345');
    expect(cardDigits('1'.repeat(25))).toBe('1'.repeat(19));
    // A full-width or Hindi keyboard's digits are the same digits.
    expect(cardDigits('１２３４ ५६७८')).toBe('12345678');
    expect(formatCardInput('１２３４५', 5)).toEqual({ value: '1234 5', caret: 6 });
  });

  it('groups in fours', () => {
    expect(groupCardNumber('')).toBe('');
    expect(groupCardNumber('1234')).toBe('1234');
    expect(groupCardNumber('12345')).toBe('1234 5');
    expect(groupCardNumber('1234567890123456789')).toBe('1234 5678 9012 3456 789');
  });

  it('keeps the caret after the digit it followed', () => {
    // Typing '9' after '1234 5' at the end.
    expect(formatCardInput('1234 59', 7)).toEqual({ value: '1234 59', caret: 7 });
    // The fifth digit typed right after '1234' lands after the new space.
    expect(formatCardInput('12345', 5)).toEqual({ value: '1234 5', caret: 6 });
    // A digit inserted in the middle: '12|34 5' + '0' → '1203 45', caret after the 0.
    expect(formatCardInput('12034 5', 3)).toEqual({ value: '1203 45', caret: 3 });
    // Deleting the space before '5' does not move the caret back behind the 4.
    expect(formatCardInput('12345', 4)).toEqual({ value: '1234 5', caret: 4 });
    // A letter typed is dropped, caret stays.
    expect(formatCardInput('12a34', 3)).toEqual({ value: '1234', caret: 2 });
  });
});
