import type { Db } from '../db/types.ts';
import type { PaymentProvider } from '../providers/payments.ts';
import type { SmsProvider } from '../providers/sms.ts';
import type { Clock } from './clock.ts';

/** Abuse limits of the SMS login (all held in the database, see repositories/rate-limits.ts). */
export interface Limits {
  /** Seconds between two codes for the same phone (spec 4.4 / 9: 60). */
  smsResendSeconds: number;
  /** Codes per phone per day. */
  smsPerPhonePerDay: number;
  /** Code requests per client IP per hour. */
  smsPerIpPerHour: number;
}

export const DEFAULT_LIMITS: Limits = { smsResendSeconds: 60, smsPerPhonePerDay: 10, smsPerIpPerHour: 30 };

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
