-- Issue 14 item 4 (hot reads): the reference data as one JSON value, for the hot reads to select only when their
-- copy is out of date (src/repositories/reference-data.ts). A function, so that a hot read's statement plans one call
-- instead of four aggregates it almost never runs (planning them cost about as much as running the read on PGlite).
-- Expand-only: one function.

CREATE FUNCTION reference_data_json() RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'products', (SELECT json_agg(to_jsonb(p) ORDER BY p.sort_order, p.id) FROM products p),
    'scenes', (SELECT json_agg(json_build_array(s.scene, s.product_id) ORDER BY s.scene, s.sort_order, s.product_id)
                 FROM product_scenes s),
    'settings', (SELECT json_object_agg(a.key, a.value) FROM app_settings a
                  WHERE a.key IN ('support_email', 'support_phone', 'late_charge_cap_percent', 'cooling_off_days', 'grievance_officer_name',
                                  'grievance_officer_phone', 'grievance_officer_email', 'grievance_officer_address')),
    'holidays', (SELECT json_agg(to_char(h.holiday_date, 'YYYY-MM-DD')) FROM public_holidays h))
$$;
