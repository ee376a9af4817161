import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// One kind of write the power is cut during: a numbered series of steps, each acknowledged
/// when the library call returns, whose stored result says which step the file reached.
///
/// - `prepare` builds the starting file (step 0) with the ordinary VFS.
/// - `run` performs the steps through the power-cut VFS, acknowledging each, and closes
///   everything it opened, also when a step throws.
/// - `recoveredStep` reopens the file after the cut with the ordinary VFS and returns the step
///   whose state it holds, or nil (with an issue recorded) when it holds a state that never
///   existed. It also checks that the file can be written again.
enum PowerCutWorkload: Hashable, Sendable, CustomStringConvertible {
    /// `StateRestorer.save` of one scene, a checkpoint half way.
    case save
    /// Whole launches, one a step: open, `restore` (its crash-loop mark is the first write
    /// into the log the last close left empty), `completeRestore`, `save`, close.
    case launch
    /// Three scenes saved through a `CoalescingWriter` and `flush()`ed together, a checkpoint
    /// from a second connection half way.
    case coalescedFlush
    /// Opening a file at schema version `from` (0: no file yet), which migrates it to the latest.
    case migration(from: Int)
    /// `StateRestorer.saveShelf`, which keeps the newest three snapshots; a checkpoint half way.
    case shelfSnapshot
    /// `Store.quarantineRecord` of one scene after another.
    case quarantine
    /// `Store.purge(account:)` of one account after another (each ends in a checkpoint).
    case purge

    /// Every workload, with one migration workload per shipped migration.
    static var all: [PowerCutWorkload] {
        [.save, .launch, .coalescedFlush] + (0..<latestVersion).map { .migration(from: $0) } + [.shelfSnapshot, .quarantine, .purge]
    }

    static let latestVersion = (try? StateMigrations.makeMigrator().latestVersion) ?? 0

    var description: String {
        switch self {
        case .save: "save"
        case .launch: "launch"
        case .coalescedFlush: "coalesced-flush"
        case .migration(let from): "migration-from-\(from)"
        case .shelfSnapshot: "shelf-snapshot"
        case .quarantine: "quarantine"
        case .purge: "purge"
        }
    }

    /// The workload named `name` (its `description`), for seeds read from a file.
    init?(_ name: String) {
        guard let workload = Self.all.first(where: { $0.description == name }) else { return nil }
        self = workload
    }

    /// How many steps `run` acknowledges when nothing fails.
    var steps: Int {
        switch self {
        case .save: 8
        case .launch: 5
        case .coalescedFlush: 6
        case .migration: 1
        case .shelfSnapshot: 6
        case .quarantine: 5
        case .purge: 3
        }
    }

    // MARK: Data

    static let key = try! SceneKey(scene: "main")
    static let flushScenes = ["left", "middle", "right"].map { try! SceneKey(scene: $0) }
    /// Unknown fields carried by every saved record, so each save spans several pages.
    static let padding: JSONObject = ["notes": .string(String(repeating: "power cut ", count: 600))]
    static let accounts = ["a1", "a2", "a3", "a4"]

    static func catalogState(_ step: Int) -> CatalogViewState {
        CatalogViewState(query: "step-\(step)", selectedID: step + 1, showsOnlySelected: step % 2 == 0)
    }

    static func shelf(_ step: Int) -> ShelfSnapshot {
        ShelfSnapshot(
            books: (1...150).map { ShelfBook(id: $0, title: "Book \($0) as of step \(step)", revision: step) },
            fetchedAt: Date(timeIntervalSince1970: Double(step))
        )
    }

    static func quarantinePayload(_ index: Int) -> String {
        #"{"query":"q\#(index)","rows":"\#(String(repeating: "\(index)", count: 3_000))"}"#
    }

    // MARK: Prepare

