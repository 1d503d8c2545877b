// The support console's API in the no-API dev mode (`pnpm --filter @lendview/ops-console dev:mock`, MSW in the
// browser; started by src/main.tsx only in that mode). Sign in with any name and password, then any 6 digits.
// Demo data from the tests' fixtures, so it keeps the contracts' shapes. A call not listed gets a NOT_MOCKED envelope.
import { envelopeHandlers, ok } from '@lendview/test-utils/mock-api';
import * as routes from '@lendview/contracts/routes';
import {
  PATHS,
  PROBLEM_TYPES,
  audit,
  complaint,
  contact,
  contactItem,
  fund,
  fundOption,
  operators,
  queue,
  queueItem,
  unmatched,
} from '../test/fixtures.ts';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

export const handlers = envelopeHandlers({
  [routes.opsLogin.path]: ok({ step: 'code', challenge: 'mock-challenge', newPasswordRequired: false }),
  [routes.opsLoginCode.path]: ({ username }) =>
    ok({ token: 'mock-ops-token', username: username || 'ops-support', role: 'support', expiresAt: inAnHour() }),
  [routes.opsLogout.path]: ok(null),
  [PATHS.queue]: ok(
    queue([
      queueItem(),
      contactItem({ assignee: { id: 2, username: 'ops-ana' } }),
      queueItem({ id: 13, state: 'processed', overdue: false, escalated: false, score: 4 }),
    ]),
  ),
  [PATHS.problemTypes]: ok(PROBLEM_TYPES),
  [PATHS.operators]: ok(operators),
  [PATHS.complaint]: ok(complaint()),
  [PATHS.contact]: ok(contact()),
  [PATHS.audit]: ok(audit([{ action: 'note' }])),
  [PATHS.funds]: ok({
    items: [fund(), fund({ id: 10, reason: 'code_expired', orderOwes: 40_000_000, amount: 50_000_000, options: [fundOption()] })],
    total: 2,
    page: 1,
    pageSize: 20,
  }),
  [PATHS.unmatched]: ok({
    items: [
      unmatched(),
      unmatched({ id: 3, reason: 'malformed', eventId: null, reference: null, amount: null, deliveries: 1, rawBody: 'not json' }),
    ],
    total: 2,
    page: 1,
    pageSize: 20,
  }),
  [PATHS.unmatchedResolve]: ({ id, note }) =>
    ok(
      unmatched({
        id: Number(id) || 4,
        state: 'resolved',
        resolvedBy: 'ops-support',
        resolvedAt: new Date().toISOString(),
        note: note ?? '',
      }),
    ),
  [PATHS.holidays]: ok({ items: [{ date: '2026-12-25', name: 'Christmas', createdBy: 'ops-support', createdAt: '2026-11-01T08:00:00Z' }] }),
});
