import { tokenHash } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import { sealSecret } from '../lib/totp.ts';
import { DEV_CARD_FINGERPRINT_SECRET, cardFingerprint } from '../repositories/bank-cards.ts';
import { opsTotpKey } from '../repositories/operators.ts';
import { CONFIRM_CONTRACT_SCENE } from '../repositories/contracts.ts';
import { SETTING } from '../repositories/settings.ts';
import { DEMO_CONTRACTS } from './demo/contracts.ts';
import { DEMO_HOLIDAYS } from './demo/holidays.ts';
import {
  DEMO_BANK_CARDS,
  DEMO_BORROWERS,
  DEMO_CARD_HOLDER,
  DEMO_OPERATORS,
  DEMO_OPS_TOTP_SECRET,
  type DemoBorrowerKey,
} from './demo/identities.ts';
import { DEMO_DRAFT_TEMPLATE_ID, DEMO_LANDING_TEMPLATE_ID } from './demo/names.ts';
import { DEMO_ORDER_SEEDS } from './demo/orders.ts';
import { DEMO_PRODUCTS, DEMO_SCENES, rp } from './demo/products.ts';
import { DEMO_PROBLEM_TYPES, DEMO_QA } from './demo/qa.ts';
import { DEMO_DRAFT_TEMPLATE, DEMO_LANDING_TEMPLATE } from './demo/templates.ts';
import { upsert } from './demo/upsert.ts';
import { writeDemoOrder } from './demo/write-order.ts';
import type { Db, Row } from './types.ts';

/**
 * Demo data of docs/api.md "Demo data", written from the data modules in db/demo/ by one helper (demo/upsert.ts).
 * Loaded only in demo mode (DEMO_MODE=1), never in production.
 *
 * Idempotent and self-resetting: every run upserts the same fixtures, so after a start the demo rows are in
 * their seeded state again (statuses, amounts, instalments, fixed session tokens) and dates are re-anchored
 * to "now" (DEMO-180 is always 40 days overdue, DEMO-174 always due in 2 days). Rows created by people using
 * the demo (new sessions, complaints, ...) are left alone. Operator passwords are only set when the account
 * does not exist yet. Money is in minor units (sen): Rp 1.000.000 = 100_000_000.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Far-future expiry of the fixed demo session tokens. */
const DEMO_SESSION_TTL_MS = 10 * 365 * DAY_MS;

