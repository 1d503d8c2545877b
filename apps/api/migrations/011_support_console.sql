-- 011: the support console (issue 13 part B): public holidays for the 3-working-day promise, assignment and
-- internal notes of complaints, contact messages from the marketing site, and an audit trail of every action.

-- Public holidays: dates (Asia/Jakarta calendar) that are not working days. Operators add and remove them.
CREATE TABLE public_holidays (
  holiday_date date PRIMARY KEY,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  created_by   integer REFERENCES operators (id),
  created_at   timestamptz NOT NULL
);

-- Who in support works on a complaint (NULL: nobody yet). Changed with a conditional UPDATE on the value the
-- operator saw, so two agents taking the same complaint at once cannot both get it.
ALTER TABLE complaints ADD COLUMN assignee_id integer REFERENCES operators (id);
ALTER TABLE complaints ADD COLUMN assigned_at timestamptz;
CREATE INDEX complaints_created_idx ON complaints (created_at, id);
CREATE INDEX complaints_order_idx ON complaints (order_no);

-- Messages sent through the marketing site's contact forms (spec 2.2: the home footer form and /Contact).
-- address_hash: sha256 of the sender's IP (with a prefix of its own), kept to spot abuse without storing the IP.
CREATE TABLE contact_messages (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source       text NOT NULL CHECK (source IN ('home', 'contact')),
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email        text NOT NULL DEFAULT '' CHECK (length(email) <= 254),
  phone        text NOT NULL CHECK (phone ~ '^[0-9]{6,15}$'),
  message      text NOT NULL CHECK (length(message) BETWEEN 1 AND 1000),
  lang         text NOT NULL CHECK (lang IN ('en', 'id')),
  address_hash text NOT NULL,
  state        text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed')),
  assignee_id  integer REFERENCES operators (id),
  assigned_at  timestamptz,
  -- The operator's closing note: set together when closed.
  reply        text,
  closed_by    integer REFERENCES operators (id),
  closed_at    timestamptz,
  created_at   timestamptz NOT NULL,
  CHECK ((state = 'closed') = (closed_at IS NOT NULL)),
  CHECK ((reply IS NULL) = (closed_at IS NULL))
);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at, id);

-- Internal notes of support on a complaint or a contact message (never shown to the borrower).
CREATE TABLE ops_notes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_kind   text NOT NULL CHECK (item_kind IN ('complaint', 'contact')),
  item_id     bigint NOT NULL,
  operator_id integer NOT NULL REFERENCES operators (id),
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at  timestamptz NOT NULL
);
CREATE INDEX ops_notes_item_idx ON ops_notes (item_kind, item_id, id);

-- The audit trail: who did what to which item, when. Append-only: rows are never updated or deleted (the
-- operator's username is copied so the trail reads the same after a rename).
CREATE TABLE ops_audit (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id integer REFERENCES operators (id),
  operator    text NOT NULL,
  action      text NOT NULL CHECK (action IN ('assign', 'unassign', 'note', 'answer', 'contact_close', 'holiday_add', 'holiday_remove')),
  item_kind   text NOT NULL CHECK (item_kind IN ('complaint', 'contact', 'holiday')),
  item_id     text NOT NULL,
  detail      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL
);
CREATE INDEX ops_audit_item_idx ON ops_audit (item_kind, item_id, id);

CREATE FUNCTION ops_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ops_audit is append-only';
END;
$$;
CREATE TRIGGER ops_audit_no_change BEFORE UPDATE OR DELETE ON ops_audit
  FOR EACH ROW EXECUTE FUNCTION ops_audit_append_only();
