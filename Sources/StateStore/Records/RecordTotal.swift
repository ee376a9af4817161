/// How much one account's records of one kind take: what `restorectl status` prints per
/// account and kind.
package struct RecordTotal: Equatable, Sendable {
    package let account: String
    package let kind: String
    /// How many records of the kind the account holds (one per scene).
    package let records: Int
    /// Their payloads' size together, in bytes.
    package let bytes: Int
}
