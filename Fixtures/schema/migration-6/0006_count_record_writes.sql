-- readable-by: 4
-- writable-by: 4
-- A schema 6 that releases of schema 4 and 5 keep reading and writing (the additive kind): how
-- many times each record was written since this migration, in a table of its own. It models a
-- release newer than this build (which knows migrations 1–5).
--
-- Additive: a new table, its index and triggers, nothing else. Older builds never write this
-- table, so the triggers keep it right whoever writes a record: one row per record, counted at
-- each insert and update. A record's row goes with the record (a foreign key with ON DELETE
-- CASCADE; every connection of this project runs foreign_keys=ON), so an older build's discard,
-- purge and prune leave nothing of a scene or an account behind.
CREATE TABLE record_write (
    account TEXT    NOT NULL,
    scene   TEXT    NOT NULL,
    kind    TEXT    NOT NULL,
    writes  INTEGER NOT NULL,
    PRIMARY KEY (account, scene, kind),
    FOREIGN KEY (account, scene, kind) REFERENCES scene_state (account, scene, kind) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX record_write_by_writes ON record_write (writes);
INSERT INTO record_write (account, scene, kind, writes) SELECT account, scene, kind, 0 FROM scene_state;

CREATE TRIGGER record_write_on_insert AFTER INSERT ON scene_state
BEGIN
    INSERT INTO record_write (account, scene, kind, writes)
    SELECT NEW.account, NEW.scene, NEW.kind, 0
    WHERE NOT EXISTS (SELECT 1 FROM record_write WHERE account = NEW.account AND scene = NEW.scene AND kind = NEW.kind);
    UPDATE record_write SET writes = writes + 1 WHERE account = NEW.account AND scene = NEW.scene AND kind = NEW.kind;
END;

CREATE TRIGGER record_write_on_update AFTER UPDATE ON scene_state
BEGIN
    UPDATE record_write SET writes = writes + 1 WHERE account = NEW.account AND scene = NEW.scene AND kind = NEW.kind;
END;
