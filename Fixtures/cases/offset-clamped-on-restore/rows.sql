-- Records save refuses, written directly as an older or buggy writer might have.
INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES
 ('default', 'above-one', 3, '{"version": 3, "query": "", "selectedID": null, "showsOnlySelected": false, "viewport": {"anchorID": 5, "offset": 1.75, "before": [4, 3, 2], "after": [6, 7, 8]}}', 1764000000.0),
 ('default', 'below-zero', 3, '{"version": 3, "query": "", "selectedID": null, "showsOnlySelected": false, "viewport": {"anchorID": 5, "offset": -0.5, "before": [4, 3, 2], "after": [6, 7, 8]}}', 1764000001.0),
 ('default', 'infinite', 3, '{"version": 3, "query": "", "selectedID": null, "showsOnlySelected": false, "viewport": {"anchorID": 5, "offset": 1e999, "before": [4, 3, 2], "after": [6, 7, 8]}}', 1764000002.0),
 ('default', 'too-many-neighbours', 3, '{"version": 3, "query": "", "selectedID": null, "showsOnlySelected": false, "viewport": {"anchorID": 9, "offset": 0.5, "before": [8, 7, 6, 5], "after": [10, 11, 12, 13]}}', 1764000003.0);
