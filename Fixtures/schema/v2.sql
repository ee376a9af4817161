-- restorectl state database at schema version 2 with realistic rows: made by
-- `restorectl migrate --db x --to 2`, inserting rows with sqlite3, then `sqlite3 x .dump`.
-- .dump omits the header fields, so they are set explicitly (application_id is "RSTC").
PRAGMA foreign_keys=OFF;
PRAGMA application_id=1381192771;
PRAGMA user_version=2;
BEGIN TRANSACTION;
CREATE TABLE schema_history (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
INSERT INTO schema_history VALUES(1,'0001_create_scene_state.sql','72790f953358d6af1bd6f9ca1f3a7e8230cdea7f486d6094a8c1126198e60c1b','2026-11-29T15:51:07.808Z');
INSERT INTO schema_history VALUES(2,'0002_add_quarantine_snapshots_and_restore_marks.sql','69b430a6770c46edbe2488b5dbc269328e63d1bd19f1e09838c1280acc5b8777','2026-11-29T15:51:07.813Z');
CREATE TABLE scene_state (
    account    TEXT    NOT NULL CHECK (length(CAST(account AS BLOB)) BETWEEN 1 AND 1024),
    scene      TEXT    NOT NULL CHECK (length(CAST(scene AS BLOB)) BETWEEN 1 AND 1024),
    version    INTEGER NOT NULL CHECK (version >= 1),
    payload    TEXT    NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (account, scene)
) WITHOUT ROWID;
INSERT INTO scene_state VALUES('alice','O''Brien''s "reading" window',3,'{"version":3,"query":"the","selectedID":null,"showsOnlySelected":false,"viewport":null}',1763996000.0);
INSERT INTO scene_state VALUES('alice','library',2,'{"version":2,"query":"internals","selectedID":9,"showsOnlySelected":false}',1763995000.25);
INSERT INTO scene_state VALUES('bob','half-written',2,'{"version":2,"query":"inter',1764001500.0);
INSERT INTO scene_state VALUES('bob','reader/window-2',4,'{"version":4,"minReaderVersion":3,"query":"systems","selectedID":12,"showsOnlySelected":false,"viewport":null,"sortOrder":"title"}',1764001000.0);
INSERT INTO scene_state VALUES('carol','fenêtre ✦ 2',5,'{"version":5,"query":"programming","panes":{"detail":"open"},"selection":{"ids":[4,17]}}',1764003000.0);
INSERT INTO scene_state VALUES('default','inspector',1,'{"query":"programming","selectedID":4}',1763990000.0);
INSERT INTO scene_state VALUES('default','main',3,'{"version":3,"query":"","selectedID":8,"showsOnlySelected":false,"viewport":{"anchorID":10,"offset":0.25,"before":[9,8,7],"after":[11,12,13]}}',1764000000.5);
INSERT INTO scene_state VALUES('default','sidebar',1,'{"query":"dune","selectedID":7,"colour":"blue"}',1763991000.0);
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
INSERT INTO quarantine VALUES(1,'bob','broken',3,X'7b2276657273696f6e223a332c227175657279223a34327d','field "query" must be a string, got 42','unreadable',1763000000.0,1764002000.0);
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
INSERT INTO shelf_snapshot VALUES(1,'alice','to-read',1,'{"version":1,"books":[{"id":3,"title":"Structure and Interpretation of Computer Programs","revision":2},{"id":16,"title":"The Little Schemer","revision":1}],"fetchedAt":1764000000,"drafts":[{"bookID":16,"baseRevision":1,"proposedTitle":"The Little Schemer (4th ed.)"}]}',2,1764000000.0,1764000100.0);
CREATE INDEX quarantine_by_scene ON quarantine (account, scene);
CREATE INDEX shelf_snapshot_by_shelf ON shelf_snapshot (account, shelf, id);
COMMIT;
