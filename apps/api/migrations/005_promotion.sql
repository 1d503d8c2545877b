-- 005: promotion landing pages and visitor registration (spec 2.6, 4.4, 4.5, 7.4, 8). See docs/promotion.md.

-- Landing templates: draft and published versions -------------------------------------------------------------

-- The marketing team edits the draft; visitors see the published version only (channel-template), so a
-- half-finished edit never reaches a campaign that is running. `config` of 001 becomes the published version:
-- NULL until the first publish. Rows that existed before this migration were what visitors saw, so they count
-- as published, with the same draft.
ALTER TABLE landing_templates RENAME COLUMN config TO live_config;
ALTER TABLE landing_templates
  ALTER COLUMN live_config DROP NOT NULL,
  ADD COLUMN draft_config jsonb CHECK (jsonb_typeof(draft_config) = 'object'),
  ADD COLUMN published_at timestamptz,
  ADD COLUMN published_by text,
  -- Operator username of the last draft change ('' for rows written by migrations or the demo seed).
  ADD COLUMN updated_by   text NOT NULL DEFAULT '';
UPDATE landing_templates SET draft_config = live_config, published_at = updated_at;
ALTER TABLE landing_templates
  ALTER COLUMN draft_config SET NOT NULL,
  ADD CHECK ((live_config IS NULL) = (published_at IS NULL));

-- Image captchas ----------------------------------------------------------------------------------------------

-- One row per sid (get-sid). The answer is kept in plain text: the image is drawn from it on request, and it is
-- worth nothing after expires_at (5 minutes). Life of a row:
--   new   → issued, image viewable, not yet tried;
--   dead  → tried with a wrong answer, or spent without sending a code (already registered, rate limited);
--   bound → get-sms accepted it for `phone` and sent a code; register may use it until expires_at (10 minutes);
--   used  → register created the borrower with it (a repeated register of that phone answers 11).
CREATE TABLE captchas (
  sid        text PRIMARY KEY,
  answer     text NOT NULL CHECK (answer ~ '^[A-Z0-9]{4,8}$'),
  state      text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'dead', 'bound', 'used')),
  phone      text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CHECK ((state IN ('bound', 'used')) = (phone IS NOT NULL))
);
CREATE INDEX captchas_expires_idx ON captchas (expires_at);

-- Registrations -------------------------------------------------------------------------------------------------

-- Where each borrower who registered on a landing page came from (attribution for the marketing team).
CREATE TABLE promotion_registrations (
  borrower_id bigint PRIMARY KEY REFERENCES borrowers (id) ON DELETE CASCADE,
  -- No foreign key: a registration stays counted even if its template is deleted later.
  template_id integer NOT NULL DEFAULT 0,
  user_from   text NOT NULL DEFAULT '',
  app_from    text NOT NULL DEFAULT '',
  utm_tag     text NOT NULL DEFAULT '',
  invite_code text NOT NULL DEFAULT '',
  app_name    text NOT NULL DEFAULT '',
  device_id   text NOT NULL DEFAULT '',
  ip_hash     text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX promotion_registrations_template_idx ON promotion_registrations (template_id, created_at);

-- Visit and click tracking (track-visit, track-click) -------------------------------------------------------------

-- Append-only, one cheap insert per call; the rate per client IP is bounded by a rate_limits counter. The IP is
-- never stored, only a salted sha256 of it (salt in app_settings 'tracking_ip_salt'), enough to count distinct
-- visitors. page_id is the template id as sent by the page (0 = none), deliberately without a foreign key.
CREATE TABLE promotion_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('visit', 'click')),
  page_id     integer NOT NULL,
  page_type   smallint NOT NULL,
  user_from   text NOT NULL,
  app_from    text NOT NULL,
  utm_tag     text NOT NULL,
  client_type text NOT NULL CHECK (client_type IN ('ios', 'android', 'other')),
  -- Clicks only, and only a well-formed phone (the Apply tap may come with a half-typed number).
  phone       text CHECK (phone ~ '^1[3-9][0-9]{9}$'),
  ip_hash     text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX promotion_events_page_idx ON promotion_events (page_id, kind, created_at);
