import { describe, expect, it } from 'vitest';
import {
  DEMO_ORDERS,
  ErrorCode,
  contactKfInfo,
  formInt,
  formText,
  loginSendCode,
  loginSmsLogin,
  phoneSchema,
  sharedParamsSchema,
} from '../index.ts';

describe('field helpers', () => {
  it('formInt takes numbers and digit strings only', () => {
    const s = formInt();
    expect(s.parse(30)).toBe(30);
    expect(s.parse('30')).toBe(30);
    expect(s.parse(' -7 ')).toBe(-7);
    for (const bad of ['', ' ', '3.5', 3.5, '1e3', 'abc', [30], true, null, undefined, {}, '9999999999999999']) {
      expect(s.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('formText trims and bounds', () => {
    const s = formText(5);
    expect(s.parse('  ab ')).toBe('ab');
    expect(s.safeParse('   ').success).toBe(false);
    expect(s.safeParse('abcdef').success).toBe(false);
    expect(s.safeParse(5).success).toBe(false);
  });
});

describe('endpoint schemas', () => {
  it('contact-kf-info requires overall = 30', () => {
    expect(contactKfInfo.request.parse({ overall: '30' })).toEqual({ overall: 30 });
    expect(contactKfInfo.request.safeParse({ overall: '31' }).success).toBe(false);
    expect(contactKfInfo.request.safeParse({}).success).toBe(false);
  });

  it('phones follow spec 5: 1, then 3-9, then 9 digits', () => {
    for (const ok of ['13800000000', '19912345678']) expect(phoneSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['12800000000', '1380000000', '138000000001', ' 13800000000', 13800000000]) {
      expect(phoneSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(loginSendCode.response.parse({ sent: true, resendAfter: 60 })).toEqual({ sent: true, resendAfter: 60 });
  });

  it('sms-login needs a 6-digit code', () => {
    expect(loginSmsLogin.request.safeParse({ phone: '13800000000', smsCode: '012345' }).success).toBe(true);
    expect(loginSmsLogin.request.safeParse({ phone: '13800000000', smsCode: '12345' }).success).toBe(false);
    expect(loginSmsLogin.request.safeParse({ phone: '13800000000', smsCode: 123456 }).success).toBe(false);
  });

  it('shared params are optional strings of at most 256 characters', () => {
    expect(sharedParamsSchema.parse({ tok: 'a', other: 'x' })).toEqual({ tok: 'a' });
    expect(sharedParamsSchema.safeParse({ tok: ['a', 'b'] }).success).toBe(false);
    expect(sharedParamsSchema.safeParse({ dId: 'x'.repeat(257) }).success).toBe(false);
  });
});

describe('constants', () => {
  it('error codes and demo order names are stable', () => {
    expect(Object.values(ErrorCode)).toEqual(['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED', 'SERVER_ERROR']);
    expect(Object.values(DEMO_ORDERS)).toHaveLength(11);
  });
});
