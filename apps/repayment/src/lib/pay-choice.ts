/**
 * The borrower's payment method for one order (spec 4.6): pay type, payment code (bank or market), channel
 * number and the default flag 0. Saved by /individual, read by /that, kept in localStorage per order so that
 * it survives the web view being closed. A new repayment with no choice saved uses the default flag 1.
 */

import { PAY_TYPE } from '@lendview/contracts/routes';

/** Spec 9: 1 bank, 2 mini market; the default market. */
export { DEFAULT_MARKET, PAY_TYPE } from '@lendview/contracts/routes';
export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];

export interface PayChoice {
  payType: PayType;
  /** Bank code (BCA, ...) or market code (ALFAMART, ...). */
  payCode: string;
  /** The bank channel's number ('' for a market, or a bank without a channel chosen). */
  specificNum: string;
  /** Spec 4.6: 0 once the borrower has chosen. */
  isDefault: 0;
}

const PREFIX = 'lendview.repayment.payChoice.';

export const payChoiceKey = (orderId: string) => `${PREFIX}${orderId}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // a web view with storage turned off
  }
}

function isPayChoice(v: unknown): v is PayChoice {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  return (
    (c.payType === 1 || c.payType === 2) &&
    typeof c.payCode === 'string' &&
    c.payCode.trim() !== '' &&
    typeof c.specificNum === 'string' &&
    c.isDefault === 0
  );
}

/** The saved choice of this order, or null (none, unreadable, or from an older shape). */
export function loadPayChoice(orderId: string): PayChoice | null {
  if (!orderId) return null;
  try {
    const raw = storage()?.getItem(payChoiceKey(orderId));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isPayChoice(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Saves the choice of this order (default flag 0). False when the browser would not keep it. */
export function savePayChoice(orderId: string, choice: Omit<PayChoice, 'isDefault'>): boolean {
  const value: PayChoice = { ...choice, isDefault: 0 };
  try {
    const s = storage();
    if (!s) return false;
    s.setItem(payChoiceKey(orderId), JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