    func prepare(at path: String) throws {
        switch self {
        case .save, .launch, .shelfSnapshot:
            let restorer = StateRestorer(path: path)
            defer { try? restorer.close() }
            if self != .shelfSnapshot { try restorer.save(Self.catalogState(0), for: Self.key, carryingExactly: Self.padding, replacingNewer: false) }
        case .coalescedFlush:
            let restorer = StateRestorer(path: path)
            defer { try? restorer.close() }
            for scene in Self.flushScenes { try restorer.save(Self.catalogState(0), for: scene, carryingExactly: Self.padding, replacingNewer: false) }
        case .migration(let from):
            guard from > 0 else { return }
            let migrator = try StateMigrations.makeMigrator()
            let db = try Database(path: path)
            defer { db.close() }
            try migrator.migrate(db, upTo: 1)
            for index in 0..<40 {
                try db.execute(
                    "INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES (?, ?, 1, ?, 1)",
                    [.text("default"), .text("scene-\(index)"), .text(#"{"query":"row \#(index)","selectedID":\#(index)}"#)]
                )
            }
            try migrator.migrate(db, upTo: from)
        case .quarantine:
            let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
            defer { store.close() }
            for index in 1...steps {
                try store.saveRecord(Self.quarantinePayload(index), version: 3, account: "default", scene: "q\(index)", kind: "catalog")
            }
        case .purge:
            let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
            defer { store.close() }
            for account in Self.accounts {
                for scene in ["one", "two", "three", "bad"] {
                    try store.saveRecord(Self.quarantinePayload(scene.count), version: 3, account: account, scene: scene, kind: "catalog")
                }
                try store.quarantineRecord(account: account, scene: "bad", kind: "catalog", reason: .unreadable, error: "prepared")
                try store.saveSnapshot(#"{"account":"\#(account)"}"#, version: 1, account: account, collection: "home", rowCount: 0, fetchedAt: 1)
            }
        }
    }

    // MARK: Run

    func run(at path: String, configuration: DatabaseConfiguration, acknowledging acks: Acknowledgements) throws {
        switch self {
        case .save:
            let restorer = StateRestorer(path: path, configuration: configuration)
            defer { try? restorer.close() }
            for step in 1...steps {
                try restorer.save(Self.catalogState(step), for: Self.key, carryingExactly: Self.padding, replacingNewer: false)
                acks.acknowledge()
                if step == steps / 2 { try restorer.withStore { store, _ in try store?.checkpoint() } }
            }
        case .launch:
            for step in 1...steps {
                let restorer = StateRestorer(path: path, configuration: configuration)
                defer { try? restorer.close() }
                let restoration = restorer.restore(CatalogViewState.self, Self.key)
                guard restoration.state.query == Self.catalogState(step - 1).query else {
                    throw PowerCutWorkloadFailure("launch \(step) restored \"\(restoration.state.query)\": \(restoration.report)")
                }
                _ = restorer.completeRestore(restoration)
                try restorer.save(Self.catalogState(step), for: Self.key, carryingExactly: Self.padding, replacingNewer: false)
                acks.acknowledge()
            }
        case .coalescedFlush:
            let writer = try CoalescingWriter(path: path, window: .seconds(3_600), configuration: configuration, scheduler: ManualWriteScheduler())
            defer { try? writer.close() }
            let helper = try Store(path: path, configuration: configuration, migrator: StateMigrations.makeMigrator())
            defer { helper.close() }
            for step in 1...steps {
                for scene in Self.flushScenes { writer.save(Self.catalogState(step), for: scene, carrying: Self.padding) }
                try writer.flush()
                acks.acknowledge()
                if step == steps / 2 { try helper.checkpoint() }
            }
        case .migration:
            let store = try Store(path: path, configuration: configuration, migrator: StateMigrations.makeMigrator())
            acks.acknowledge()
            store.close()
        case .shelfSnapshot:
            let restorer = StateRestorer(path: path, configuration: configuration)
            defer { try? restorer.close() }
            for step in 1...steps {
                try restorer.saveShelf(Self.shelf(step), shelf: "home")
                acks.acknowledge()
                if step == steps / 2 { try restorer.withStore { store, _ in try store?.checkpoint() } }
            }
        case .quarantine:
            let store = try Store(path: path, configuration: configuration, migrator: StateMigrations.makeMigrator())
            defer { store.close() }
            for step in 1...steps {
                try store.quarantineRecord(account: "default", scene: "q\(step)", kind: "catalog", reason: .unreadable, error: "power-cut test")
                acks.acknowledge()
                if step == 2 { try store.checkpoint() }
            }
        case .purge:
            let store = try Store(path: path, configuration: configuration, migrator: StateMigrations.makeMigrator())
            defer { store.close() }
            for step in 1...steps {
                _ = try store.purge(account: Self.accounts[step - 1])
                acks.acknowledge()
            }
        }
    }

    // MARK: Check

    func recoveredStep(at path: String, after cut: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int? {
        func fail(_ problem: String) -> Int? {
            Issue.record("\(cut): \(problem)", sourceLocation: sourceLocation)
            return nil
        }
        switch self {
        case .save, .launch:
            let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
            defer { store.close() }
            guard let step = Self.step(of: try store.record(account: Self.key.account, scene: Self.key.scene, kind: "catalog")) else {
                return fail("the record is not one that was saved")
            }
            try store.saveRecord(#"{"query":"after"}"#, version: 3, account: "default", scene: "after", kind: "catalog")
            return step
        case .coalescedFlush:
            let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
            defer { store.close() }
            let steps = try Self.flushScenes.map { Self.step(of: try store.record(account: $0.account, scene: $0.scene, kind: "catalog")) }
            guard let first = steps.first ?? nil, steps.allSatisfy({ $0 == first }) else {
                return fail("the scenes of one flush hold different steps \(steps)")
            }
            try store.saveRecord(#"{"query":"after"}"#, version: 3, account: "default", scene: "after", kind: "catalog")
            return first
        case .migration(let from):
            return try recoveredMigration(from: from, at: path, fail: fail)
        case .shelfSnapshot:
            let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
            let kept = try store.snapshots(account: "default").map { Int($0.fetchedAt) }
            store.close()
            let newest = kept.first ?? 0
            guard kept == Array(stride(from: newest, to: max(newest - 3, 0), by: -1)) else {
                return fail("kept snapshots of steps \(kept)")
            }
            let restorer = StateRestorer(path: path)
            defer { try? restorer.close() }
            let restored = restorer.restoreShelf("home")
            guard restored.snapshot == (newest == 0 ? nil : Self.shelf(newest)) else {
                return fail("restored \(restored.snapshot.map { "\($0.books.count) books of \($0.fetchedAt)" } ?? "nothing"), report \(restored.report)")
            }
            try restorer.saveShelf(Self.shelf(99), shelf: "after")
            return newest
        case .quarantine:
            let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
            defer { store.close() }
            let quarantined = try store.quarantinedRecords()
            var moved: [Int] = []
            for index in 1...steps {
                let record = try store.record(account: "default", scene: "q\(index)", kind: "catalog")
                let entries = quarantined.filter { $0.scene == "q\(index)" }
                let expected = Data(Self.quarantinePayload(index).utf8)
                switch (record, entries.count) {
                case (let record?, 0) where record.payload == expected: break
                case (nil, 1) where entries[0].payload == expected: moved.append(index)
                default: return fail("q\(index) is \(record == nil ? "not" : "") in place and \(entries.count) times in the quarantine")
                }
            }
            guard moved == (0..<moved.count).map({ $0 + 1 }) else {
                return fail("quarantined \(moved), not the first steps")
            }
            if let entry = quarantined.first {
                try StateDatabase.restoreQuarantinedRecord(id: entry.id, in: store, replacing: true)
            } else {
                try store.quarantineRecord(account: "default", scene: "q1", kind: "catalog", reason: .unreadable, error: "after")
            }
            return moved.count
        case .purge:
            let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
            defer { store.close() }
            var purged: [Int] = []
            for (index, account) in Self.accounts.enumerated() {
                let counts = [
                    try store.database.fetchOne("SELECT count(*) FROM scene_state WHERE account = ?", [.text(account)]) { $0.int(0) } ?? -1,
                    try store.database.fetchOne("SELECT count(*) FROM quarantine WHERE account = ?", [.text(account)]) { $0.int(0) } ?? -1,
                    try store.database.fetchOne("SELECT count(*) FROM shelf_snapshot WHERE account = ?", [.text(account)]) { $0.int(0) } ?? -1,
                ]
                if counts == [0, 0, 0] {
                    purged.append(index + 1)
                } else if counts != [3, 1, 1] {
                    return fail("\(account) is partly purged: \(counts)")
                }
            }
            guard purged == (0..<purged.count).map({ $0 + 1 }), purged.count < Self.accounts.count else {
                return fail("purged accounts \(purged), not the first ones")
            }
            _ = try store.purge(account: Self.accounts[3])
            return purged.count
        }
    }

    /// Checks a file whose migration was cut: one whole schema version between `from` and the
    /// latest, every row, a whole backup if any, and it migrates again.
    private func recoveredMigration(from: Int, at path: String, fail: (String) -> Int?) throws -> Int? {
        let latest = Self.latestVersion
        let db = try Database(path: path)
        let version = try db.fetchOne("PRAGMA user_version") { $0.int(0) } ?? -1
        let schema = try Self.schema(of: db)
        let scenes = version >= 1 ? try db.fetchAll("SELECT scene FROM scene_state ORDER BY scene") { $0.string(0) ?? "" } : []
        db.close()
        guard (from...latest).contains(version) else { return fail("schema version \(version) outside \(from)…\(latest)") }
        guard schema == (try Self.referenceSchemas())[version] else { return fail("not exactly the schema of version \(version)") }
        let expectedScenes = from == 0 ? [] : (0..<40).map { "scene-\($0)" }.sorted()
        guard version == 0 || scenes == expectedScenes else { return fail("rows changed: \(scenes.count) scenes") }
        let backup = "\(path).backup-v\(from)"
        if from > 0, FileManager.default.fileExists(atPath: backup) {
            let copy = try Database(path: backup, configuration: DatabaseConfiguration(access: .readOnly))
            defer { copy.close() }
            guard try copy.fetchOne("PRAGMA integrity_check", row: { $0.string(0) }) == "ok",
                try copy.fetchOne("PRAGMA user_version", row: { $0.int(0) }) == from
            else { return fail("the backup is not a whole copy of version \(from)") }
        }
        // It migrates (again) to the latest version with every row.
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        var migrated: [String] = []
        try store.forEachRecord { migrated.append($0.scene) }
        guard migrated.sorted() == expectedScenes else { return fail("after migrating again: \(migrated.count) scenes") }
        return version == latest ? 1 : 0
    }

    /// The step a saved catalog record belongs to ("step-N" in its query), or nil.
    private static func step(of record: StoredRecord?) -> Int? {
        guard let record,
            let object = try? JSONSerialization.jsonObject(with: record.payload) as? [String: Any],
            let query = object["query"] as? String, query.hasPrefix("step-")
        else { return nil }
        return Int(query.dropFirst("step-".count))
    }

    private static func schema(of db: Database) throws -> [String] {
        try db.fetchAll("SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema ORDER BY type, name") { $0.string(0) ?? "" }
    }

    /// The schema each version has when migrated from nothing, built once.
    static func referenceSchemas() throws -> [Int: [String]] {
        try referenceSchemaCache.withLock { cache in
            if let cache { return cache }
            let dir = try TemporaryDirectory()
            let migrator = try StateMigrations.makeMigrator()
            var schemas: [Int: [String]] = [:]
            for version in 0...latestVersion {
                let db = try Database(path: dir.path("v\(version).sqlite"))
                defer { db.close() }
                if version > 0 { try migrator.migrate(db, upTo: version) }
                schemas[version] = try schema(of: db)
            }
            cache = schemas
            return schemas
        }
    }

    private static let referenceSchemaCache = Locked<[Int: [String]]?>(nil)
}

/// What a workload had acknowledged when the power went, and how many syncs of the database
/// or its log had happened after each acknowledgement.
final class Acknowledgements {
    private(set) var syncsAtAcknowledgement: [Int] = []

    /// Steps acknowledged.
    var count: Int { syncsAtAcknowledgement.count }

    /// Records that the current step's call returned.
    func acknowledge() { syncsAtAcknowledgement.append(PowerCutVFS.databaseSyncs) }

    /// Acknowledged steps that a later sync (before the cut, `syncs` in all) made durable.
    func synced(bySyncs syncs: Int) -> Int {
        syncsAtAcknowledgement.lastIndex { $0 < syncs }.map { $0 + 1 } ?? 0
    }
}

/// A coalescing writer's scheduler that never fires: only `flush()` writes.