export async function seedDemo(db: Db, options: { now?: Date; cardFingerprintSecret?: string; opsTotpKey?: string } = {}): Promise<void> {
  // The server's card key (CARD_FINGERPRINT_SECRET), so that binding a demo card's number again finds it.
  const cardKey = options.cardFingerprintSecret ?? DEV_CARD_FINGERPRINT_SECRET;
  const now = options.now ?? new Date();
  const totpKey = await opsTotpKey(db, options.opsTotpKey);

  // Hash outside the transaction (scrypt is slow-ish), only for accounts that do not exist yet.
  const existing = new Set((await db.query<{ username: string }>('SELECT username FROM operators')).map((r) => r.username));
  const newOperators: Row[] = [];
  for (const op of Object.values(DEMO_OPERATORS)) {
    if (!existing.has(op.username)) {
      newOperators.push({ username: op.username, password_hash: await hashPassword(op.password), role: op.role });
    }
  }

  await db.transaction(async (tx) => {
    // Borrowers and their fixed session tokens (a session keeps its device and creation time).
    const borrowerIds = {} as Record<DemoBorrowerKey, number>;
    for (const key of ['main', 'second'] as const) {
      const b = DEMO_BORROWERS[key];
      const [row] = await upsert(
        tx,
        'borrowers',
        ['phone'],
        [{ phone: b.phone, display_name: b.displayName, is_repeat_client: b.isRepeatClient }],
      );
      borrowerIds[key] = row!.id as number;
      await upsert(
        tx,
        'sessions',
        ['token_hash'],
        [
          {
            token_hash: tokenHash(b.token),
            borrower_id: row!.id,
            device_id: 'demo-device',
            created_at: now,
            expires_at: new Date(now.getTime() + DEMO_SESSION_TTL_MS),
          },
        ],
        { keep: ['device_id', 'created_at'] },
      );
    }

    await upsert(
      tx,
      'products',
      ['id'],
      DEMO_PRODUCTS.map((p, i) => ({
        id: p.id,
        name: p.name,
        logo_url: p.logo,
        in_house: p.inHouse,
        amount_min: p.min,
        amount_max: p.max,
        term_min_days: p.termMin,
        term_max_days: p.termMax,
        daily_rate_bp: p.rateBp,
        processing_fee_bp: p.processingFeeBp ?? 0,
        rate_text_en: p.rateEn,
        rate_text_id: p.rateId,
        description_en: p.descEn,
        description_id: p.descId,
        tags_en: p.tagsEn,
        tags_id: p.tagsId,
        button_text_en: p.buttonEn,
        button_text_id: p.buttonId,
        button_status: p.buttonStatus,
        apply_url: p.applyUrl,
        sort_order: i,
        active: true,
        default_amount: rp(p.defaultRupiah),
        default_term_days: p.defaultTermDays,
        daily_quota: p.dailyQuota,
        repay_url: p.repayUrl ?? null,
      })),
    );

    // Scenes: the seeded membership of the demo products, exactly (other products' rows are left alone).
    await tx.query('DELETE FROM product_scenes WHERE product_id = ANY($1::integer[])', [DEMO_PRODUCTS.map((p) => p.id)]);
    await upsert(
      tx,
      'product_scenes',
      ['scene', 'product_id'],
      Object.entries(DEMO_SCENES).flatMap(([scene, ids]) => ids.map((productId, i) => ({ scene, product_id: productId, sort_order: i }))),
    );

    // Agreements of the confirm scene, both languages.
    await upsert(
      tx,
      'contracts',
      ['id'],
      DEMO_CONTRACTS.map((c, i) => ({
        id: c.id,
        scene: CONFIRM_CONTRACT_SCENE,
        product_id: c.productId,
        popup: c.popup,
        sort_order: i,
        title_en: c.titleEn,
        title_id: c.titleId,
        body_en: c.bodyEn,
        body_id: c.bodyId,
        active: true,
        updated_at: now,
      })),
    );

    for (const o of DEMO_ORDER_SEEDS) await writeDemoOrder(tx, o, o.orderNo, borrowerIds[o.borrower], now);

    // Repayments made on the demo orders are undone with them: their payments (and applied events) go, so no
    // old code can pay a re-seeded order. Their ledger rows go too, which the money trail's triggers allow only for
    // a demo order in a transaction that says it is this re-seed (migration 030).
    await tx.query("SELECT set_config('lendview.demo_reseed', 'on', true)");
    await tx.query('DELETE FROM payments WHERE order_no = ANY($1::text[])', [DEMO_ORDER_SEEDS.map((o) => o.orderNo)]);

    // Bank cards of the legacy repayment: a BCA card needing an SMS code and a BNI card charged at once, both
    // already verified (migration 007: only verified cards are listed and charged) and charged before (migration
    // 028: the issuer has checked them), no verification pending.
    await upsert(
      tx,
      'bank_cards',
      ['id'],
      Object.values(DEMO_BANK_CARDS).map((card) => ({
        id: card.id,
        borrower_id: borrowerIds.main,
        bank_code: card.bankCode,
        last4: card.last4,
        fingerprint: cardFingerprint(cardKey, card.bankCode, card.cardNo),
        holder_name: DEMO_CARD_HOLDER,
        provider_token: `sbx_card_demo_${card.id}`,
        active: true,
        created_at: now,
        verified_at: now,
        // Charged before (issue 34 item 4): the BNI card is charged at once, as the demo has always shown.
        issuer_verified_at: now,
        verify_salt: null,
        verify_hash: null,
        verify_sent_at: null,
        verify_expires_at: null,
      })),
      { keep: ['created_at'] },
    );

    // The late-charge cap of the Indonesian market (migration 003 inserts it; the demo puts it back).
    await upsert(tx, 'app_settings', ['key'], [{ key: SETTING.lateChargeCapPercent, value: '100', updated_at: now }]);

    // The demo borrowers have not rated the app yet (isScore 1 on DEMO-200 / DEMO-4 after every start).
    await tx.query('DELETE FROM app_ratings WHERE borrower_id = ANY($1::bigint[])', [Object.values(borrowerIds)]);

    // Template 1 published (draft = live), template 2 a draft only; both back to that state at every start.
    await upsert(
      tx,
      'landing_templates',
      ['id'],
      (
        [
          [DEMO_LANDING_TEMPLATE_ID, DEMO_LANDING_TEMPLATE, true],
          [DEMO_DRAFT_TEMPLATE_ID, DEMO_DRAFT_TEMPLATE, false],
        ] as const
      ).map(([id, config, published]) => ({
        id,
        draft_config: config,
        live_config: published ? config : null,
        active: true,
        updated_at: now,
        updated_by: '',
        published_at: published ? now : null,
        published_by: null,
      })),
    );
    // Their history starts again too (migration 012): template 1's version 1 is what is live, template 2 has none.
    await tx.query('DELETE FROM landing_template_versions WHERE template_id = ANY($1::int[])', [
      [DEMO_LANDING_TEMPLATE_ID, DEMO_DRAFT_TEMPLATE_ID],
    ]);
    await tx.query(
      `INSERT INTO landing_template_versions (template_id, version, kind, config, live_from, created_at, created_by)
       VALUES ($1, 1, 'publish', $2::jsonb, $3, $3, '')`,
      [DEMO_LANDING_TEMPLATE_ID, JSON.stringify(DEMO_LANDING_TEMPLATE), now],
    );

    await upsert(
      tx,
      'qa_nodes',
      ['id'],
      DEMO_QA.map((q, i) => ({
        id: q.id,
        pid: q.pid,
        sort_order: i,
        title_en: q.titleEn,
        title_id: q.titleId,
        answer_en: q.answerEn ?? null,
        answer_id: q.answerId ?? null,
        action_type: q.actionType ?? 0,
        active: true,
      })),
    );

    for (const [i, pt] of DEMO_PROBLEM_TYPES.entries()) {
      await upsert(
        tx,
        'problem_types',
        ['value'],
        [{ value: pt.value, title_en: pt.titleEn, title_id: pt.titleId, sort_order: i, active: true }],
      );
      await upsert(
        tx,
        'problem_sub_types',
        ['type_value', 'value'],
        pt.subTypes.map((st, j) => ({
          type_value: pt.value,
          value: st.value,
          title_en: st.titleEn,
          title_id: st.titleId,
          sort_order: j,
          active: true,
        })),
      );
    }

    // New accounts only: an existing operator keeps the password it has.
    await upsert(tx, 'operators', ['username'], newOperators, { keep: ['password_hash', 'role'] });
    // The demo accounts sign in with the published demo authenticator secret, unless one enrolled its own.
    await tx.query(
      `UPDATE operators SET totp_secret_sealed = $2, totp_enrolled_at = $3
        WHERE username = ANY($1) AND totp_enrolled_at IS NULL`,
      [Object.values(DEMO_OPERATORS).map((op) => op.username), sealSecret(totpKey, DEMO_OPS_TOTP_SECRET), now],
    );

    // Public holidays of the support console's calendar: added when missing; an operator's name for one is kept.
    await upsert(
      tx,
      'public_holidays',
      ['holiday_date'],
      DEMO_HOLIDAYS.map((h) => ({ holiday_date: h.date, name: h.name, created_by: null, created_at: now })),
      { keep: ['name', 'created_by', 'created_at'] },
    );
  });
}
