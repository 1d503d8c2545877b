// The repayment remote's API in the no-API dev mode (`pnpm --filter @lendview/repayment dev:mock`, MSW in the
// browser; started by src/main.tsx only in that mode). Demo data from the tests' fixtures, so it keeps the
// contracts' shapes (the fixtures are typed by them). A call not listed gets a NOT_MOCKED envelope naming it.
import { envelopeHandlers, ok } from '@lendview/test-utils/mock-api';
import * as routes from '@lendview/contracts/routes';
import { repaymentWay } from '../card-repayment/test/fixtures.ts';
import { BANKS, MARKETS, delayDetail, instalmentPlan, paymentState, vaDetail } from '../test/fixtures.ts';

export const handlers = envelopeHandlers({
  [routes.generateVcode.path]: ok(vaDetail()),
  [routes.initPayType.path]: ok({ banks: BANKS, markets: MARKETS }),
  [routes.loanPlayDetail.path]: ok(instalmentPlan()),
  [routes.delayDetail.path]: ok(delayDetail()),
  [routes.paymentState.path]: ok(paymentState()),
  [routes.repaymentWay.path]: ok(repaymentWay()),
});
