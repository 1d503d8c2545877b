// The loan-details remote's API in the no-API dev mode (`pnpm --filter @lendview/loan-details dev:mock`, MSW in the
// browser; started by src/main.tsx only in that mode). Demo data from the route tests' fixtures, so it keeps the
// contracts' shapes (the fixtures are typed by them). A call not listed gets a NOT_MOCKED envelope naming it.
import { envelopeHandlers, ok } from '@lendview/test-utils/mock-api';
import * as routes from '@lendview/contracts/routes';
import { keyFacts, loanConfirm, loanDetails, product, standTargeted } from '../test/fixtures.ts';

export const handlers = envelopeHandlers({
  [routes.loanDetails.path]: ({ orderId }) => ok(loanDetails(orderId ? { orderId } : {})),
  [routes.loanDetailConfirm.path]: ok(loanConfirm()),
  [routes.contractList.path]: ok([{ id: 11, title: 'Loan agreement' }]),
  [routes.loanKeyFacts.path]: ok(keyFacts()),
  [routes.orderKeyFacts.path]: ok(keyFacts()),
  [routes.recommendProductList.path]: ok([product(2), product(3), product(4)]),
  [routes.standTargeted.path]: ok(standTargeted()),
  [routes.pageEventSave.path]: ok(null),
  [routes.eventSave.path]: ok(null),
});
