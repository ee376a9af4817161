extension CommandFailure {
    /// Refuses a file the command would create (`role`: "the destination", "--out") at a path
    /// ending in a slash, which names a folder: it cannot be created (73), as an existing file
    /// there cannot. The database's own path ending in a slash is a missing database (66).
    static func refuseFolderName(_ path: String, as role: String, nothing done: String) throws {
        guard path.hasSuffix("/") else { return }
        throw CommandFailure(.cannotCreate, "\(role) \(path) is a path ending in a slash, which names a folder, not a database file to create; nothing was \(done)")
    }
}
