-- readable-by: 4
-- writable-by: 4
-- Record history and the app build that wrote each record. Additive: releases of schema 4 keep
-- reading and writing the file, and nothing here can refuse or undo one of their writes.
--
-- The build that wrote a record (`DatabaseConfiguration.appBuild`, for example "1.4.2 (812)")
-- lives beside the record, not in a new column: an older build's save knows nothing of it. A
-- stamp holds the `updated_at` of the record it stamps and counts only while the record still
-- has that time, so an older build's save (a new time) leaves no wrong stamp behind, and no
-- trigger makes every save pay for clearing one. A stamp goes with its record (ON DELETE
-- CASCADE; every connection of this project runs foreign_keys=ON); no code changes a record's
-- key columns.
CREATE TABLE record_build (
    account    TEXT NOT NULL,
    scene      TEXT NOT NULL,
    kind       TEXT NOT NULL,
    build      TEXT NOT NULL CHECK (length(build) BETWEEN 1 AND 256),
    updated_at REAL NOT NULL,
    PRIMARY KEY (account, scene, kind),
    FOREIGN KEY (account, scene, kind) REFERENCES scene_state (account, scene, kind) ON DELETE CASCADE
) WITHOUT ROWID;

-- Earlier records of kinds that keep history (`RestorableState.historyDepth` above 0), oldest first
-- by id: each row is a record as it was stored before a save or a rollback replaced it, with
-- the build that had written it (NULL: no stamp counted) and when it was replaced.
-- A build of this schema writes and trims it; rollback puts a row back as the record.
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
CREATE INDEX record_history_by_record ON record_history (account, scene, kind, id);

-- A record's history goes when the record does (discard, sign-out, purge, prune, expiry, by
-- any build), except when the record moved to the quarantine: a release that wrote state it
-- cannot read is what rollback repairs. It goes when the last quarantine entry of that record
-- does, unless the record is back by then.
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
