import { describe, expect, it } from 'vitest';
import { registerOutcome, settle, smsOutcome } from '../lib/registration.ts';

const env = (code: string | number, message = '') => ({ code, data: null, message });

describe('spec 8: SMS send', () => {
  it.each([
    [0, { kind: 'smsSent' }],
    ['0', { kind: 'smsSent' }],
    [101, { kind: 'wrongCaptcha', message: 'm' }],
    ['101', { kind: 'wrongCaptcha', message: 'm' }],
    [11, { kind: 'alreadyRegistered' }],
    ['00', { kind: 'failed', message: 'm' }],
    ['RATE_LIMITED', { kind: 'failed', message: 'm' }],
    [-1, { kind: 'failed', message: 'm' }],
  ])('code %s', (code, outcome) => expect(smsOutcome(env(code, 'm'))).toEqual(outcome));
});

describe('spec 8: Register', () => {
  it.each([
    [0, { kind: 'registered' }],
    [11, { kind: 'alreadyRegistered' }],
    [-1, { kind: 'wrongCaptcha', message: 'm' }],
    ['-1', { kind: 'wrongCaptcha', message: 'm' }],
    [101, { kind: 'failed', message: 'm' }],
    ['BAD_REQUEST', { kind: 'failed', message: 'm' }],
  ])('code %s', (code, outcome) => expect(registerOutcome(env(code, 'm'))).toEqual(outcome));

  it('a call that fails at the network level is { kind: network }', async () => {
    await expect(settle(() => Promise.reject(new TypeError('Failed to fetch')), registerOutcome)).resolves.toEqual({ kind: 'network' });
  });
});
