import { type Receipt } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { listOrderEntries, type ReceiptRow } from '../repositories/ledger.ts';
import { findBank } from './payment-methods.ts';

// --- Receipts ---------------------------------------------------------------------------------------------------

function methodLabel(r: Pick<ReceiptRow, 'method' | 'channel'>, lang: Lang): string {
  switch (r.method) {
    case 'va':
      return t(lang, 'receiptMethodVa', { bank: findBank(r.channel)?.name ?? r.channel });
    case 'market':
      return t(lang, 'receiptMethodMarket', { market: r.channel });
    case 'card':
      return t(lang, 'receiptMethodCard');
    case 'hosted':
      return t(lang, 'receiptMethodHosted');
  }
}

export const toReceipt = (r: ReceiptRow, lang: Lang): Receipt => ({
  id: String(r.id),
  amount: r.amount,
  paidAt: r.paidAt.toISOString(),
  method: methodLabel(r, lang),
  payCode: r.channel,
  repayType: r.repayType,
  periods: [...r.periods].sort((a, b) => a - b),
  applied: { principal: r.principal, interest: r.interest, lateCharges: r.latePenalty + r.lateInterest, extensionFee: r.extensionFee },
  unapplied: r.unapplied,
  refunded: r.refunded,
});

/** Every payment received for the order (ledger entries), newest first, as receipts in `lang`. */
export async function receiptsOf(db: Queryable, orderNo: string, lang: Lang): Promise<Receipt[]> {
  return (await listOrderEntries(db, orderNo)).map((r) => toReceipt(r, lang));
}
