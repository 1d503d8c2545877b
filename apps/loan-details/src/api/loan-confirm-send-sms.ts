import { call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';

/**
 * The step-up code of the confirm (CONFIRM_STEP_UP=1): sends a 6-digit code to the borrower's own phone. The
 * envelope: a non-'00' code (RATE_LIMITED within 60 s, ...) has already shown its message as a toast.
 */
export function sendConfirmCode(productId: number) {
  return call(routes.loanConfirmSendSms, { productId });
}
