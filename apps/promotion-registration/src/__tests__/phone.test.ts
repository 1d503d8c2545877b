import { describe, expect, it } from 'vitest';
import { capCaptcha, capPhone, capSmsCode, isValidPhone } from '../lib/phone.ts';

describe('phone pattern (spec 5 / 9: 1, then 3-9, then 9 digits)', () => {
  it.each(['13800000000', '13912345678', '19999999999', '15000000001'])('accepts %s', (p) => expect(isValidPhone(p)).toBe(true));
  it.each([
    ['starts with 2', '23800000000'],
    ['second digit 2', '12800000000'],
    ['second digit 0', '10800000000'],
    ['10 digits', '1380000000'],
    ['12 digits', '138000000000'],
    ['letters', '1380000000a'],
    ['spaces', '138 0000 000'],
    ['empty', ''],
  ])('refuses %s', (_, p) => expect(isValidPhone(p)).toBe(false));
});

describe('length caps (spec 5: mobile 11, captcha 4, SMS code 6)', () => {
  it('the mobile keeps digits only and cuts at 11, typed or pasted', () => {
    expect(capPhone('138000000001234')).toBe('13800000000');
    expect(capPhone('+62 812-3456-7890')).toBe('62812345678');
    expect(capPhone('abc')).toBe('');
    // Digits of a full-width, Hindi or Arabic keyboard are the same digits (they used to vanish: '１３8' kept '8').
    expect(capPhone('１３8')).toBe('138');
    expect(capPhone('१३८००१२३४५६७८')).toBe('13800123456');
  });
  it('the captcha keeps letters and digits and cuts at 4', () => {
    expect(capCaptcha('aB3xYZ')).toBe('aB3x');
    expect(capCaptcha(' a-b c ')).toBe('abc');
  });
  it('the SMS code keeps digits and cuts at 6', () => {
    expect(capSmsCode('1234567890')).toBe('123456');
    expect(capSmsCode('12 34-56')).toBe('123456');
    expect(capSmsCode('١٢٣٤٥٦٧')).toBe('123456');
  });
});
