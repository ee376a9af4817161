-- Records whose restore outcome does not depend on the strings an export replaces: empty
-- catalog queries (a query filters by title), no selection by a string ID, the personal strings
-- in fields the outcome does not read. Loaded into a database of the latest schema.
INSERT INTO scene_state (account, scene, kind, version, min_reader_version, payload, updated_at) VALUES
 ('anne@example.org', 'exact', 'catalog', 3, NULL, '{"version":3,"query":"","selectedID":2,"showsOnlySelected":false,"viewport":{"anchorID":3,"offset":0.5,"before":[2],"after":[5]},"note":"chez Anne, rue Dauphine"}', 1700000000),
 ('anne@example.org', 'upgraded-selection-gone', 'catalog', 1, NULL, '{"query":"","selectedID":4}', 1700000001),
 ('anne@example.org', 'anchor-deleted', 'catalog', 3, NULL, '{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":{"anchorID":4,"offset":0.25,"before":[3],"after":[5]}}', 1700000002),
 ('anne@example.org', 'newer-readable', 'catalog', 4, 3, '{"version":4,"minReaderVersion":3,"query":"","selectedID":1,"showsOnlySelected":false,"viewport":null,"shelfColour":"vert bouteille"}', 1700000003),
 ('anne@example.org', 'newer-unreadable', 'catalog', 5, NULL, '{"version":5,"layout":"grille de Pierre"}', 1700000004),
 ('anne@example.org', 'wrong-type', 'catalog', 3, NULL, '{"version":3,"query":7,"secret":"Pierre Berger"}', 1700000005),
 ('pierre@example.org', 'notes-gone', 'notes', 1, NULL, '{"version":1,"query":"Trouville-sur-Mer","selectedNoteID":9}', 1700000006),
 ('pierre@example.org', 'notes-kept', 'notes', 1, NULL, '{"version":1,"query":"carnet de Pierre","selectedNoteID":2}', 1700000007),
 ('pierre@example.org', 'notes-not-json', 'notes', 1, NULL, '{"version":1,"query":"carnet interrompu', 1700000008),
 ('pierre@example.org', 'zones-none', 'zones', 1, NULL, '{"version":1,"selectedZoneID":null}', 1700000009),
 ('pierre@example.org', 'inbox-older', 'inbox', 1, NULL, '{"version":1,"search":"lettres de Pierre","sort":"sender"}', 1700000010),
 ('pierre@example.org', 'inbox-current', 'inbox', 2, 2, '{"version":2,"minReaderVersion":2,"query":"factures","selectedID":null,"sort":"sender","filters":{"flaggedOnly":true,"unreadOnly":false}}', 1700000011),
 ('pierre@example.org', 'unknown-kind', 'reader', 1, NULL, '{"version":1,"bookTitle":"Les Mandarins"}', 1700000012);
