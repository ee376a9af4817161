import Foundation
import StateStore

/// Opening database files the way commands need, with the tool's error messages.
enum DatabaseFiles {
    /// Opens an existing file read-only; a missing file is exit 66 and is never created.
    static func openExisting(_ path: String) throws -> Database {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(.noInput, "\(path): no such database file")
        }
        return try Database(path: path, configuration: DatabaseConfiguration(access: .readOnly))
    }

    /// Opens a file for writing, creating it (mode 0600) when missing; an uncreatable path is exit 73.
    static func openForWriting(_ path: String) throws -> Database {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure(.cannotCreate, "\(path) is a directory, not a database file")
        }
        return try Database(path: path)
    }
}
