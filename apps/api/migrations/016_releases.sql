-- Releases in the database (issue 15): what was the folder's remotes.json and history.json. Every instance reads
-- one truth: which version of each remote and of the shell is live, every version ever published with what its
-- build declares and the list of its files, and every switch. The bytes are in the storage provider under
-- <app>/<version>/<path> (the folder layout RELEASES_DIR always had). docs/releasing.md, docs/deploy.md.

-- One row per published build. A version never changes once released (trigger below): browsers and CDNs keep its
-- files for a year. A local build published by `pnpm start` (source 'local') may be replaced by the next local
-- build of the same version, as the folder was; releasing it makes it immutable.
CREATE TABLE release_versions (
  app          text NOT NULL CHECK (app ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  version      text NOT NULL CHECK (version ~ '^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$'),
  kind         text NOT NULL CHECK (kind IN ('remote', 'shell')),
  -- The federation name (remote) or the package name (shell).
  name         text NOT NULL,
  -- sha256 over every file name and the hash of its bytes: the same digest is the same release.
  digest       text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),
  -- lendview-remote.json / lendview-shell.json of the build (routes, shared versions: the compatibility checks).
  declaration  jsonb NOT NULL CHECK (jsonb_typeof(declaration) = 'object'),
  -- Relative path -> {"size", "sha256"}: the only files served for this version (a request never names a key).
  files        jsonb NOT NULL CHECK (jsonb_typeof(files) = 'object'),
  source       text NOT NULL CHECK (source IN ('release', 'local', 'import')),
  published_at timestamptz NOT NULL,
  published_by text NOT NULL,
  PRIMARY KEY (app, version),
  CHECK ((kind = 'shell') = (app = 'shell'))
);

CREATE FUNCTION release_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.source <> 'local' THEN
    RAISE EXCEPTION 'release % % is published and never changes', OLD.app, OLD.version USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER release_versions_immutable BEFORE UPDATE OR DELETE ON release_versions
  FOR EACH ROW EXECUTE FUNCTION release_versions_immutable();

-- The live version of each remote and of the shell (what /remotes.json and the pages are built from).
CREATE TABLE release_live (
  app        text PRIMARY KEY,
  version    text NOT NULL,
  changed_at timestamptz NOT NULL,
  FOREIGN KEY (app, version) REFERENCES release_versions (app, version)
);

-- Every change of a live version: who, when, from which version to which.
CREATE TABLE release_history (
  id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at       timestamptz NOT NULL,
  app      text NOT NULL,
  name     text NOT NULL,
  version  text NOT NULL,
  previous text,
  action   text NOT NULL CHECK (action IN ('release', 'rollback', 'start', 'import', 'initial')),
  actor    text NOT NULL
);
CREATE INDEX release_history_app ON release_history (app, id);

-- The release lock: one row, held as a lease by one release, rollback or publish at a time (src/releases/catalog.ts).
-- A command that dies leaves it to expire at `until`; the switch itself re-checks the holder under FOR UPDATE.
CREATE TABLE release_lock (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  holder  text,
  held_by text,
  since   timestamptz,
  until   timestamptz
);
INSERT INTO release_lock (id) VALUES (true);
