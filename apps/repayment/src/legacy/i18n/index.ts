import { en } from './en.ts';
import { id } from './id.ts';

/** The namespace of the legacy bank-card repayment screens (registered with the remote's own: src/i18n/index.ts). */
export const NS = 'repaymentLegacy';

export const legacy = { en, id };
