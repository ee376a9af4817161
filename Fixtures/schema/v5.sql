-- restorectl state database at schema version 5 with realistic rows: Fixtures/schema/v4.sql migrated
-- by `restorectl migrate`, then build stamps (record_build) for four records and history rows
-- (record_history): two earlier catalog records of default/main by two builds, an earlier notes
-- record without a stamp, an earlier reader record, and the history of alice's quarantined zones
-- record (kept while its quarantine entry is), inserted with sqlite3 (each stamp at its record's
-- updated_at), then `sqlite3 x .dump`
-- (application_id and user_version set explicitly).
PRAGMA foreign_keys=OFF;
PRAGMA application_id=1381192771;
PRAGMA user_version=5;
BEGIN TRANSACTION;
CREATE TABLE schema_history (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TEXT NOT NULL
, readable_by INTEGER, writable_by INTEGER);
INSERT INTO schema_history VALUES(1,'0001_create_scene_state.sql','72790f953358d6af1bd6f9ca1f3a7e8230cdea7f486d6094a8c1126198e60c1b','2026-11-29T16:04:59.284Z',NULL,NULL);
INSERT INTO schema_history VALUES(2,'0002_add_quarantine_snapshots_and_restore_marks.sql','69b430a6770c46edbe2488b5dbc269328e63d1bd19f1e09838c1280acc5b8777','2026-11-29T16:04:59.284Z',NULL,NULL);
INSERT INTO schema_history VALUES(3,'0003_upgrade_catalog_records.sql','e243a6ea7fada4bfa3b6aa71e71c974014fa5ebebf0b597fcad7c3f195113a16','2026-11-29T16:04:59.285Z',NULL,NULL);
INSERT INTO schema_history VALUES(4,'0004_add_record_kinds.sql','011b3b9ddb275586077fcff29c8a5cad93d8d1dd8273fb5c231225d748e8a2fe','2026-11-30T23:43:38.063Z',NULL,NULL);
INSERT INTO schema_history VALUES(5,'0005_add_record_history_and_build_stamps.sql','f37981f85110d55cf182631c9ed15e35f276215d81b5db125ba4dd31b0a8c305','2026-12-02T06:32:36.269Z',4,4);
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
INSERT INTO quarantine VALUES(1,'bob','broken',3,X'7b2276657273696f6e223a332c227175657279223a34327d','field "query" must be a string, got 42','unreadable',1763000000.0,1764002000.0,'catalog');
INSERT INTO quarantine VALUES(2,'alice','shelf-view',3,X'7b2276657273696f6e223a332c227175657279223a22222c2273656c65637465644944223a322c2273686f77734f6e6c7953656c6563746564223a66616c73652c2276696577706f7274223a7b22616e63686f724944223a322c226f6666736574223a302e352c226265666f7265223a5b315d2c226166746572223a5b332c342c355d7d7d','restoring this record did not complete: the app stopped before the restore finished','restore-crashed',1764004500.0,1764005000.0,'catalog');
INSERT INTO quarantine VALUES(3,'alice','sidebar',1,X'7b2276657273696f6e223a312c2273656c65637465645a6f6e654944223a377d','field "selectedZoneID": expected a string, got integer 7','unreadable',1764011000.0,1764011100.0,'zones');
CREATE TABLE store_meta (
    key   TEXT PRIMARY KEY,
    value INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO store_meta VALUES('consecutive_crashed_launches',0);
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
INSERT INTO shelf_snapshot VALUES(1,'alice','to-read',1,'{"version":1,"books":[{"id":3,"title":"Structure and Interpretation of Computer Programs","revision":2},{"id":16,"title":"The Little Schemer","revision":1}],"fetchedAt":1764000000,"drafts":[{"bookID":16,"baseRevision":1,"proposedTitle":"The Little Schemer (4th ed.)"}]}',2,1764000000.0,1764000100.0,NULL,NULL);
INSERT INTO shelf_snapshot VALUES(2,'alice','to-read',1,'{"version":1,"books":[{"id":3,"title":"Structure and Interpretation of Computer Programs","revision":2},{"id":16,"title":"The Little Schemer (4th ed.)","revision":2}],"fetchedAt":1764005000,"drafts":[]}',2,1764005000.0,1764005100.0,NULL,NULL);
INSERT INTO shelf_snapshot VALUES(3,'alice','to-read',3,'{"version":3,"minReaderVersion":2,"query":"","books":[],"fetchedAt":1764013000,"drafts":[],"sort":"title"}',0,1764013000.0,1764013100.0,2,NULL);
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
INSERT INTO scene_state VALUES('alice','O''Brien''s "reading" window','catalog',3,NULL,'{"version":3,"query":"the","selectedID":null,"showsOnlySelected":false,"viewport":null}',1763996000.0);
INSERT INTO scene_state VALUES('alice','library','catalog',3,NULL,'{"version":3,"query":"internals","selectedID":9,"showsOnlySelected":false,"viewport":null}',1763995000.25);
INSERT INTO scene_state VALUES('alice','library','notes',1,NULL,'{"version":1,"query":"wal","selectedNoteID":4}',1764010000.0);
INSERT INTO scene_state VALUES('alice','library','zones',1,NULL,'{"version":1,"selectedZoneID":"europe-paris"}',1764010001.0);
INSERT INTO scene_state VALUES('bob','reader/window-2','catalog',4,3,'{"version":4,"minReaderVersion":3,"query":"systems","selectedID":12,"showsOnlySelected":false,"viewport":null,"sortOrder":"title"}',1764001000.0);
INSERT INTO scene_state VALUES('bob','reader/window-2','notes',2,NULL,'{"version":2,"query":"future","pinned":[1,2]}',1764010003.0);
INSERT INTO scene_state VALUES('bob','reader/window-2','reader',2,1,'{"version":2,"minReaderVersion":1,"bookID":7,"page":12,"fontScale":1.25}',1764010002.4999999999);
INSERT INTO scene_state VALUES('carol','fenêtre ✦ 2','catalog',5,NULL,'{"version":5,"query":"programming","panes":{"detail":"open"},"selection":{"ids":[4,17]}}',1764003000.0);
INSERT INTO scene_state VALUES('default','drafts','catalog',2,NULL,'{"version":2,"query":"","selectedID":6,"showsOnlySelected":true}',1764004000.0);
INSERT INTO scene_state VALUES('default','inspector','catalog',3,NULL,'{"version":3,"query":"programming","selectedID":4,"showsOnlySelected":false,"viewport":null}',1763990000.0);
INSERT INTO scene_state VALUES('default','main','catalog',3,NULL,'{"version":3,"query":"","selectedID":8,"showsOnlySelected":false,"viewport":{"anchorID":10,"offset":0.25,"before":[9,8,7],"after":[11,12,13]}}',1764000000.5);
INSERT INTO scene_state VALUES('default','sidebar','catalog',3,NULL,'{"version":3,"query":"dune","selectedID":7,"showsOnlySelected":false,"viewport":null,"colour":"blue"}',1763991000.0);
CREATE TABLE IF NOT EXISTS "restore_mark" (
    account    TEXT NOT NULL,
    scene      TEXT NOT NULL,
    kind       TEXT NOT NULL DEFAULT 'catalog',
    started_at REAL NOT NULL,
    PRIMARY KEY (account, scene, kind)
) WITHOUT ROWID;
INSERT INTO restore_mark VALUES('alice','library','notes',1764012000.0);
CREATE TABLE record_build (
    account    TEXT NOT NULL,
    scene      TEXT NOT NULL,
    kind       TEXT NOT NULL,
    build      TEXT NOT NULL CHECK (length(build) BETWEEN 1 AND 256),
    updated_at REAL NOT NULL,
    PRIMARY KEY (account, scene, kind),
    FOREIGN KEY (account, scene, kind) REFERENCES scene_state (account, scene, kind) ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO record_build VALUES('alice','library','notes','1.5.0 (840)',1764010000.0);
INSERT INTO record_build VALUES('bob','reader/window-2','reader','1.4.2 (812)',1764010002.4999999999);
INSERT INTO record_build VALUES('default','main','catalog','1.5.0 (840)',1764000000.5);
INSERT INTO record_build VALUES('default','sidebar','catalog','1.5.0 (840)',1763991000.0);
CREATE TABLE record_history (
    id                 INTEGER PRIMARY KEY,
    account            TEXT    NOT NULL,
    scene              TEXT    NOT NULL,
    kind               TEXT    NOT NULL,
    version            INTEGER NOT NULL,
    min_reader_version INTEGER,
    payload            TEXT    NOT NULL,
    updated_at         REAL    NOT NULL,
    build              TEXT,
    replaced_at        REAL    NOT NULL
);
INSERT INTO record_history VALUES(1,'default','main','catalog',3,NULL,'{"version":3,"query":"","selectedID":5,"showsOnlySelected":false,"viewport":null}',1763998000.0,'1.4.1 (790)',1763999000.0);
INSERT INTO record_history VALUES(2,'default','main','catalog',3,NULL,'{"version":3,"query":"lisp","selectedID":3,"showsOnlySelected":false,"viewport":null}',1763999000.0,'1.4.2 (812)',1764000000.5);
INSERT INTO record_history VALUES(3,'alice','library','notes',1,NULL,'{"version":1,"query":"btree","selectedNoteID":2}',1764009000.0,NULL,1764010000.0);
INSERT INTO record_history VALUES(4,'bob','reader/window-2','reader',1,NULL,'{"version":1,"bookID":7,"page":3}',1764005000.0,'1.4.1 (790)',1764010002.4999999999);
INSERT INTO record_history VALUES(5,'alice','sidebar','zones',1,NULL,'{"version":1,"selectedZoneID":"asia-tokyo"}',1764006000.0,'1.4.2 (812)',1764007000.0);
CREATE INDEX shelf_snapshot_by_shelf ON shelf_snapshot (account, shelf, id);
CREATE INDEX quarantine_by_scene ON quarantine (account, scene, kind);
CREATE INDEX record_history_by_record ON record_history (account, scene, kind, id);
CREATE TRIGGER record_history_dropped_with_record AFTER DELETE ON scene_state
WHEN NOT EXISTS (SELECT 1 FROM quarantine WHERE account = OLD.account AND scene = OLD.scene AND kind = OLD.kind)
BEGIN
    DELETE FROM record_history WHERE account = OLD.account AND scene = OLD.scene AND kind = OLD.kind;
END;
CREATE TRIGGER record_history_dropped_with_quarantine AFTER DELETE ON quarantine
WHEN NOT EXISTS (SELECT 1 FROM scene_state WHERE account = OLD.account AND scene = OLD.scene AND kind = OLD.kind)
 AND NOT EXISTS (SELECT 1 FROM quarantine WHERE account = OLD.account AND scene = OLD.scene AND kind = OLD.kind)
BEGIN
    DELETE FROM record_history WHERE account = OLD.account AND scene = OLD.scene AND kind = OLD.kind;
END;
COMMIT;
