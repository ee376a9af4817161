-- Undecodable records written directly (save refuses every one of them), beside a healthy one.
INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES
 ('default', 'main', 3, '{"version": 3, "query": "internals", "selectedID": 7, "showsOnlySelected": false, "viewport": {"anchorID": 9, "offset": 0.5, "before": [7], "after": []}}', 1764000000.0),
 ('default', 'wrong-type', 3, '{"version": 3, "query": 42, "selectedID": 1, "showsOnlySelected": false, "viewport": null}', 1764000001.0),
 ('default', 'not-an-object', 1, '["query", "programming", "selectedID", 4]', 1764000002.0),
 ('default', 'invalid-json', 3, '{"version": 3, "query": "programming", "selectedID": 4,', 1764000003.0),
 ('default', 'version-string', 1, '{"version": "3", "query": "", "selectedID": null}', 1764000004.0);
