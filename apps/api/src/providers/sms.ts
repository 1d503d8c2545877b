import type { Queryable } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import { insertOutboxMessage } from '../repositories/sms-outbox.ts';

// 'card': the code that proves a bank card being bound belongs to the borrower (services/card-binding.ts).
export type SmsPurpose = 'login' | 'register' | 'repay' | 'card';

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  body: string;
}

/** Sends a text message. Throwing means "not sent" (the caller answers SERVER_ERROR). */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default provider: no gateway, every message is written to the sms_outbox table. In demo mode
 * GET /dev/sms-outbox?phone= reads it back. A real gateway implements SmsProvider and is passed to buildApp.
 */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await insertOutboxMessage(this.db, { ...message, now: this.clock.now() });
  }
}
