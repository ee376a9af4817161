extension Store {
    /// Runs `body` in one write transaction with `secure_delete` on: a rollback of many records
    /// (each ``StoreWrite/historyEntry(id:account:scene:kind:at:)`` written inside it joins it).
    package func historyTransaction<T>(_ body: () throws -> T) throws -> T {
        try withSecureDelete { try database.writeTransaction(body) }
    }
}
