// The promotion remote's API in the no-API dev mode (`pnpm --filter @lendview/promotion-registration dev:mock`,
// MSW in the browser; started by src/main.tsx only in that mode): the landing (/promo?templateId=1) and the
// template editor (sign in with any name and password, then any 6 digits). Demo data from the tests' fixtures, so
// it keeps the contracts' shapes. A call not listed gets a NOT_MOCKED envelope naming it.
import { envelopeHandlers, ok } from '@lendview/test-utils/mock-api';
import { PATHS, template } from '../test/fixtures.ts';

const { id: _id, ...config } = template();
const summary = {
  id: 1,
  name: 'Spring campaign',
  published: true,
  hasUnpublishedChanges: false,
  updatedAt: '2026-11-20T08:00:00Z',
  publishedAt: '2026-11-20T08:00:00Z',
  updatedBy: 'ops-marketing',
};
let sid = 0;

export const handlers = envelopeHandlers({
  [PATHS.template]: ok(template()),
  [PATHS.visit]: ok({ recorded: true }),
  [PATHS.click]: ok({ recorded: true }),
  [PATHS.sid]: () => ({ code: 0, data: { sid: `sid-mock-${++sid}` }, message: '' }),
  [PATHS.sms]: { code: 0, data: null, message: '' },
  [PATHS.opsLogin]: ok({ step: 'code', challenge: 'mock-challenge', newPasswordRequired: false }),
  [PATHS.opsLoginCode]: ({ username }) =>
    ok({
      token: 'mock-ops-token',
      username: username || 'ops-marketing',
      role: 'marketing',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
  [PATHS.opsLogout]: ok(null),
  [PATHS.opsList]: ok({ items: [summary] }),
  [PATHS.opsDetail]: ok({ ...summary, draft: config, live: config }),
  [PATHS.opsSave]: ok({ ...summary, hasUnpublishedChanges: true, draft: config, live: config }),
  [PATHS.opsPublish]: ok({ ...summary, draft: config, live: config }),
});
