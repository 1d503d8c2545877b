import { randomBytes, randomInt } from 'node:crypto';
import type { OpsRole } from '@lendview/contracts';
import { DEMO_BANK_CARDS, DEMO_BORROWERS, DEMO_CARD_HOLDER } from '../db/demo/identities.ts';
import { DEMO_COOLING_OFF_ORDER, DEMO_IN_HOUSE_PRODUCT_ID, DEMO_ORDERS, DEMO_PAST_HALF_TERM_ORDER } from '../db/demo/names.ts';
import { DEMO_ORDER_SEEDS } from '../db/demo/orders.ts';
import { upsert } from '../db/demo/upsert.ts';
import { writeDemoOrder } from '../db/demo/write-order.ts';
import type { Db, Queryable } from '../db/types.ts';
import { hashPassword } from '../lib/passwords.ts';
import { newTotpSecret, sealSecret } from '../lib/totp.ts';
import { cardFingerprint } from '../repositories/bank-cards.ts';
import { insertComplaint } from '../repositories/complaints.ts';
import { insertBorrowerIfNewPhone } from '../repositories/dev-fixtures.ts';
import { opsTotpKey } from '../repositories/operators.ts';
import { saveRating } from '../repositories/ratings.ts';
import { createSession, findSessionBorrower } from '../repositories/sessions.ts';

/**
 * Test fixtures on demand (demo mode only, like every /dev route): `POST /dev/fixtures/order { kind }` makes a
 * fresh borrower (a copy of the main demo borrower: repeat client, the two demo bank cards), a session of its own
 * and one order in the state of the demo order that `kind` names, written from that order's seed
 * (db/demo/orders.ts) with the same money and plan code as the demo seed. The e2e suite uses it so that every test
 * that pays, confirms, complains, rates or binds a card has orders nobody else touches, and the specs can run on
 * parallel workers. With `tok` (a session of a borrower this endpoint made) the order goes to that borrower
 * instead; `rated` records that the new borrower has rated the app (no rating modal on settled orders).
 *
 * The endpoints (routes/dev/fixtures.ts) are not part of the API's contract (nothing but tests calls them), so they
 * are declared there, not in @lendview/contracts.
 */

/** Which demo order each kind copies. */
export const FIXTURE_KINDS = {
  /** 170 on day 30 of 91: a full repayment is refused as too early (spec 9). */
  early: DEMO_ORDERS.repaying,
  /** 170 on day 60 of 91: repayable in full today. */
  repayable: DEMO_PAST_HALF_TERM_ORDER,
  /** 170, four instalments, the first payable. */
  instalment: DEMO_ORDERS.instalments,
  /** 174, due in 2 days, extension offered. */
  extendable: DEMO_ORDERS.dueSoon,
  /** 180, 40 days overdue, extension offered. */
  overdue: DEMO_ORDERS.overdue,
  settled: DEMO_ORDERS.settled,
  /** Legacy card repayment (status 3), past half its term. */
  legacy: DEMO_ORDERS.legacyRepaying,
  legacyOverdue: DEMO_ORDERS.legacyOverdue,
  legacySettled: DEMO_ORDERS.legacySettled,
  /** 170 disbursed today with a processing fee: the cooling-off exit is open (issue 18 item 2). */
  coolingOff: DEMO_COOLING_OFF_ORDER,
} as const;

export type FixtureKind = keyof typeof FIXTURE_KINDS;

/**
 * Phones of fixture borrowers: 137 and 8 digits. The demo borrowers are 1380000000x and the API tests use 139…,
 * so a fixture phone is never anyone else's; `tok` is accepted only for a borrower with such a phone.
 */
export const FIXTURE_PHONE_PREFIX = '137';

