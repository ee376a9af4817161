/// `store_meta` as an export writes it: its keys hash names under the source's own random key
/// (`Store.fenceKey()`), which the export must not carry, so each is hashed again, with the
/// exported names, under a new random key.
///
/// A key of a name the source no longer holds (a purged account's generation) cannot be
/// rehashed and gets a random one; a key this build does not know keeps what precedes its
/// first `:` and the rest is hashed; a key without `:` is a fixed name and is kept. Values (sign-out
/// generations, times, counters) are kept, except the source's key, which is replaced.
struct StoreMetaRedaction {
    private let names: ExportNames
    private let newFenceKey = Int64.random(in: .min ... .max)
    private var rehashed: [String: String] = [:]

    init(source: Store, names: ExportNames) throws {
        self.names = names
        guard let sourceKey = try source.fenceKey() else { return }
        let database = source.database
        // By the names' bytes, as the keys hash them: a set of Swift strings called two spellings
        // of one name (`café` composed and decomposed) one, and the other's rows were exported
        // under random keys (its sign-out generation read as 0 in the export).
        var accounts: Set<ExactText> = []
        var scenes: Set<[ExactText]> = []
        let tables = try database.tableNames()
        for table in ["scene_state", "record_history", "record_build", "quarantine", "restore_mark"] where tables.contains(table) {
            try database.forEachRow("SELECT DISTINCT account, scene FROM \(table)") { row in
                let pair = [row.string(0) ?? "", row.string(1) ?? ""]
                accounts.insert(ExactText(pair[0]))
                scenes.insert(pair.map(ExactText.init))
            }
        }
        if tables.contains("shelf_snapshot") {
            try database.forEachRow("SELECT DISTINCT account FROM shelf_snapshot") { accounts.insert(ExactText($0.string(0) ?? "")) }
        }
        for account in accounts.map(\.text) {
            rehashed[Store.hashedKey(Self.generationPrefix, [account], fenceKey: sourceKey)] =
                Store.hashedKey(Self.generationPrefix, [names.hashed(account)], fenceKey: newFenceKey)
        }
        for scene in scenes.map({ $0.map(\.text) }) {
            rehashed[Store.hashedKey(Self.sceneUsePrefix, scene, fenceKey: sourceKey)] =
                Store.hashedKey(Self.sceneUsePrefix, scene.map(names.hashed), fenceKey: newFenceKey)
        }
    }

    /// Copies every row of `store_meta`; returns the number of rows.
    func copy(from source: Database, to target: Database) throws -> Int {
        var rows = 0
        try source.forEachRow("SELECT key, value FROM store_meta") { row in
            let key = row.string(0) ?? ""
            let value = key == Store.fenceKeyName ? .integer(newFenceKey) : row.value(1)
            try target.execute("INSERT INTO store_meta (key, value) VALUES (?, ?)", [.text(exportedKey(key)), value])
            rows += 1
        }
        return rows
    }

    private func exportedKey(_ key: String) -> String {
        if let known = rehashed[key] { return known }
        guard let colon = key.firstIndex(of: ":") else { return key }
        let prefix = String(key[...colon])
        if prefix == Self.generationPrefix || prefix == Self.sceneUsePrefix { return prefix + names.unlinkable() }
        return prefix + names.hashed(String(key[key.index(after: colon)...]))
    }

    private static let generationPrefix = "account_generation:"
    private static let sceneUsePrefix = "scene_used:"
}
