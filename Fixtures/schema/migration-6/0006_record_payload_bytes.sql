-- readable-by: 4
-- writable-by: 6
-- A schema 6 that releases of schema 4 and 5 may read but not write (the rewriting kind): every
-- record carries its payload's size in a new column, which only a writer of schema 6 keeps. It
-- models a release newer than this build (which knows migrations 1–5).
--
-- Not additive: a new column on an existing table, with a CHECK, and existing rows rewritten. A
-- schema 4 or 5 build's reads name their columns and still work; its saves would leave the
-- size wrong, so its writes are refused (writable-by 6).
ALTER TABLE scene_state ADD COLUMN payload_bytes INTEGER NOT NULL DEFAULT 0 CHECK (payload_bytes >= 0);
UPDATE scene_state SET payload_bytes = length(CAST(payload AS BLOB));
CREATE INDEX scene_state_by_payload_bytes ON scene_state (payload_bytes);
