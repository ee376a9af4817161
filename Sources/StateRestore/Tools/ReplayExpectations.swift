import JSON
import StateStore

/// What a replay of a file should find, scene by scene: the expectations file of
/// `restorectl replay --expect FILE` (and `--record FILE`), a regression test of a field report.
///
/// Each scene is one record of the file, in the order of account, then scene, then kind, each
/// compared byte by byte as UTF-8 (SQLite's `BINARY` order, the replay's): for a restored one
/// its report's codes and the restored state as JSON, for one the tool cannot restore, why. A
/// report's details are not compared (they quote the state's strings). The file:
///
/// ```json
/// {"scenes": [{"account": "default", "scene": "main", "kind": "catalog",
///              "codes": ["selection-cleared"], "state": {"version": 3, …}},
///             {"account": "default", "scene": "mail", "kind": "inbox", "notRestored": "…"}]}
/// ```
package struct ReplayExpectations: Equatable, Sendable {
    /// One scene's outcome.
    package struct Scene: Equatable, Sendable {
        /// The account, scene and kind of the record, as stored (an export's hashes).
        package var account: String, scene: String, kind: String
        /// The report's codes, in order; nil when the record was not restored.
        package var codes: [String]?
        /// The restored state; nil when the record was not restored.
        package var state: JSONValue?
        /// Why the record was not restored; nil when it was.
        package var notRestored: String?

        /// The scene as messages name it, with its kind: `scene "…" of account "…" (catalog)`.
        package var name: String {
            "scene \(StoreNames.quoted(scene)) of account \(StoreNames.quoted(account)) (\(kind))"
        }

        var sortKey: [[UInt8]] { ReplayExpectations.order(account: account, scene: scene, kind: kind) }
    }

    /// A scene whose outcome differs, with one line per difference.
    package struct Difference: Equatable, Sendable {
        /// The scene, as ``Scene/name`` names it.
        package var scene: String
        /// The account, scene and kind of the record, as stored (an export's hashes).
        package var account: String, storedScene: String, kind: String
        /// What differs: the codes, each path of the state, or a scene missing on one side.
        package var lines: [String]

        init(_ scene: Scene, lines: [String]) {
            self.scene = scene.name
            account = scene.account
            storedScene = scene.scene
            kind = scene.kind
            self.lines = lines
        }
    }

    /// The scenes, in the replay's order.
    package var scenes: [Scene]

    /// The expectations `outcome` meets, each record not restored with the reason `reason`
    /// gives.
    package init(_ outcome: ReplayOutcome, notRestoredBecause reason: (StoredRecordSummary) -> String) {
        let restored = outcome.restored.map {
            Scene(account: $0.key.account, scene: $0.key.scene, kind: $0.kind, codes: $0.report.map(\.code.rawValue), state: $0.state)
        }
        let skipped = outcome.notRestored.map { Scene(account: $0.account, scene: $0.scene, kind: $0.kind, notRestored: reason($0)) }
        scenes = (restored + skipped).sorted { Self.precedes($0.sortKey, $1.sortKey) }
    }

    /// The expectations an expectations file's JSON holds.
    ///
    /// - Throws: ``RestoreError/invalidField(field:reason:)`` naming what is malformed.
    package init(json: JSONValue) throws(RestoreError) {
        guard case .array(let list)? = json["scenes"] else { throw .invalidField(field: "scenes", reason: "must be an array of scenes") }
        var scenes: [Scene] = []
        for (index, value) in list.enumerated() {
            func string(_ key: String) throws(RestoreError) -> String {
                guard case .string(let text)? = value[key] else { throw .invalidField(field: "scenes[\(index)].\(key)", reason: "must be a string") }
                return text
            }
            var scene = Scene(account: try string("account"), scene: try string("scene"), kind: try string("kind"))
            if value["notRestored"] != nil {
                scene.notRestored = try string("notRestored")
            } else {
                guard case .array(let codes)? = value["codes"], let state = value["state"] else {
                    throw .invalidField(field: "scenes[\(index)]", reason: "needs \"codes\" and \"state\", or \"notRestored\"")
                }
                scene.codes = try codes.map { code throws(RestoreError) in
                    guard case .string(let text) = code else { throw .invalidField(field: "scenes[\(index)].codes", reason: "must be strings") }
                    return text
                }
                scene.state = state
            }
            scenes.append(scene)
        }
        self.scenes = scenes
    }

    /// The expectations file's JSON.
    package var json: JSONValue {
        .object([
            "scenes": .array(
                scenes.map { scene in
                    var object: JSONObject = ["account": .string(scene.account), "scene": .string(scene.scene), "kind": .string(scene.kind)]
                    if let reason = scene.notRestored {
                        object["notRestored"] = .string(reason)
                    } else {
                        object["codes"] = .array((scene.codes ?? []).map(JSONValue.string))
                        object["state"] = scene.state ?? .null
                    }
                    return .object(object)
                })
        ])
    }

    /// The expectations file's text, as `--record` and an app's replay kit write it: indented,
    /// keys sorted, a final newline.
    package var fileText: String {
        json.encoded(pretty: true, sortedKeys: true) + "\n"
    }

    /// How these outcomes differ from `expected`, scene by scene in the replay's order; empty
    /// when every scene's outcome is the expected one.
    package func differences(from expected: ReplayExpectations) -> [Difference] {
        // By bytes: two spellings of one name (`café` composed and decomposed) are two scenes.
        let expectedByKey = Dictionary(expected.scenes.map { ($0.sortKey, $0) }, uniquingKeysWith: { first, _ in first })
        let actualKeys = Set(scenes.map(\.sortKey))
        var differences: [Difference] = []
        for scene in scenes {
            guard let wanted = expectedByKey[scene.sortKey] else {
                differences.append(Difference(scene, lines: ["not in the expectations (record it, or add it)"]))
                continue
            }
            var lines: [String] = []
            switch (wanted.notRestored, scene.notRestored) {
            case (nil, nil):
                if wanted.codes != scene.codes {
                    lines.append("codes: expected \(Self.list(wanted.codes)), got \(Self.list(scene.codes))")
                }
                lines += JSONDifference.lines(expected: wanted.state ?? .null, actual: scene.state ?? .null)
            case (let reason?, nil): lines.append("expected not restored (\(reason)), but it was restored")
            case (nil, let reason?): lines.append("expected restored, but it was not: \(reason)")
            case (let wantedReason?, let reason?) where wantedReason != reason: lines.append("not restored: expected \(wantedReason), got \(reason)")
            default: break
            }
            if !lines.isEmpty { differences.append(Difference(scene, lines: lines)) }
        }
        for scene in expected.scenes where !actualKeys.contains(scene.sortKey) {
            differences.append(Difference(scene, lines: ["expected, but the file holds no such record"]))
        }
        return differences
    }

    private static func list(_ codes: [String]?) -> String {
        "[" + (codes ?? []).joined(separator: ", ") + "]"
    }

    /// Where the record of `kind` of `scene` of `account` stands in the replay's order: by
    /// account, scene and kind, each by its bytes, as ``precedes(_:_:)`` compares them.
    package static func order(account: String, scene: String, kind: String) -> [[UInt8]] {
        [Array(account.utf8), Array(scene.utf8), Array(kind.utf8)]
    }

    /// Whether `left` comes before `right` in the replay's order (``order(account:scene:kind:)``).
    package static func precedes(_ left: [[UInt8]], _ right: [[UInt8]]) -> Bool {
        for (a, b) in zip(left, right) where a != b { return a.lexicographicallyPrecedes(b) }
        return false
    }
}
