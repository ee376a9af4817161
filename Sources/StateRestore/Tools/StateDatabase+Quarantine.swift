import StateStore

extension StateDatabase {
    /// Moves a quarantined record of `store` back to its screen, with the `minReaderVersion` its
    /// payload declares, for a build that can read it again or after a repair. Refuses to
    /// overwrite a record saved since, unless `replacing` is true: the write gate's rules,
    /// applied in the same transaction as every other write.
    package static func restoreQuarantinedRecord(id: Int64, in store: Store, replacing: Bool = false) throws {
        let payload = try store.quarantinedRecords().first { $0.id == id }?.payload
        let header = payload.flatMap { try? RecordHeader(of: RecordHeader.parseObject($0)) }
        try store.write(.quarantinedRecord(id: id, minReaderVersion: header?.minReaderVersion), rules: WriteGate.quarantineRules(replacing: replacing))
    }
}
