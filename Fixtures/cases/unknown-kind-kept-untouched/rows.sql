INSERT INTO scene_state (account, scene, kind, version, min_reader_version, payload, updated_at)
VALUES ('default', 'main', 'reader', 2, NULL, '{"version":2,"bookID":7,"page":12,"fontSize":1.5}', 1764000000.0),
       ('default', 'main', 'catalog', 3, NULL, '{"version":3,"query":"","selectedID":4,"showsOnlySelected":false,"viewport":null}', 1764000001.0);
