import StateStore

extension StateDatabase {
    /// A record and its history, as `restorectl history` lists them.
    package struct HistoryListing: Sendable {
        /// The stored record, if any.
        package let current: StoredRecord?
        /// The build that wrote it, if it carries a stamp.
        package let currentBuild: String?
        /// The earlier records, newest first: entry number N is `entries[N - 1]`.
        package let entries: [RecordHistoryEntry]
        /// When there is neither: the other accounts holding a record of the kind for a scene
        /// of that name, sorted (what a wrong `--account` missed).
        package var accountsElsewhere: [String] = []

        /// Throws ``RestoreError/noRecord(scene:kind:elsewhere:)`` when the scene has neither a
        /// record nor a history of `kind`.
        package func requireRecord(of key: SceneKey, kind: String) throws {
            guard current == nil && entries.isEmpty else { return }
            throw RestoreError.noRecord(scene: key.description, kind: kind, elsewhere: accountsElsewhere)
        }
    }

    /// Which earlier record a rollback puts back.
    package enum RollbackTarget: Equatable, Sendable {
        /// The Nth earlier record (1: the newest).
        case entry(Int)
        /// The newest earlier record not written by this build, when the record was.
        case beforeBuild(String)
    }

    /// The record of `kind` at `key` and its history; reads only.
    package static func history(of key: SceneKey, kind: String, in store: Store) throws -> HistoryListing {
        var listing = HistoryListing(
            current: try store.record(account: key.account, scene: key.scene, kind: kind),
            currentBuild: try store.recordBuild(account: key.account, scene: key.scene, kind: kind),
            entries: try store.recordHistory(account: key.account, scene: key.scene, kind: kind))
        if listing.current == nil && listing.entries.isEmpty {
            // By bytes, as the store keeps them: two spellings of one name are two accounts.
            var accounts: [String] = []
            for summary in try store.recordSummaries() where summary.scene.hasSameBytes(as: key.scene) && summary.kind.hasSameBytes(as: kind) {
                if !accounts.contains(where: { $0.hasSameBytes(as: summary.account) }) { accounts.append(summary.account) }
            }
            listing.accountsElsewhere = accounts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        return listing
    }

    /// The entry `target` names in `listing`, with its number.
    ///
    /// - Throws: ``RestoreError`` when it names none.
    package static func entry(_ target: RollbackTarget, of key: SceneKey, kind: String, in listing: HistoryListing) throws -> (number: Int, entry: RecordHistoryEntry) {
        try listing.requireRecord(of: key, kind: kind)
        switch target {
        case .entry(let number):
            guard (1...max(1, listing.entries.count)).contains(number), number <= listing.entries.count else {
                throw RestoreError.noSuchEntry(number: number, count: listing.entries.count)
            }
            return (number, listing.entries[number - 1])
        case .beforeBuild(let build):
            // Builds by their bytes, as the engine's `rollBack(kind:writtenBy:)` compares them in
            // SQL: two spellings of one text are two builds.
            let isBuild = { (stamp: String?) in stamp?.hasSameBytes(as: build) ?? false }
            guard isBuild(listing.currentBuild) else { throw RestoreError.notWrittenBy(build: build, writtenBy: listing.currentBuild) }
            guard let index = listing.entries.firstIndex(where: { !isBuild($0.build) }) else { throw RestoreError.nothingEarlier(build: build) }
            return (index + 1, listing.entries[index])
        }
    }

    /// Puts the earlier record `target` names back as the record of `kind` at `key`, in one
    /// transaction through the write gate (the tool restored nothing, so no fence): the record
    /// replaced goes into the history. Returns the entry put back with its number.
    ///
    /// - Throws: ``RestoreError`` when `target` names nothing (nothing is written).
    package static func rollBack(_ key: SceneKey, kind: String, to target: RollbackTarget, in store: Store) throws -> (number: Int, entry: RecordHistoryEntry) {
        try store.writeTransaction {
            let chosen = try entry(target, of: key, kind: kind, in: history(of: key, kind: kind, in: store))
            try store.write(
                .historyEntry(id: chosen.entry.id, account: key.account, scene: key.scene, kind: kind, at: nil), rules: WriteGate.rollbackRules(after: nil))
            return chosen
        }
    }

    /// Refuses `scene` (of `account`, or of every account when nil) while a process other than
    /// this one has it on screen, as its `<db>-live` publication says: the tool's discard and
    /// rollback refuse what the app's own refuse (``RestoreError/sceneIsLive(scene:)``).
    package static func refuseLiveElsewhere(scene: String, account: String?, beside path: String) throws {
        guard let live = try LiveScenesFile.scenesLive(elsewhere: [(account: account, scene: scene)], beside: path).first else { return }
        throw RestoreError.sceneIsLive(scene: live.account.map { "scene \(StoreNames.quoted(live.scene)) of account \(StoreNames.quoted($0))" } ?? "scene \(StoreNames.quoted(live.scene))")
    }
}
