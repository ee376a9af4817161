extension Store {
    /// Refuses a write whose fence is older than `account`'s sign-out generation
    /// (`StoreError.accountSignedOut`), or, for a record of `scene`, older than the scene's
    /// discard fence (`StoreError.sceneDiscarded`); call it inside the write transaction,
    /// before writing.
    package func checkFence(_ rules: WriteRules, account: String, scene: String?) throws {
        guard database.isInTransaction else {
            // Outside a transaction the data version is the last one's: read in a snapshot of
            // its own, after a first read has brought the version up to date.
            return try database.readTransaction {
                _ = try fenceKey()
                try checkFence(rules, account: account, scene: scene, atDataVersion: database.dataVersion())
            }
        }
        try checkFence(rules, account: account, scene: scene, atDataVersion: database.dataVersion())
    }

    /// ``checkFence(_:account:scene:)`` inside the write transaction, whose data version is
    /// `version` (read under its lock: nothing but its commit changes it).
    func checkFence(_ rules: WriteRules, account: String, scene: String?, atDataVersion version: UInt32) throws {
        if let generation = rules.fencedAt, try accountGeneration(account, atDataVersion: version) > generation {
            throw StoreError.accountSignedOut(account: account)
        }
        if let scene { try checkDiscardFence(rules, account: account, scene: scene, atDataVersion: version) }
    }
}
