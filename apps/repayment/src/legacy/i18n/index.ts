import { addMessages } from '@lendview/i18n';
import { en } from './en.ts';
import { id } from './id.ts';

/** The namespace of the legacy bank-card repayment screens, registered when either screen's chunk loads. */
export const NS = 'repaymentLegacy';

addMessages(NS, { en, id });
