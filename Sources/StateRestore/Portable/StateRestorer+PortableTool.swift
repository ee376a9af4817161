import Foundation
import JSON
import StateStore

extension StateRestorer {
    /// The portable record of `key`'s stored record of `kind`, as `restorectl portable` prints
    /// it: the record as stored (its kind says it reads it, or it is a newer release's),
    /// written by `deviceID` and `appBuild` at logical version 1, within `byteBudget`.
    ///
    /// - Throws: ``RestoreError/portableUnavailable(_:)`` when the file cannot be read, the
    ///   scene has no record of the kind or it cannot be read;
    ///   ``RestoreError/portableOverBudget(scene:kind:_:)`` over the budget.
    package func portableText(of kind: RecordKind, for key: SceneKey, deviceID: String, appBuild: String, byteBudget: Int) throws -> String {
        try refuseCrashedRestore(of: ScreenKey(scene: key, kind: kind.name))
        let stored = try withStore { store, report throws -> StoredRecord? in
            guard let store else { throw RestoreError.portableUnavailable("the database cannot be read: \(report.last?.detail ?? "it is closed")") }
            return try store.record(account: key.account, scene: key.scene, kind: kind.name)
        }
        guard let stored else { throw RestoreError.portableUnavailable("\(key) has no saved \(kind.name) record to send") }
        let condition = kind.condition(of: stored)
        // An expired record is no state to send either (a launch would use the default).
        let isExpired = if case .expired = condition { true } else { false }
        if condition.isProblem || isExpired {
            throw RestoreError.portableUnavailable("\(key)'s \(kind.name) record cannot be read (\(condition.detail ?? condition.status)); nothing was sent")
        }
        let object = try RecordHeader.parseObject(stored.payload)
        let record = PortableRecord(
            kind: kind.name, record: object, header: try RecordHeader(of: object), appBuild: appBuild, deviceID: deviceID, logicalVersion: 1)
        try record.checkBudget(byteBudget, for: key)
        return record.encoded()
    }

    /// Why `bytes` are not a portable record of `kind` this build reads, or nil when they are:
    /// what `restorectl restore --portable FILE` checks before landing them.
    package static func portableRefusal(of bytes: some Collection<UInt8>, kind: String) -> String? {
        do throws(PortableRecord.Failure) {
            let record = try PortableRecord.parse(bytes)
            return record.kind == kind ? nil : "it is a portable record of kind \(record.kind), not \(kind)"
        } catch {
            return error.reason
        }
    }
}
