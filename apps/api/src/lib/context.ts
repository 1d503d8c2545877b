import type { Db } from '../db/types.ts';
import type { PaymentProvider } from '../providers/payments.ts';
import type { SmsProvider } from '../providers/sms.ts';
import type { Clock } from './clock.ts';

/** Abuse limits of the SMS login and the promotion pages (all held in the database, see repositories/rate-limits.ts). */
export interface Limits {
  /** Seconds between two codes for the same phone (spec 4.4 / 9: 60). */
  smsResendSeconds: number;
  /** Codes per phone per day. */
  smsPerPhonePerDay: number;
  /** Code requests per client IP per hour. */
  smsPerIpPerHour: number;
  /** Registration (promotion get-sms): codes per phone per day; the 60 s resend rule is smsResendSeconds. */
  registerSmsPerPhonePerDay: number;
  /** Registration: get-sms requests per client IP per hour. */
  registerSmsPerIpPerHour: number;
  /** Registration: new captchas (get-sid) per client IP per hour. */
  captchasPerIpPerHour: number;
  /** Promotion visit + click tracking rows per client IP per hour; past it calls are answered but not stored. */
  trackingPerIpPerHour: number;
}

export const DEFAULT_LIMITS: Limits = {
  smsResendSeconds: 60,
  smsPerPhonePerDay: 10,
  smsPerIpPerHour: 30,
  registerSmsPerPhonePerDay: 5,
  registerSmsPerIpPerHour: 20,
  captchasPerIpPerHour: 120,
  trackingPerIpPerHour: 300,
};

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    clock: Clock;
    sms: SmsProvider;
    payments: PaymentProvider;
    demo: boolean;
    limits: Limits;
  }
}
