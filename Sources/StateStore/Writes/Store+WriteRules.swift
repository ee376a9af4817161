extension Store {
    /// Refuses a write whose fence is older than `account`'s sign-out generation
    /// (`StoreError.accountSignedOut`), or, for a record of `scene`, older than the scene's
    /// discard fence (`StoreError.sceneDiscarded`); call it inside the write transaction,
    /// before writing.
    package func checkFence(_ rules: WriteRules, account: String, scene: String?) throws {
        if let generation = rules.fencedAt, try accountGeneration(account) > generation {
            throw StoreError.accountSignedOut(account: account)
        }
        if let scene { try checkDiscardFence(rules, account: account, scene: scene) }
    }
}
