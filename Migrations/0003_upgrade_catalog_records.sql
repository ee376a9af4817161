-- Lets `inspect` and maintenance list records newest first without sorting the whole table.
CREATE INDEX scene_state_by_updated_at ON scene_state (updated_at);

-- Every catalog record older than format 3 is rewritten as format 3 (unknown fields kept,
-- `updated_at` unchanged) by a data step only the StateRestore module can run, because the
-- store does not know record formats. The migrator refuses to apply this file without it.
-- data-step: upgrade-catalog-records
