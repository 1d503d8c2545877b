-- 006: the ledger of money received (issue 11). Every payment the provider reports is one ledger entry, recorded
-- once whatever state its code was in, and split by what it paid (late charges, interest, principal, extension
-- fee); what could not be applied is held as unapplied funds until an operator applies or refunds it.
-- Same conventions as 003: money in bigint minor units. See docs/repayment.md "Ledger".

-- When we told the provider to expire a code (replaced by a new code, or its order settled by another payment):
-- a code we cancelled is never left payable at the provider without our knowing.
ALTER TABLE payments ADD COLUMN provider_expired_at timestamptz;

-- One row per payment received. provider_event (the callback's event id, or the card charge id) and payment_id
-- are both unique: a redelivered callback, or a second event for a code that was already paid, records nothing.
-- The parts always add up to the amount: applied parts + unapplied (held now) + refunded.
CREATE TABLE ledger_entries (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_event text NOT NULL UNIQUE CHECK (length(provider_event) BETWEEN 1 AND 128),
  payment_id     bigint NOT NULL UNIQUE REFERENCES payments (id) ON DELETE CASCADE,
  order_no       text NOT NULL REFERENCES orders (order_no) ON DELETE CASCADE,
  borrower_id    bigint NOT NULL REFERENCES borrowers (id),
  -- What the provider reported received.
  amount         bigint NOT NULL CHECK (amount > 0),
  -- What it was applied as (the code's repay type when nothing could be applied) and the instalments it paid.
  repay_type     text NOT NULL CHECK (repay_type IN ('full', 'installment', 'delay')),
  periods        integer[] NOT NULL DEFAULT '{}',
  principal      bigint NOT NULL DEFAULT 0 CHECK (principal >= 0),
  interest       bigint NOT NULL DEFAULT 0 CHECK (interest >= 0),
  late_penalty   bigint NOT NULL DEFAULT 0 CHECK (late_penalty >= 0),
  late_interest  bigint NOT NULL DEFAULT 0 CHECK (late_interest >= 0),
  extension_fee  bigint NOT NULL DEFAULT 0 CHECK (extension_fee >= 0),
  unapplied      bigint NOT NULL DEFAULT 0 CHECK (unapplied >= 0),
  refunded       bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0),
  -- The provider's payment time (never later than our clock) and when we received the report.
  paid_at        timestamptz NOT NULL,
  received_at    timestamptz NOT NULL,
  CHECK (principal + interest + late_penalty + late_interest + extension_fee + unapplied + refunded = amount)
);
CREATE INDEX ledger_entries_order_idx ON ledger_entries (order_no, id DESC);

-- Money held for an operator: open → applied (credited to the order) | refunded (returned through the provider).
-- An apply that credits only part of a fund closes it for that part and opens a new fund for the rest, so the
-- open funds of an entry always add up to its `unapplied`.
CREATE TABLE unapplied_funds (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ledger_entry_id bigint NOT NULL REFERENCES ledger_entries (id) ON DELETE CASCADE,
  order_no        text NOT NULL REFERENCES orders (order_no) ON DELETE CASCADE,
  amount          bigint NOT NULL CHECK (amount > 0),
  reason          text NOT NULL CHECK (reason IN ('code_replaced', 'code_expired', 'order_settled', 'overpayment', 'short_payment')),
  state           text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'applied', 'refunded')),
  created_at      timestamptz NOT NULL,
  resolved_at     timestamptz,
  resolved_by     bigint REFERENCES operators (id),
  note            text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  -- The provider's refund id.
  refund_id       text,
  CHECK ((state = 'open') = (resolved_at IS NULL)),
  CHECK ((state = 'open') = (resolved_by IS NULL)),
  CHECK ((state = 'refunded') = (refund_id IS NOT NULL))
);
CREATE INDEX unapplied_funds_state_idx ON unapplied_funds (state, id DESC);
CREATE INDEX unapplied_funds_entry_idx ON unapplied_funds (ledger_entry_id);
