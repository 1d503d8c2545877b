import { z } from 'zod';
import { endpoint, OPS_ROLES } from '@lendview/contracts';
import { FIXTURE_KINDS, type FixtureKind } from '../../services/dev-fixtures.ts';

/**
 * The endpoints of the test fixtures (demo mode only, like every /dev route; services/dev-fixtures.ts makes them).
 * Not part of the API's contract (nothing but tests calls them), so they are declared here, not in @lendview/contracts.
 */

export {
  FIXTURE_KINDS,
  FIXTURE_OPERATOR_PREFIX,
  FIXTURE_PHONE_PREFIX,
  type FixtureKind,
  type FixtureOrder,
} from '../../services/dev-fixtures.ts';

const flag = z.union([z.boolean(), z.enum(['0', '1']).transform((v) => v === '1')]);

export const devFixturesOrder = endpoint({
  name: 'devFixturesOrder',
  method: 'POST',
  path: '/dev/fixtures/order',
  successCode: '00',
  request: z.object({
    kind: z.enum(Object.keys(FIXTURE_KINDS) as [FixtureKind, ...FixtureKind[]]),
    tok: z.string().min(1).max(200).optional(),
    rated: flag.optional(),
    /**
     * Issue 18 item 2: disburse the copy this many days before now instead of the demo order's day (its application
     * day and due date move with it; the term stays). For the repaying kinds, e.g. coolingOff with 3 (the last day
     * of the exit) or 4 (closed).
     */
    disbursedDaysAgo: z.coerce.number().int().min(0).max(400).optional(),
  }),
  response: z.object({
    tok: z.string(),
    phone: z.string(),
    orderNo: z.string(),
    productId: z.number().int(),
    status: z.number().int(),
    /** Last four digits of the borrower's cards: the SMS-code card and the card charged at once. */
    cards: z.object({ otp: z.string(), direct: z.string() }),
  }),
});

export const devFixturesComplaint = endpoint({
  name: 'devFixturesComplaint',
  method: 'POST',
  path: '/dev/fixtures/complaint',
  successCode: '00',
  request: z.object({ ageDays: z.coerce.number().int().min(0).max(60) }),
  response: z.object({ problemId: z.number().int(), tok: z.string(), orderNo: z.string(), text: z.string() }),
});

export const devFixturesOperator = endpoint({
  name: 'devFixturesOperator',
  method: 'POST',
  path: '/dev/fixtures/operator',
  successCode: '00',
  request: z.object({ role: z.enum(OPS_ROLES) }),
  response: z.object({ username: z.string(), password: z.string(), totpSecret: z.string(), role: z.enum(OPS_ROLES) }),
});
