-- restorectl state database at schema version 1 with realistic rows: made by
-- `restorectl migrate --db x --to 1`, inserting rows with sqlite3, then `sqlite3 x .dump`.
-- .dump omits the header fields, so they are set explicitly (application_id is "RSTC").
PRAGMA foreign_keys=OFF;
PRAGMA application_id=1381192771;
PRAGMA user_version=1;
BEGIN TRANSACTION;
CREATE TABLE schema_history (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
INSERT INTO schema_history VALUES(1,'0001_create_scene_state.sql','72790f953358d6af1bd6f9ca1f3a7e8230cdea7f486d6094a8c1126198e60c1b','2026-11-29T15:51:07.785Z');
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
INSERT INTO scene_state VALUES('default','inspector',1,'{"query":"programming","selectedID":4}',1763990000.0);
INSERT INTO scene_state VALUES('default','main',3,'{"version":3,"query":"","selectedID":8,"showsOnlySelected":false,"viewport":{"anchorID":10,"offset":0.25,"before":[9,8,7],"after":[11,12,13]}}',1764000000.5);
COMMIT;
