import StateStore

extension StateDatabase {
    /// Moves a quarantined record of `store` back to its screen, with the `minReaderVersion` its
    /// payload declares, for a build that can read it again or after a repair. Refuses to
    /// overwrite a record saved since, unless `replacing` is true: the write gate's rules,
    /// applied in the same transaction as every other write.
    package static func restoreQuarantinedRecord(id: Int64, in store: Store, replacing: Bool = false) throws {
        let payload = try store.quarantinedRecords().first { $0.id == id }?.payload
        let header = payload.flatMap { bytes in
            try? RecordHeader(of: RecordHeader.parseObject(bytes))
        }
        try store.write(.quarantinedRecord(id: id, minReaderVersion: header?.minReaderVersion), rules: WriteGate.quarantineRules(replacing: replacing))
    }

    /// Stores a record that passed its kind's validation (`RecordKind.validateForSave(_:)`),
    /// as given, in `store`.
    ///
    /// A stored record of a newer format than this build reads is replaced only when
    /// `replacingNewer` is true or the given record is itself of a newer format (a newer
    /// release's record given on purpose).
    package static func save(_ record: ValidatedRecord, for key: SceneKey, in store: Store, replacingNewer: Bool = false) throws {
        try RecordSaving.save(record, for: key, in: store, replacingNewer: replacingNewer)
    }
}
