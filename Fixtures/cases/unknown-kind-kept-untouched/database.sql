-- Made by Fixtures/tools/dump-with-rows.sh from rows.sql; see Fixtures/README.md.
PRAGMA foreign_keys=OFF;
PRAGMA application_id=1381192771;
PRAGMA user_version=4;
BEGIN TRANSACTION;
CREATE TABLE schema_history (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
INSERT INTO schema_history VALUES(1,'0001_create_scene_state.sql','72790f953358d6af1bd6f9ca1f3a7e8230cdea7f486d6094a8c1126198e60c1b','2026-11-30T23:58:39.642Z');
INSERT INTO schema_history VALUES(2,'0002_add_quarantine_snapshots_and_restore_marks.sql','69b430a6770c46edbe2488b5dbc269328e63d1bd19f1e09838c1280acc5b8777','2026-11-30T23:58:39.653Z');
INSERT INTO schema_history VALUES(3,'0003_upgrade_catalog_records.sql','e243a6ea7fada4bfa3b6aa71e71c974014fa5ebebf0b597fcad7c3f195113a16','2026-11-30T23:58:39.653Z');
INSERT INTO schema_history VALUES(4,'0004_add_record_kinds.sql','011b3b9ddb275586077fcff29c8a5cad93d8d1dd8273fb5c231225d748e8a2fe','2026-11-30T23:58:39.655Z');
CREATE TABLE quarantine (
    id             INTEGER PRIMARY KEY,
    account        TEXT    NOT NULL,
    scene          TEXT    NOT NULL,
    version        INTEGER,
    payload        BLOB    NOT NULL,
    error          TEXT    NOT NULL,
    reason         TEXT    NOT NULL CHECK (reason IN ('unreadable', 'oversized', 'restore-crashed')),
    updated_at     REAL,
    quarantined_at REAL    NOT NULL
, kind TEXT NOT NULL DEFAULT 'catalog');
CREATE TABLE store_meta (
    key   TEXT PRIMARY KEY,
    value INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE shelf_snapshot (
    id         INTEGER PRIMARY KEY,
    account    TEXT    NOT NULL,
    shelf      TEXT    NOT NULL,
    version    INTEGER NOT NULL CHECK (version >= 1),
    payload    TEXT    NOT NULL,
    row_count  INTEGER NOT NULL,
    fetched_at REAL    NOT NULL,
    saved_at   REAL    NOT NULL
, min_reader_version INTEGER, unreadable_error TEXT);
CREATE TABLE IF NOT EXISTS "scene_state" (
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
INSERT INTO scene_state VALUES('default','main','catalog',3,NULL,'{"version":3,"query":"","selectedID":4,"showsOnlySelected":false,"viewport":null}',1764000001.0);
INSERT INTO scene_state VALUES('default','main','reader',2,NULL,'{"version":2,"bookID":7,"page":12,"fontSize":1.5}',1764000000.0);
CREATE TABLE IF NOT EXISTS "restore_mark" (
    account    TEXT NOT NULL,
    scene      TEXT NOT NULL,
    kind       TEXT NOT NULL DEFAULT 'catalog',
    started_at REAL NOT NULL,
    PRIMARY KEY (account, scene, kind)
) WITHOUT ROWID;
CREATE INDEX shelf_snapshot_by_shelf ON shelf_snapshot (account, shelf, id);
CREATE INDEX quarantine_by_scene ON quarantine (account, scene, kind);
COMMIT;
