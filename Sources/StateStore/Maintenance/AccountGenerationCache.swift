/// The sign-out generations a store read at one data version of its file (see
/// `Store.accountGeneration(_:)`).
struct AccountGenerationCache {
    /// The file's data version when they were read.
    var dataVersion: UInt32
    /// The database's hashing key then; nil: no account was ever signed out, every generation is 0.
    var fenceKey: Int64?
    /// The generations read, by account.
    var generations: [String: Int] = [:]
    /// The discard epoch read (`Store.discardEpoch()`), once read.
    var discardEpoch: Int?
}
