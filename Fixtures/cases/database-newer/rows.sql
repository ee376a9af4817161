-- A record the newer release wrote; this build must neither read nor change it.
INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES
 ('default', 'main', 3, '{"version": 3, "query": "programming", "selectedID": 4, "showsOnlySelected": false, "viewport": null}', 1764000000.0);
