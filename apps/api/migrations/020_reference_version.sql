-- Issue 14 item 4 (hot reads): API instances keep the reference data in process (products and their scenes, the
-- settings read on every request, public holidays; src/repositories/reference-data.ts) and check, in the same
-- statement as each hot read, that their copy is still current. The check is the one row of the table below: a hash
-- of that data, rewritten by the triggers below in every transaction that changes it. So every way of changing it (the
-- ops console, an operator's UPDATE by hand as docs/operations.md describes, seeds, the CLI) is seen by every instance
-- on its next read, with no TTL: the version becomes visible together with the data it stands for, at commit. A hash
-- rather than a counter: a copy is valid exactly when its data is the data of that version, and a change that changes
-- nothing (a seed run twice) leaves the version as it was.
-- Writers of reference data queue on this one row until they commit (operator actions: rare), so the hash each one
-- writes includes every change committed before it.
-- Expand-only (docs/deploy.md "Migrations"): one new table, two functions, triggers.

CREATE TABLE reference_data_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version text NOT NULL
);

CREATE FUNCTION reference_data_hash() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT md5(
    'products:' || coalesce((SELECT string_agg(p::text, E'\n' ORDER BY p.id) FROM products p), '') ||
    E'\nscenes:' || coalesce((SELECT string_agg(s::text, E'\n' ORDER BY s.scene, s.product_id) FROM product_scenes s), '') ||
    E'\nholidays:' || coalesce((SELECT string_agg(h::text, E'\n' ORDER BY h.holiday_date) FROM public_holidays h), '') ||
    E'\nsettings:' || coalesce((SELECT string_agg(a.key || '=' || a.value, E'\n' ORDER BY a.key) FROM app_settings a
      WHERE a.key IN ('support_email', 'support_phone', 'late_charge_cap_percent', 'cooling_off_days', 'grievance_officer_name',
                  'grievance_officer_phone', 'grievance_officer_email', 'grievance_officer_address')), ''))
$$;

INSERT INTO reference_data_version (id, version) VALUES (true, reference_data_hash());

CREATE FUNCTION reference_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Wait for any other writer of reference data to commit: the hash (a new statement, a new snapshot) then sees it.
  PERFORM 1 FROM reference_data_version WHERE id FOR UPDATE;
  INSERT INTO reference_data_version (id, version) VALUES (true, reference_data_hash())
  ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version WHERE reference_data_version.version IS DISTINCT FROM EXCLUDED.version;
  RETURN NULL;
END $$;

CREATE TRIGGER products_reference_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_changed();
CREATE TRIGGER product_scenes_reference_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_scenes
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_changed();
CREATE TRIGGER public_holidays_reference_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public_holidays
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_changed();
CREATE TRIGGER app_settings_reference_truncated AFTER TRUNCATE ON app_settings
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_changed();

-- app_settings: only the keys the API caches (REFERENCE_SETTING_KEYS in src/repositories/reference-data.ts); the
-- readiness probe's row and the generated keys change without touching the version.
CREATE TRIGGER app_settings_reference_inserted AFTER INSERT ON app_settings FOR EACH ROW
  WHEN (NEW.key IN ('support_email', 'support_phone', 'late_charge_cap_percent', 'cooling_off_days', 'grievance_officer_name',
                    'grievance_officer_phone', 'grievance_officer_email', 'grievance_officer_address'))
  EXECUTE FUNCTION reference_data_changed();
CREATE TRIGGER app_settings_reference_updated AFTER UPDATE ON app_settings FOR EACH ROW
  WHEN (OLD.key IN ('support_email', 'support_phone', 'late_charge_cap_percent', 'cooling_off_days', 'grievance_officer_name',
                    'grievance_officer_phone', 'grievance_officer_email', 'grievance_officer_address')
     OR NEW.key IN ('support_email', 'support_phone', 'late_charge_cap_percent', 'cooling_off_days', 'grievance_officer_name',
                    'grievance_officer_phone', 'grievance_officer_email', 'grievance_officer_address'))
  EXECUTE FUNCTION reference_data_changed();
CREATE TRIGGER app_settings_reference_deleted AFTER DELETE ON app_settings FOR EACH ROW
  WHEN (OLD.key IN ('support_email', 'support_phone', 'late_charge_cap_percent', 'cooling_off_days', 'grievance_officer_name',
                    'grievance_officer_phone', 'grievance_officer_email', 'grievance_officer_address'))
  EXECUTE FUNCTION reference_data_changed();
