-- Another program's SQLite database (a notes app): its own application_id and tables.
PRAGMA application_id=1313817684;
PRAGMA user_version=7;
BEGIN TRANSACTION;
CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL);
INSERT INTO notes VALUES(1,'Groceries','milk, eggs, coffee','2025-11-02T09:15:00Z');
INSERT INTO notes VALUES(2,'Reading list','SICP; The Little Schemer','2025-11-03T18:40:00Z');
CREATE TABLE tags (note_id INTEGER NOT NULL REFERENCES notes(id), tag TEXT NOT NULL, PRIMARY KEY (note_id, tag));
INSERT INTO tags VALUES(2,'books');
COMMIT;
