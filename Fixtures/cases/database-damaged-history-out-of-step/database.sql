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
INSERT INTO schema_history VALUES(1,'0001_create_scene_state.sql','72790f953358d6af1bd6f9ca1f3a7e8230cdea7f486d6094a8c1126198e60c1b','2026-11-30T23:46:13.609Z');
INSERT INTO schema_history VALUES(2,'0002_add_quarantine_snapshots_and_restore_marks.sql','69b430a6770c46edbe2488b5dbc269328e63d1bd19f1e09838c1280acc5b8777','2026-11-30T23:46:13.613Z');
CREATE TABLE scene_state (
    account    TEXT    NOT NULL CHECK (length(CAST(account AS BLOB)) BETWEEN 1 AND 1024),
    scene      TEXT    NOT NULL CHECK (length(CAST(scene AS BLOB)) BETWEEN 1 AND 1024),
    version    INTEGER NOT NULL CHECK (version >= 1),
    payload    TEXT    NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (account, scene)
) WITHOUT ROWID;
INSERT INTO scene_state VALUES('default','main',3,'{"version":3,"query":"swift","selectedID":1}',1767225600.0);
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
CREATE INDEX scene_state_by_updated_at ON scene_state (updated_at);
COMMIT;
