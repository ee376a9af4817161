import StateStore

extension Store {
    /// Moves a quarantined record back to its screen, with the `minReaderVersion` its payload
    /// declares, for a build that can read it again or after a repair. Refuses to overwrite a
    /// record saved since, unless `replacing` is true.
    public func restoreQuarantinedRecord(id: Int64, replacing: Bool = false) throws {
        let payload = try quarantinedRecords().first { $0.id == id }?.payload
        let header = payload.flatMap { bytes in
            try? RecordHeader(of: RecordHeader.parseObject(bytes))
        }
        try restoreQuarantinedRecord(id: id, minReaderVersion: header?.minReaderVersion, replacing: replacing)
    }
}
