-- Made by Fixtures/tools/dump-with-rows.sh from rows.sql; see Fixtures/README.md.
PRAGMA foreign_keys=OFF;
PRAGMA application_id=1381192771;
PRAGMA user_version=3;
BEGIN TRANSACTION;
CREATE TABLE schema_history (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
INSERT INTO schema_history VALUES(1,'0001_create_scene_state.sql','72790f953358d6af1bd6f9ca1f3a7e8230cdea7f486d6094a8c1126198e60c1b','2026-11-30T23:46:12.861Z');
INSERT INTO schema_history VALUES(2,'0002_add_quarantine_snapshots_and_restore_marks.sql','69b430a6770c46edbe2488b5dbc269328e63d1bd19f1e09838c1280acc5b8777','2026-11-30T23:46:12.873Z');
INSERT INTO schema_history VALUES(3,'0003_upgrade_catalog_records.sql','e243a6ea7fada4bfa3b6aa71e71c974014fa5ebebf0b597fcad7c3f195113a16','2026-11-30T23:46:12.873Z');
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
);
CREATE TABLE restore_mark (
    account    TEXT NOT NULL,
    scene      TEXT NOT NULL,
    started_at REAL NOT NULL,
    PRIMARY KEY (account, scene)
) WITHOUT ROWID;
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
);
CREATE INDEX quarantine_by_scene ON quarantine (account, scene);
CREATE INDEX shelf_snapshot_by_shelf ON shelf_snapshot (account, shelf, id);
COMMIT;
