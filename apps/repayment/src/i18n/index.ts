import type { MessageBundles } from '@lendview/i18n';
import { en } from './en.ts';
import { id } from './id.ts';
import { NS as CARD_REPAYMENT_NS, cardRepayment } from '../card-repayment/i18n/index.ts';

/**
 * This remote's messages by namespace: App.tsx adds them to the page's i18next instance, and the server entry
 * (server.tsx) exports them so that each server render of this version gets exactly these (issue 33).
 */
export const messages: MessageBundles = {
  repayment: { en, id },
  [CARD_REPAYMENT_NS]: cardRepayment,
};
