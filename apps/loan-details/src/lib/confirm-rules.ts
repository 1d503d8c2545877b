// Rules of the confirm page, out of its components so that those export components only (Fast Refresh).
import type { LoanConfirm } from '../api/loan-detail-confirm.ts';

/** The popup agreement shows on load only for type 1 with a URL (spec 4.8). */
export function showsPopup(data: Pick<LoanConfirm, 'isPopType' | 'popAgreementUrl'>): boolean {
  return data.isPopType === 1 && data.popAgreementUrl.trim() !== '';
}

/** Six digits: what the confirm needs when the server asks for a step-up code. */
export const isStepUpCode = (code: string) => /^\d{6}$/.test(code);
