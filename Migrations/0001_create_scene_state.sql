-- Per-window (scene) view state, one versioned record per account and scene.
CREATE TABLE scene_state (
    account    TEXT    NOT NULL CHECK (length(CAST(account AS BLOB)) BETWEEN 1 AND 1024),
    scene      TEXT    NOT NULL CHECK (length(CAST(scene AS BLOB)) BETWEEN 1 AND 1024),
    version    INTEGER NOT NULL CHECK (version >= 1),
    payload    TEXT    NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (account, scene)
) WITHOUT ROWID;
