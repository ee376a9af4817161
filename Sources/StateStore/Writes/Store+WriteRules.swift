extension Store {
    /// Refuses a write whose fence is older than `account`'s sign-out generation
    /// (`StoreError.accountSignedOut`); call it inside the write transaction, before writing.
    package func checkFence(_ rules: WriteRules, account: String) throws {
        if let generation = rules.fencedAt, try accountGeneration(account) > generation {
            throw StoreError.accountSignedOut(account: account)
        }
    }
}
