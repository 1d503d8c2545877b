import { CARD_REPAYMENT } from '@lendview/contracts';
import { call } from './calls.ts';
import type { TestContext } from './setup.ts';
import { DEMO_BORROWERS } from '../../src/db/demo/index.ts';

export const BIND = `${CARD_REPAYMENT}/bind-card`;
export const VERIFY = `${CARD_REPAYMENT}/bind-card-verify`;
export const SEND_CODE = `${CARD_REPAYMENT}/bind-card-send-code`;

export interface BindAnswer {
  cardId: number;
  needVerify: boolean;
  resendAfter: number;
  card: { id: number; bankName: string; cardNo: string; bankCode: string };
}

/** The newest card-binding code the outbox holds for a phone (the default SMS provider). */
export async function lastCardCode(ctx: TestContext, phone: string = DEMO_BORROWERS.main.phone): Promise<string> {
  const [row] = await ctx.db.query<{ body: string }>(
    `SELECT body FROM sms_outbox WHERE phone = $1 AND purpose = 'card' ORDER BY id DESC LIMIT 1`,
    [phone],
  );
  const m = /\b(\d{6})\b/.exec(row?.body ?? '');
  if (!m) throw new Error('no card code in the outbox');
  return m[1]!;
}

/** A code that is not `code`. */
export const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** Binds a card and confirms it with the code from the outbox: a usable card. Returns its id. */
export async function bindVerified(
  ctx: TestContext,
  who: { tok: string; phone?: string },
  card: { bankCode: string; cardNo: string; holderName?: string },
): Promise<number> {
  const bound = await call<BindAnswer>(ctx, BIND, { holderName: 'Test Holder', ...card }, { tok: who.tok, lang: 'en' });
  if (bound.code !== '00') throw new Error(`bind-card: ${bound.message}`);
  if (!bound.data.needVerify) return bound.data.cardId;
  const code = await lastCardCode(ctx, who.phone);
  const ok = await call(ctx, VERIFY, { cardId: String(bound.data.cardId), verifyCode: code }, { tok: who.tok, lang: 'en' });
  if (ok.code !== '00') throw new Error(`bind-card-verify: ${ok.message}`);
  return bound.data.cardId;
}