/** A new borrower like the main demo borrower, with the two demo cards; retries the rare phone collision. */
async function newBorrower(tx: Queryable, cardKey: string, now: Date): Promise<{ id: number; phone: string }> {
  const main = DEMO_BORROWERS.main;
  for (let attempt = 0; ; attempt++) {
    const phone = `${FIXTURE_PHONE_PREFIX}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const id = await insertBorrowerIfNewPhone(tx, { phone, displayName: 'E2E Borrower', isRepeatClient: main.isRepeatClient });
    if (id !== null) {
      await upsert(
        tx,
        'bank_cards',
        ['borrower_id', 'fingerprint'],
        Object.values(DEMO_BANK_CARDS).map((card) => ({
          borrower_id: id,
          bank_code: card.bankCode,
          last4: card.last4,
          fingerprint: cardFingerprint(cardKey, card.bankCode, card.cardNo),
          holder_name: DEMO_CARD_HOLDER,
          provider_token: `sbx_card_fixture_${id}_${card.id}`,
          active: true,
          created_at: now,
          verified_at: now,
          // Like the demo borrower's: charged before, so the BNI card is charged at once (issue 34 item 4).
          issuer_verified_at: now,
        })),
      );
      return { id, phone };
    }
    if (attempt >= 5) throw new Error('fixtures: no free fixture phone after 6 tries');
  }
}

export interface FixtureOrder {
  tok: string;
  phone: string;
  orderNo: string;
  productId: number;
  status: number;
  cards: { otp: string; direct: string };
}

/**
 * Makes the fixture. Returns null when `tok` is not a live session of a fixture borrower (the caller answers it
 * as an unknown session).
 */
export async function makeFixtureOrder(
  db: Db,
  input: { kind: FixtureKind; tok?: string; rated?: boolean; disbursedDaysAgo?: number | undefined; cardKey: string; now: Date },
): Promise<FixtureOrder | null> {
  const demo = DEMO_ORDER_SEEDS.find((o) => o.orderNo === FIXTURE_KINDS[input.kind])!;
  const days = input.disbursedDaysAgo;
  // Applied the same number of days before disbursement as the demo order (at least the disbursement day).
  const lead = Math.max(0, demo.appliedDaysAgo - (demo.disbursedDaysAgo ?? demo.appliedDaysAgo));
  const seed = days === undefined ? demo : { ...demo, disbursedDaysAgo: days, appliedDaysAgo: days + lead };
  let owner: { id: number; phone: string; tok: string } | null = null;
  if (input.tok) {
    const found = await findSessionBorrower(db, input.tok, input.now);
    if (!found || !found.phone.startsWith(FIXTURE_PHONE_PREFIX)) return null;
    owner = { id: found.id, phone: found.phone, tok: input.tok };
  }
  // The demo order's name with a random tail: readable in a failing test, unique in the run.
  const orderNo = `${seed.orderNo}-${randomBytes(5).toString('hex').toUpperCase()}`;
  return db.transaction(async (tx) => {
    if (!owner) {
      const b = await newBorrower(tx, input.cardKey, input.now);
      owner = { ...b, tok: await createSession(tx, { borrowerId: b.id, deviceId: 'e2e-fixture', now: input.now }) };
    }
    await writeDemoOrder(tx, seed, orderNo, owner.id, input.now);
    if (input.rated) {
      await saveRating(tx, { borrowerId: owner.id, score: 5, orderNo: null, now: input.now });
    }
    return {
      tok: owner.tok,
      phone: owner.phone,
      orderNo,
      productId: seed.productId ?? DEMO_IN_HOUSE_PRODUCT_ID,
      status: seed.status,
      cards: { otp: DEMO_BANK_CARDS.otp.last4, direct: DEMO_BANK_CARDS.direct.last4 },
    };
  });
}

/**
 * A collection-harassment complaint (type 1, sub-type 1) filed `ageDays` ago by a fresh fixture borrower about its
 * own overdue order: the support console's e2e needs one past its 3 working days, and the server's clock cannot
 * be moved from a browser test.
 */
export async function makeFixtureComplaint(
  db: Db,
  input: { ageDays: number; cardKey: string; now: Date },
): Promise<{ problemId: number; tok: string; orderNo: string; text: string }> {
  const order = (await makeFixtureOrder(db, { kind: 'overdue', cardKey: input.cardKey, now: input.now }))!;
  const borrower = (await findSessionBorrower(db, order.tok, input.now))!;
  const text = `The collector called me ten times today about ${order.orderNo}.`;
  const problemId = await insertComplaint(db, {
    borrowerId: borrower.id,
    orderNo: order.orderNo,
    problemType: 1,
    problemSubType: 1,
    detail: text,
    now: new Date(input.now.getTime() - input.ageDays * 24 * 60 * 60 * 1000),
  });
  return { problemId, tok: order.tok, orderNo: order.orderNo, text };
}

/** Usernames of fixture operators: never a demo account's (ops-support, ops-marketing). */
export const FIXTURE_OPERATOR_PREFIX = 'e2e-';

/**
 * An operator account of the test's own, enrolled with an authenticator secret of its own (issue 38 item 1). A code
 * is accepted once per account and 30 s step, so tests sharing the demo accounts had to wait for the next step when
 * two signed in within one; with an account each, a test signs in at once, through the same password and code steps.
 */
export async function makeFixtureOperator(
  db: Db,
  input: { role: OpsRole; totpKey?: string; now: Date },
): Promise<{ username: string; password: string; totpSecret: string; role: OpsRole }> {
  const username = `${FIXTURE_OPERATOR_PREFIX}${input.role}-${randomBytes(4).toString('hex')}`;
  const password = `fixture-${randomBytes(9).toString('base64url')}`;
  const totpSecret = newTotpSecret();
  const sealed = sealSecret(await opsTotpKey(db, input.totpKey), totpSecret);
  await upsert(
    db,
    'operators',
    ['username'],
    [
      {
        username,
        password_hash: await hashPassword(password),
        role: input.role,
        created_at: input.now,
        totp_secret_sealed: sealed,
        totp_enrolled_at: input.now,
      },
    ],
  );
  return { username, password, totpSecret, role: input.role };
}
