-- 004: complaints (spec 2.4, 3, 4.1, 7.2), their photos, the chatbot's records (4.2) and operator sessions.

-- Operator sessions (back office, /ops/api/*). Like borrower sessions, only sha256 of the token is stored.
CREATE TABLE operator_sessions (
  token_hash  text PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);
CREATE INDEX operator_sessions_expires_idx ON operator_sessions (expires_at);

-- One complaint of a borrower. order_no is optional (a complaint about the app needs no order); collection
-- complaints (problem_type 1) always have one, checked by the endpoint against the order's status.
-- Type titles are looked up at read time so that renaming a type renames it everywhere.
CREATE TABLE complaints (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  borrower_id         bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  order_no            text REFERENCES orders (order_no),
  problem_type        integer NOT NULL REFERENCES problem_types (value),
  problem_sub_type    integer,
  -- Spec 5: 1..200 characters (UTF-16 code units, as the page counts them; checked by the endpoint).
  detail              text NOT NULL CHECK (length(detail) BETWEEN 1 AND 200),
  state               text NOT NULL DEFAULT 'processing' CHECK (state IN ('processing', 'processed')),
  created_at          timestamptz NOT NULL,
  -- The operator's process result: all set together when answered.
  dispose_detail      text,
  dispose_operator_id integer REFERENCES operators (id),
  dispose_agent       text,
  disposed_at         timestamptz,
  -- The borrower's 1-5 rating of the answer, once.
  score               smallint CHECK (score BETWEEN 1 AND 5),
  scored_at           timestamptz,
  FOREIGN KEY (problem_type, problem_sub_type) REFERENCES problem_sub_types (type_value, value),
  CHECK ((state = 'processed') = (dispose_detail IS NOT NULL)),
  CHECK ((dispose_detail IS NULL) = (disposed_at IS NULL)),
  CHECK (score IS NULL OR state = 'processed'),
  CHECK ((score IS NULL) = (scored_at IS NULL))
);
CREATE INDEX complaints_borrower_idx ON complaints (borrower_id, id DESC);
CREATE INDEX complaints_state_idx ON complaints (state, id);

-- Uploaded photos. The file lives in the storage provider under storage_key; public_id is the random part of
-- the URL (/user-problem/image/<public_id>), never guessable from the database id. A photo belongs to the
-- borrower who uploaded it (uploaded_by 'borrower') or to the operator (uploaded_by 'operator', an answer's
-- photo, then borrower_id is the complaint's borrower once attached). complaint_id is set when a save or an
-- answer attaches it; a photo is attached at most once.
CREATE TABLE complaint_images (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  public_id    text NOT NULL UNIQUE,
  storage_key  text NOT NULL UNIQUE,
  uploaded_by  text NOT NULL CHECK (uploaded_by IN ('borrower', 'operator')),
  borrower_id  bigint REFERENCES borrowers (id) ON DELETE CASCADE,
  operator_id  integer REFERENCES operators (id),
  mime         text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes   integer NOT NULL CHECK (size_bytes > 0),
  complaint_id bigint REFERENCES complaints (id) ON DELETE CASCADE,
  -- Order of the photos within the complaint (the order the borrower added them).
  position     smallint,
  created_at   timestamptz NOT NULL,
  CHECK ((uploaded_by = 'borrower') = (operator_id IS NULL)),
  CHECK (uploaded_by = 'operator' OR borrower_id IS NOT NULL),
  CHECK ((complaint_id IS NULL) = (position IS NULL))
);
CREATE INDEX complaint_images_complaint_idx ON complaint_images (complaint_id, position);
CREATE INDEX complaint_images_borrower_idx ON complaint_images (borrower_id, created_at);

-- The chatbot's log (spec 4.2): type 1 went to the complaint form, 2 resolved (value 1) / not resolved (2),
-- 3 stars (value 1-5), 4 free text (value = the borrower's text, reply = what the bot answered).
CREATE TABLE qa_records (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  order_no    text,
  type        smallint NOT NULL CHECK (type BETWEEN 1 AND 4),
  value       text NOT NULL DEFAULT '',
  qa_id       integer NOT NULL DEFAULT 0,
  matched     boolean,
  reply       text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL
);
CREATE INDEX qa_records_borrower_idx ON qa_records (borrower_id, id DESC);
