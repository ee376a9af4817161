import Foundation
import StateStore

/// What `restorectl check` reports: the file's integrity, its schema, and what this build can
/// make of every record. Reads only; never creates or changes the file.
///
/// Every record is read as a launch reads it (``RecordKind/condition(of:)``), and only what a
/// launch would move to the quarantine (a record that does not decode, or is over the record
/// limit) is a problem. Records of kinds this build does not know, records of a newer format
/// (whether or not they decode as this build's) and expired records are listed as notes: a file
/// shared with a newer release or another app holds them by design.
/// They are never counted as decoded: ``recordsDecoded`` counts only the records a kind's codec
/// (or a kind's recorded shape, for a kind read from a format folder) read.
///
/// A record over its kind's size budget is a warning, naming its largest fields: it restores,
/// but it is state an app should trim.
///
/// A newer release's file whose readable-by is above this build's schema is checked for
/// integrity only, with a note: this build reads none of its records, as a launch reads none.
package struct DatabaseCheck: Equatable, Sendable {
    /// Everything wrong with the file; empty when it is healthy.
    package var problems: [String] = []
    /// Facts worth knowing that are not problems (pending migrations, newer records, unknown kinds).
    package var notes: [String] = []
    /// What is not wrong but should be fixed: records over their kind's size budget, each with
    /// its largest fields. Warnings leave the file healthy.
    package var warnings: [String] = []
    /// How many records were examined.
    package var recordsChecked = 0
    /// How many of them decoded with their kind's codec (or fit their kind's recorded shape).
    package var recordsDecoded = 0
    /// How many were not decoded because their kind is not one of the kinds given.
    package var recordsOfUnknownKinds = 0
    /// How many were not decoded because they are of a newer format this build may not read.
    package var recordsOfNewerFormats = 0
    /// How many were not decoded because their kind's format folder holds no shape for their
    /// older format (`RecordCondition.unchecked(_:)`).
    package var recordsUnchecked = 0
    /// How many do not decode or are over the record limit (each is also a problem).
    package var recordsUnreadable = 0
    /// How many were saved longer ago than their kind stays meaningful: a launch uses the
    /// default state for them (a note, not a problem).
    package var recordsExpired = 0

    /// The file's schema version; nil when it could not be read.
    package var schemaVersion: Int?
    /// The oldest schema version whose builds may read the file (recorded by its migrations
    /// from 5 on, its own version otherwise); nil when the schema could not be read.
    package var readableBy: Int?
    /// The oldest schema version whose builds may write the file; nil when the schema could
    /// not be read.
    package var writableBy: Int?

    /// Whether nothing is wrong.
    package var isHealthy: Bool { problems.isEmpty }

    /// Checks the existing file at `path` (`StoreError.fileNotFound` when there is none).
    package static func run(_ path: String, kinds: [RecordKind]) throws -> DatabaseCheck {
        let file = try StateDatabase.requireExistingFile(path)
        var check = DatabaseCheck()
        do {
            let store = try Store(reading: file, kindBeforeKinds: StateMigrations.kindBeforeKinds)
            defer { store.close() }
            if store.schemaVersion == 0, file.isLinked {
                check.problems.append(StoreError.emptyFileThroughLink(file.path).localizedDescription)
                return check
            }
            check.problems += try store.integrityProblems().map { "integrity: \($0)" }
            check.problems += try store.foreignKeyProblems().map { "foreign key: \($0)" }
            let latest = try StateMigrations.makeMigrator().latestVersion
            let compatibility = try store.recordedCompatibility()
            check.schemaVersion = store.schemaVersion
            check.readableBy = compatibility?.readableBy ?? store.schemaVersion
            check.writableBy = compatibility?.writableBy ?? store.schemaVersion
            if store.schemaVersion > latest {
                check.notes.append("schema version \(store.schemaVersion) was written by a newer release (this build knows \(latest))")
            } else if store.schemaVersion < latest {
                check.notes.append("schema version \(store.schemaVersion); \(latest - store.schemaVersion) migration(s) pending (run restorectl migrate)")
            }
            guard store.schemaVersion >= 1 else { return check }
            // A newer release's file this build may not read (its readable-by is above this
            // build's schema): a launch reads none of it (`database-newer`) and leaves it as it
            // is, so neither are its records read here. Its tables are that release's, and
            // reading them as this build's tables called a healthy file unreadable.
            if let readableBy = check.readableBy, readableBy > latest {
                check.notes.append(
                    "schema version \(store.schemaVersion) is readable only by builds of schema \(readableBy) and later: this build reads none of its records (a launch reports database-newer and leaves the file as it is)"
                )
                return check
            }
            // What a launch of the app would find of restores that crashed one: their records
            // are not applied but moved to the quarantine.
            let crashed = CrashLoopCheck.lookingOnly(beside: file, role: DatabaseConfiguration().role, in: store).crashedScreens
            try RecordKind.inspectRecords(in: store, kinds: kinds) { record, condition, size in
                check.recordsChecked += 1
                let place = "\(record.kind) record of scene \(StoreNames.quoted(record.scene)) of account \(StoreNames.quoted(record.account))"
                if !crashed.isEmpty, crashed[LaunchGuardMark(account: record.account, scene: record.scene, kind: record.kind).screenHash] != nil {
                    check.problems.append("\(place): its restore crashed a launch (the app stopped before the restore finished); a launch moves it to the quarantine")
                }
                switch condition {
                case .readable, .readThroughMinReaderVersion:
                    check.recordsDecoded += 1
                    if let size { check.warnings.append("\(place): record is \(size)") }
                case .newer(let version):
                    check.recordsOfNewerFormats += 1
                    check.notes.append("\(place): format \(version) record kept for the newer release that wrote it")
                case .unknownKind:
                    check.recordsOfUnknownKinds += 1
                    check.notes.append("\(place): a kind this build does not know; kept untouched")
                case .unchecked(let reason):
                    check.recordsUnchecked += 1
                    check.notes.append("\(place): \(reason)")
                case .expired(let age):
                    check.recordsExpired += 1
                    check.notes.append("\(place): saved \(age) s ago, longer than the kind stays meaningful; a launch uses the default state")
                case .oversized(let bytes):
                    check.recordsUnreadable += 1
                    check.problems.append("\(place): record is \(bytes) bytes, over the limit")
                case .unreadable(let reason):
                    check.recordsUnreadable += 1
                    check.problems.append("\(place): record cannot be decoded: \(reason)")
                }
            }
            for entry in try store.quarantinedRecords() {
                check.problems.append(
                    "quarantine holds record \(entry.id) (\(entry.kind) record of scene \(StoreNames.quoted(entry.scene)) of account \(StoreNames.quoted(entry.account)), \(entry.reason.rawValue)): \(StoreNames.escapingControlCharacters(in: entry.error))"
                )
            }
        } catch let error as StoreError where error.isStorageFault || error.isBusy {
            // What the storage refused (read-only storage where the log needs its index, a dead
            // writer's journal, no descriptor) is not a finding about the file: the table's 74.
            throw error
        } catch let error as StoreError where error.isSchemaProblem {
            check.problems.append(error.localizedDescription)
        } catch let error as StoreError where error.indicatesDamage {
            check.problems.append("not a readable database: \(error.message)")
        } catch {
            check.problems.append("cannot be read: \(error.localizedDescription)")
        }
        return check
    }
}
