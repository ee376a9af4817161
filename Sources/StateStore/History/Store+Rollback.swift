extension Store {
    /// Runs `body` in one write transaction with `secure_delete` on (what it deletes or replaces
    /// is overwritten with zeros), then off again if it was off: a rollback of many records
    /// (each ``StoreWrite/historyEntry(id:account:scene:kind:at:)`` written inside it joins it).
    package func historyTransaction<T>(_ body: () throws -> T) throws -> T {
        let turnedOn = try turnOnSecureDelete()
        defer { if turnedOn { turnOffSecureDelete() } }
        return try database.writeTransaction(body)
    }
}
