-- Landing template history (issue 13 item 5): every publish is a numbered version. What a visitor sees is the
-- newest version (not cancelled) whose live_from has come, evaluated when the landing is read, so a scheduled
-- publish needs no background job. A version with a NULL config is an unpublish: the landing has ended.
-- landing_templates.live_config / published_at are kept in step for a publish made now (a cache for readers of
-- migration 005's shape); the versions are the source of truth.
CREATE TABLE landing_template_versions (
  template_id   integer NOT NULL REFERENCES landing_templates (id),
  version       integer NOT NULL CHECK (version > 0),
  kind          text NOT NULL CHECK (kind IN ('publish', 'revert', 'unpublish')),
  config        jsonb CHECK (config IS NULL OR jsonb_typeof(config) = 'object'),
  reverted_from integer,
  live_from     timestamptz NOT NULL,
  created_at    timestamptz NOT NULL,
  created_by    text NOT NULL,
  cancelled_at  timestamptz,
  cancelled_by  text,
  PRIMARY KEY (template_id, version),
  CHECK ((kind = 'unpublish') = (config IS NULL))
);
CREATE INDEX landing_template_versions_live ON landing_template_versions (template_id, live_from DESC, version DESC);

-- What was published before this migration becomes version 1.
INSERT INTO landing_template_versions (template_id, version, kind, config, live_from, created_at, created_by)
SELECT id, 1, 'publish', live_config, published_at, published_at, COALESCE(published_by, '')
  FROM landing_templates WHERE live_config IS NOT NULL;

-- Logo and hero images uploaded in the editor: re-encoded by the API, the bytes in the storage provider under
-- storage_key, served at /landing/img/<public_id>.<ext> to anyone (they are on a public page).
CREATE TABLE landing_images (
  public_id   text PRIMARY KEY CHECK (public_id ~ '^[a-z0-9]{16,64}$'),
  storage_key text NOT NULL UNIQUE,
  mime        text NOT NULL CHECK (mime IN ('image/jpeg', 'image/webp')),
  width       integer NOT NULL,
  height      integer NOT NULL,
  size_bytes  integer NOT NULL,
  uploaded_by text NOT NULL,
  created_at  timestamptz NOT NULL
);
