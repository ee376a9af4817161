import Foundation
import ScreenModels
import StateStore

/// Restores and saves windows' view state in one database file: the launch-time entry point.
///
/// Restoring never throws and never crashes the caller: the worst case is the default state
/// with a report that says why. Nothing it cannot use is thrown away: undecodable records move
/// to the quarantine, newer-format records stay in place, a damaged file is moved aside.
///
/// Each restore of a stored record first commits a "restore in progress" mark; call
/// `completeRestore(_:)` once the app has applied the state. A mark found at the next launch
/// means applying that record crashed: it is quarantined and the scene starts from defaults,
/// and after two such launches in a row every scene starts from defaults once.
///
/// ```swift
/// let restorer = StateRestorer(path: statePath)
/// let restored = restorer.restore(try SceneKey(scene: "main"), against: document)
/// let screen = restored.makeScreenModel()
/// restorer.completeRestore(restored.key)
/// ```
///
/// Use one restorer from one thread or serial queue at a time.
public final class StateRestorer {
    /// The database file.
    public let path: String
    /// The store, or nil when the database may not be read (newer release, foreign, unopenable).
    public private(set) var store: Store?
    /// What opening the database found (newer, foreign, corrupt…); part of every restore report.
    public private(set) var databaseReport: [RestoreReportEntry]
    private let configuration: DatabaseConfiguration

    /// Opens (creating, migrating or recovering as needed) the database at `path`.
    public init(path: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) {
        self.path = path
        self.configuration = configuration
        let opening = LaunchDatabase.open(path, configuration: configuration)
        store = opening.store
        databaseReport = opening.report
    }

    /// Restores `key`'s catalog view state, reconciled against `document`.
    public func restore(_ key: SceneKey, against document: CatalogDocument) -> CatalogRestoration {
        do {
            return try restoreFromStore(key, against: document)
        } catch let error as SQLiteError where error.isCorruption {
            recoverFromCorruption(reason: error.message)
            return CatalogRestoration.defaults(for: key, over: document, report: databaseReport)
        } catch {
            let entry = RestoreReportEntry(.databaseUnavailable, "the stored state could not be read: \(error.localizedDescription)")
            return CatalogRestoration.defaults(for: key, over: document, report: databaseReport + [entry])
        }
    }

    /// Records that the app applied `key`'s restored state: clears its crash-loop mark.
    @discardableResult
    public func completeRestore(_ key: SceneKey) -> Bool {
        guard let store else { return false }
        do {
            try store.clearRestoreMark(account: key.account, scene: key.scene)
            if try store.consecutiveCrashedLaunches() != 0 { try store.setConsecutiveCrashedLaunches(0) }
            return true
        } catch {
            return false
        }
    }

    /// Closes the database.
    public func close() { store?.close() }

    // MARK: Restoring

