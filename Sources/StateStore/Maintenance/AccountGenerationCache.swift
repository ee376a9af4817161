/// The sign-out generations a store read at one data version of its file (see
/// `Store.accountGeneration(_:)`).
struct AccountGenerationCache {
    /// The file's data version when they were read.
    var dataVersion: UInt32
    /// The database's hashing key then; nil: no account was ever signed out, every generation is 0.
    var fenceKey: Int64?
    /// The generations read, by account, in a list (a file has a few accounts): see ``PathTable``.
    /// Accounts are told apart by their bytes, as SQLite tells them: two spellings of one name
    /// (`café` composed and decomposed) are two accounts, each with its own generation.
    private var generations: [AccountGeneration] = []

    /// One account's generation (a struct, not a tuple: see `PathTable`).
    private struct AccountGeneration {
        let account: String
        var generation: Int
    }

    init(dataVersion: UInt32, fenceKey: Int64?) {
        self.dataVersion = dataVersion
        self.fenceKey = fenceKey
    }

    /// The generation read of `account`, if it was.
    func generation(of account: String) -> Int? {
        generations.first { $0.account.hasSameBytes(as: account) }?.generation
    }

    /// Notes the generation read of `account`.
    mutating func note(_ generation: Int, of account: String) {
        if let position = generations.firstIndex(where: { $0.account.hasSameBytes(as: account) }) {
            generations[position].generation = generation
        } else {
            generations.append(AccountGeneration(account: account, generation: generation))
        }
    }
    /// The discard epoch read (`Store.discardEpoch()`), once read.
    var discardEpoch: Int?
}
