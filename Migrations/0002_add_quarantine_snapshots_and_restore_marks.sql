-- Records this build could not use, moved aside with their raw bytes and the reason,
-- never deleted: `restorectl quarantine restore|drop` acts on them deliberately.
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
CREATE INDEX quarantine_by_scene ON quarantine (account, scene);

-- Crash-loop guard: a mark is committed before a scene's record is applied and removed when the
-- restore completes. A mark found at launch means the previous restore of that scene crashed.
CREATE TABLE restore_mark (
    account    TEXT NOT NULL,
    scene      TEXT NOT NULL,
    started_at REAL NOT NULL,
    PRIMARY KEY (account, scene)
) WITHOUT ROWID;

-- Small durable counters (for example consecutive crashed launches).
CREATE TABLE store_meta (
    key   TEXT PRIMARY KEY,
    value INTEGER NOT NULL
) WITHOUT ROWID;

-- A shelf's last successful contents and open drafts, newest last; the last few are kept.
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
CREATE INDEX shelf_snapshot_by_shelf ON shelf_snapshot (account, shelf, id);