    private func restoreFromStore(_ key: SceneKey, against document: CatalogDocument) throws -> CatalogRestoration {
        guard let store else { return .defaults(for: key, over: document, report: databaseReport) }
        var report = databaseReport
        guard let record = try store.record(account: key.account, scene: key.scene) else {
            report.append(RestoreReportEntry(.noRecord, "\(key) has no saved state; the default state was used"))
            return .defaults(for: key, over: document, report: report)
        }
        if let skipped = try crashLoopGuard(key, in: store) {
            return .defaults(for: key, over: document, report: report + skipped)
        }
        if record.payload.count > Store.maximumRecordBytes {
            let detail = "the record is \(record.payload.count) bytes, over the \(Store.maximumRecordBytes)-byte limit"
            let id = try store.quarantineRecord(account: key.account, scene: key.scene, reason: .oversized, error: detail)
            report.append(RestoreReportEntry(.recordUnreadable, "\(detail); it was moved to the quarantine (id \(id ?? 0)) and the default state was used"))
            return .defaults(for: key, over: document, report: report)
        }
        switch CatalogRecordCodec.decode(record.payload) {
        case .unreadable(let error):
            let detail = error.localizedDescription
            let id = try store.quarantineRecord(account: key.account, scene: key.scene, reason: .unreadable, error: detail)
            report.append(RestoreReportEntry(.recordUnreadable, "the stored record could not be decoded (\(detail)); it was moved to the quarantine (id \(id ?? 0)) and the default state was used"))
            return .defaults(for: key, over: document, report: report)
        case let .newer(version, minReaderVersion):
            let why = minReaderVersion.map { "it needs a reader of format \($0)" } ?? "it declares no minReaderVersion this build meets"
            report.append(RestoreReportEntry(.unsupportedVersion, "the record has format \(version), newer than this build reads (\(CatalogRecord.currentVersion)), and \(why); it was kept in place for the release that wrote it and the default state was used"))
            return .defaults(for: key, over: document, report: report)
        case let .decoded(decoded, provenance):
            report += Self.entries(for: provenance)
            let reconciliation = decoded.viewState.reconciled(with: document)
            report += reconciliation.adjustments.map(\.reportEntry)
            return CatalogRestoration(
                key: key, document: document, viewState: reconciliation.viewState,
                frame: document.frame(for: reconciliation.viewState), report: report,
                carriedFields: decoded.unknownFields
            )
        }
    }

    /// Sets the restore mark, or, when the previous restore of `key` never completed, moves its
    /// record to the quarantine and returns the report entries for skipping it.
    private func crashLoopGuard(_ key: SceneKey, in store: Store) throws -> [RestoreReportEntry]? {
        do {
            if try store.hasRestoreMark(account: key.account, scene: key.scene) {
                let crashed = try store.consecutiveCrashedLaunches() + 1
                try store.setConsecutiveCrashedLaunches(crashed)
                let id = try store.quarantineRecord(account: key.account, scene: key.scene, reason: .restoreCrashed, error: "restoring this record did not complete: the app stopped before the restore finished")
                try store.clearRestoreMark(account: key.account, scene: key.scene)
                return [RestoreReportEntry(.restoreCrashed, "the previous restore of \(key) never completed (the app crashed while applying it); its record was moved to the quarantine (id \(id ?? 0)) and the default state was used")]
            }
            if try store.consecutiveCrashedLaunches() >= 2 {
                return [RestoreReportEntry(.restoreCrashed, "restores crashed in two launches in a row; every scene starts from defaults this time and its record is kept in place")]
            }
            try store.setRestoreMark(account: key.account, scene: key.scene)
            return nil
        } catch let error as SQLiteError where !error.isCorruption {
            // A read-only or full disk must not stop the launch: restore without the guard.
            databaseReport.append(RestoreReportEntry(.databaseUnavailable, "the crash-loop mark could not be written (\(error.message)); restoring without it"))
            return nil
        }
    }

    private static func entries(for provenance: CatalogRecordProvenance) -> [RestoreReportEntry] {
        var entries: [RestoreReportEntry] = []
        if let minimum = provenance.readThroughMinReaderVersion {
            entries.append(RestoreReportEntry(.recordNewerRead, "the record has format \(provenance.sourceVersion), newer than this build, and was read as format \(CatalogRecord.currentVersion) through its minReaderVersion \(minimum); fields this build does not know are kept"))
        } else if provenance.sourceVersion < CatalogRecord.currentVersion {
            entries.append(RestoreReportEntry(.recordUpgraded, "the record was upgraded from format \(provenance.sourceVersion) to \(CatalogRecord.currentVersion)"))
        }
        if !provenance.defaultsApplied.isEmpty {
            entries.append(RestoreReportEntry(.defaultsApplied, "absent fields got their defaults: \(provenance.defaultsApplied.joined(separator: ", "))"))
        }
        return entries
    }

    private func recoverFromCorruption(reason: String) {
        store?.database.disableCheckpointOnClose()
        store?.close()
        let opening = LaunchDatabase.recoverFromCorruption(path, reason: reason, configuration: configuration)
        store = opening.store
        databaseReport += opening.report
    }
}
