-- Borrower protection (issue 18; docs/compliance.md): the key facts statement's fee and snapshot, the
-- cooling-off exit's status and period, and the grievance officer.

-- A one-time processing fee, in basis points of the principal, deducted from the amount disbursed (the
-- borrower repays the principal; the fee is in the KFS and in the APR). 0 = none.
ALTER TABLE products ADD COLUMN processing_fee_bp integer NOT NULL DEFAULT 0 CHECK (processing_fee_bp BETWEEN 0 AND 1000);
-- The fee fixed on the order at confirmation (minor units); never part of amount_due.
ALTER TABLE orders ADD COLUMN processing_fee bigint NOT NULL DEFAULT 0 CHECK (processing_fee >= 0);

-- An order the borrower left within the cooling-off period by repaying principal + interest for the days used.
INSERT INTO order_statuses (status, meaning) VALUES (210, 'closed in the cooling-off period') ON CONFLICT (status) DO NOTHING;

-- Every key facts statement a borrower confirmed, by its hash: the consent record names it (id 'kfs', version,
-- sha256) and this keeps the exact figures shown. Insert-only, like loan_consents.
CREATE TABLE kfs_statements (
  sha256     text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  version    text NOT NULL,
  lang       text NOT NULL CHECK (lang IN ('en', 'id')),
  body       jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION kfs_statements_insert_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'kfs_statements is insert-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER kfs_statements_no_change BEFORE UPDATE OR DELETE ON kfs_statements
  FOR EACH ROW EXECUTE FUNCTION kfs_statements_insert_only();

-- Days after disbursement (the disbursement day is day 0) during which the borrower may exit (RBI: at least 3).
INSERT INTO app_settings (key, value) VALUES ('cooling_off_days', '3') ON CONFLICT (key) DO NOTHING;
