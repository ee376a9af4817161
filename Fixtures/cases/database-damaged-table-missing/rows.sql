INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES ('default', 'main', 3, '{"version":3,"query":"swift","selectedID":1}', 1767225600.0);
DROP TABLE scene_state;
