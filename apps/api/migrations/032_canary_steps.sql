-- Issue 36 item 5: canaries in steps, decided by significance tests (src/releases/canary-analysis.ts,
-- docs/releasing.md "Canary"). A canary walks through its weights (e.g. 5 -> 25 -> 50 %), one analysis per step on
-- the real-user events since the step started; the judge moves it to the next weight, promotes it after the last
-- step, or rolls it back on a significant regression. Expand-only (docs/deploy.md "Migrations"): new columns with
-- defaults, and two more actions in the history. A canary started by the version before this one has no steps: the
-- judge walks it from its percentage (release_canary.percent) through the standard weights above it.

-- The weights of the canary's steps, in order (percent is always the current one), null for a canary started before.
ALTER TABLE release_canary ADD COLUMN steps integer[];
-- The index of the current step in steps (0 = the first).
ALTER TABLE release_canary ADD COLUMN step integer NOT NULL DEFAULT 0 CHECK (step >= 0);
-- When the current step started: its analysis reads the events since then (null: started_at).
ALTER TABLE release_canary ADD COLUMN step_started_at timestamptz;

-- 'step': the judge moved the canary to its next weight (percent); 'auto-promote': the judge made it live after
-- its last step passed (a 'release' switch in release_history by the judge, like a promote by hand).
ALTER TABLE release_canary_history DROP CONSTRAINT release_canary_history_action_check;
ALTER TABLE release_canary_history ADD CONSTRAINT release_canary_history_action_check
  CHECK (action IN ('canary', 'promote', 'rollback', 'auto-rollback', 'step', 'auto-promote'));
