import { type Envelope, isSuccess } from '@lendview/api-client';
import { PROMO_CODE } from './limits.ts';

/**
 * Spec 8, rows "SMS send" and "Register", as data: what the page must do for an answer. The form runs the
 * side effects (toast, captcha refresh, countdown, navigation); this stays pure so that every row has a test.
 */
export type Outcome =
  /** get-sms 0: toast 'verification code sent, please check your phone', start the countdown. */
  | { kind: 'smsSent' }
  /** register 0: toast 'registration succeeded', conversion tracking, download page. */
  | { kind: 'registered' }
  /** 11 on either call: toast 'You have registered, please download the APP to log in!', download page. */
  | { kind: 'alreadyRegistered' }
  /** get-sms 101 / register -1: refresh the captcha and show the server message. */
  | { kind: 'wrongCaptcha'; message: string }
  /** Any other code: the server message. */
  | { kind: 'failed'; message: string }
  /** No envelope at all (no connection, timeout, not JSON): 'error'. */
  | { kind: 'network' };

// 101 may arrive as a number or as '101'; success is exactly 0 / '0' (isSuccess), so '00' is not a success here.
const codeOf = (env: Envelope<unknown>) =>
  typeof env.code === 'number' ? env.code : /^-?\d+$/.test(env.code.trim()) ? Number(env.code.trim()) : NaN;

/** Spec 8 "SMS send": 0, 101, 11, other. */
export function smsOutcome(env: Envelope<unknown>): Outcome {
  const code = codeOf(env);
  if (isSuccess(env, 0)) return { kind: 'smsSent' };
  if (code === PROMO_CODE.smsWrongCaptcha) return { kind: 'wrongCaptcha', message: env.message };
  if (code === PROMO_CODE.alreadyRegistered) return { kind: 'alreadyRegistered' };
  return { kind: 'failed', message: env.message };
}

/** Spec 8 "Register": 0, 11, -1, other. */
export function registerOutcome(env: Envelope<unknown>): Outcome {
  const code = codeOf(env);
  if (isSuccess(env, 0)) return { kind: 'registered' };
  if (code === PROMO_CODE.alreadyRegistered) return { kind: 'alreadyRegistered' };
  if (code === PROMO_CODE.registerWrongCaptcha) return { kind: 'wrongCaptcha', message: env.message };
  return { kind: 'failed', message: env.message };
}

/** Runs a registration call; a rejection (network failure of spec 8) becomes { kind: 'network' }. */
export async function settle(call: () => Promise<Envelope<unknown>>, classify: (env: Envelope<unknown>) => Outcome): Promise<Outcome> {
  let env: Envelope<unknown>;
  try {
    env = await call();
  } catch {
    return { kind: 'network' };
  }
  return classify(env);
}
