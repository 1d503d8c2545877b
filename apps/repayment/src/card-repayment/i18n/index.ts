import { en } from './en.ts';
import { id } from './id.ts';

/** The namespace of the card repayment screens (/repay, /bindCard) (registered with the remote's own: src/i18n/index.ts). */
export const NS = 'cardRepayment';

export const cardRepayment = { en, id };
