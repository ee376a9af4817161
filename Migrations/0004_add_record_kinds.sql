-- Records of any screen kind. A record is now keyed by (account, scene, kind): the catalog,
-- shelf, notes and zones screens and an app's own screens each keep their own record per
-- scene. Existing rows are catalog records. An app's kinds and their format versions live in
-- the records themselves, never in this schema, so an app never adds a migration here.
--
-- `min_reader_version` holds what the record's writer declared (NULL: only readers of its own
-- format may rewrite it), so a save can decide whether it may replace a newer record without
-- reading the payload. It is filled from the payload once, here.
--
-- The `scene_state_by_updated_at` index goes with the old table: it was rewritten on every
-- save to spare `inspect` a sort it can do at read time.
CREATE TABLE scene_state_v4 (
    account            TEXT    NOT NULL CHECK (length(CAST(account AS BLOB)) BETWEEN 1 AND 1024),
    scene              TEXT    NOT NULL CHECK (length(CAST(scene AS BLOB)) BETWEEN 1 AND 1024),
    kind               TEXT    NOT NULL DEFAULT 'catalog'
                               CHECK (length(kind) BETWEEN 1 AND 64 AND kind NOT GLOB '*[^a-z0-9-]*'),
    version            INTEGER NOT NULL CHECK (version >= 1),
    min_reader_version INTEGER CHECK (min_reader_version >= 1),
    payload            TEXT    NOT NULL,
    updated_at         REAL    NOT NULL,
    PRIMARY KEY (account, scene, kind)
) WITHOUT ROWID;
INSERT INTO scene_state_v4 (account, scene, kind, version, min_reader_version, payload, updated_at)
SELECT account, scene, 'catalog', version,
       CASE WHEN json_valid(payload) THEN
           CASE WHEN json_type(payload, '$.minReaderVersion') = 'integer'
                 AND json_extract(payload, '$.minReaderVersion') >= 1
           THEN json_extract(payload, '$.minReaderVersion') END
       END,
       payload, updated_at
FROM scene_state;
DROP TABLE scene_state;
ALTER TABLE scene_state_v4 RENAME TO scene_state;

-- Crash-loop marks per (account, scene, kind): each screen of a window has its own.
CREATE TABLE restore_mark_v4 (
    account    TEXT NOT NULL,
    scene      TEXT NOT NULL,
    kind       TEXT NOT NULL DEFAULT 'catalog',
    started_at REAL NOT NULL,
    PRIMARY KEY (account, scene, kind)
) WITHOUT ROWID;
INSERT INTO restore_mark_v4 (account, scene, kind, started_at)
SELECT account, scene, 'catalog', started_at FROM restore_mark;
DROP TABLE restore_mark;
ALTER TABLE restore_mark_v4 RENAME TO restore_mark;

-- A quarantined record remembers its kind, so `quarantine restore` puts it back where it was.
ALTER TABLE quarantine ADD COLUMN kind TEXT NOT NULL DEFAULT 'catalog';
DROP INDEX quarantine_by_scene;
CREATE INDEX quarantine_by_scene ON quarantine (account, scene, kind);

-- Shelf snapshots: what a newer writer declared readable, and snapshots this build found it
-- cannot decode (kept, never pruned: only snapshots this build can read count towards the
-- newest few that are kept).
ALTER TABLE shelf_snapshot ADD COLUMN min_reader_version INTEGER;
ALTER TABLE shelf_snapshot ADD COLUMN unreadable_error TEXT;
