/// How much one account's records of one kind take: what `restorectl status` prints per
/// account and kind.
package struct RecordTotal: Equatable, Sendable {
    /// The account the records belong to.
    package let account: String
    /// The records' kind.
    package let kind: String
    /// How many records of the kind the account holds (one per scene).
    package let records: Int
    /// Their payloads' size together, in bytes.
    package let bytes: Int

    /// The total of `records` records of `kind` in `account`, taking `bytes` bytes.
    package init(account: String, kind: String, records: Int, bytes: Int) {
        self.account = account
        self.kind = kind
        self.records = records
        self.bytes = bytes
    }
}
