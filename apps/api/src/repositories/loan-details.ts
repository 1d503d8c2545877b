import { prepared } from '../db/prepared.ts';
import type { Db } from '../db/types.ts';
import { toEntry, type LedgerDbRow, type ReceiptRow } from './ledger.ts';
import { toOrder, type Instalment, type Order, type OrderDbRow } from './orders.ts';
import type { PaymentMethod } from './payments.ts';
import {
  heldReference,
  quotaUsageColumn,
  referenceColumns,
  referenceFrom,
  safeIntegers,
  timestamptzParser,
  versionParam,
  type ReferenceColumns,
  type ReferenceData,
} from './reference-data.ts';

/** Everything loan details reads (services/loan-details.ts), from one statement. */
export interface LoanDetailsRead {
  order: Order;
  /** The order's instalments by period (only read for an order of more than one instalment, as before: else []). */
  instalments: Instalment[];
  /** The borrower has rated the app (app_ratings). */
  rated: boolean;
  /** Ledger entries of the order with their payment's method and channel, newest first (ledger.ts listOrderEntries). */
  receipts: ReceiptRow[];
  /** Applications per product id on the business day asked for (product_quota_usage). */
  quotaUsage: Record<string, number> | null;
  reference: ReferenceData;
}

type Row = OrderDbRow &
  ReferenceColumns & {
    lv_instalments: Record<string, unknown>[] | null;
    lv_rated: boolean;
    lv_receipts: Record<string, unknown>[] | null;
    lv_quota_usage: Record<string, number> | null;
  };

/**
 * Every column of `orders`, in table order: what `o.*` selected (test/http-path.test.ts checks the list against the
 * migrated table on both backends). Named, not `*`: the statement is a named statement on PostgreSQL
 * (db/prepared.ts), and a `*` whose table gains a column under a running instance (a migration of the next release,
 * docs/deploy.md expand/contract) would change the statement's result type, which PostgreSQL refuses to execute.
 */
export const ORDER_COLUMNS = [
  'order_no',
  'borrower_id',
  'product_id',
  'status',
  'principal',
  'interest_amount',
  'service_fee',
  'amount_due',
  'paid_amount',
  'term_days',
  'daily_rate_bp',
  'instalment_count',
  'is_delay',
  'extension_fee',
  'extension_days',
  'repay_url',
  'applied_at',
  'disbursed_at',
  'due_date',
  'settled_at',
  'updated_at',
  'late_penalty_paid',
  'late_interest_paid',
  'extension_fees_paid',
  'extension_count',
  'processing_fee',
  'waived_amount',
] as const;

// The order as a plain row (the driver parses its columns as for SELECT *); its children as JSON whose bigints are
// checked like the int8 parser does and whose timestamps are the column's own text, parsed by the driver's parser.
// Planning this statement costs PostgreSQL several times its execution: parsed and planned once per connection.
const SQL = prepared(`
  SELECT ${ORDER_COLUMNS.map((c) => `o.${c}`).join(', ')},
    CASE WHEN o.instalment_count > 1 THEN
      (SELECT jsonb_agg(to_jsonb(i) || jsonb_build_object('paid_at', i.paid_at::text) ORDER BY i.period_no)
         FROM instalments i WHERE i.order_no = o.order_no)
    END AS lv_instalments,
    EXISTS (SELECT 1 FROM app_ratings r WHERE r.borrower_id = $2) AS lv_rated,
    (SELECT jsonb_agg(to_jsonb(l) || jsonb_build_object('paid_at', l.paid_at::text, 'received_at', l.received_at::text,
                                                        'method', p.method, 'channel', p.channel)
                      ORDER BY l.paid_at DESC, l.id DESC)
       FROM ledger_entries l JOIN payments p ON p.id = l.payment_id WHERE l.order_no = o.order_no) AS lv_receipts,
    ${quotaUsageColumn('$4')},
    ${referenceColumns('$5')}
  FROM orders o
  WHERE o.order_no = $1 AND o.borrower_id = $2 AND ($3::integer IS NULL OR o.product_id = $3::integer)`);

/**
 * The borrower's own order (null: none, or another borrower's: the same answer) with everything its details page
 * needs, in one round trip: instalments, whether the borrower rated the app, the receipts, today's quota usage and
 * the reference data (repositories/reference-data.ts: the instance's copy, or fresh data when it changed).
 */
export async function readLoanDetails(
  db: Db,
  input: { borrowerId: number; orderNo: string; productId?: number; businessDay: string },
): Promise<LoanDetailsRead | null> {
  const held = heldReference(db);
  const [row] = await db.query<Row>(SQL, [input.orderNo, input.borrowerId, input.productId ?? null, input.businessDay, versionParam(held)]);
  if (!row) return null;
  const timestamp = timestamptzParser(db);
  const orNull = (v: unknown) => (v === null || v === undefined ? null : timestamp(v as string));
  const instalments: Instalment[] = (row.lv_instalments ?? []).map((raw) => {
    const r = safeIntegers(raw, 'instalments') as Record<string, unknown>;
    return {
      periodNo: r.period_no as number,
      principal: r.principal as number,
      interest: r.interest as number,
      amount: r.amount as number,
      dueDate: r.due_date as string,
      status: r.status as Instalment['status'],
      paidAt: orNull(r.paid_at),
    };
  });
  const receipts: ReceiptRow[] = (row.lv_receipts ?? []).map((raw) => {
    const r = safeIntegers(raw, 'ledger_entries') as Record<string, unknown>;
    const entry = toEntry({
      ...(r as unknown as LedgerDbRow),
      paid_at: timestamp(r.paid_at as string),
      received_at: timestamp(r.received_at as string),
    });
    return { ...entry, method: r.method as PaymentMethod, channel: r.channel as string };
  });
  return {
    order: toOrder(row),
    instalments,
    rated: row.lv_rated,
    receipts,
    quotaUsage: row.lv_quota_usage,
    reference: referenceFrom(db, held, row),
  };
}
