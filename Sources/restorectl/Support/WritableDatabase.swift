import Foundation
import StateRestore
import StateStore

/// Opening the database for a command that writes. Unlike `restore`, a database this build must
/// not write (newer, foreign, corrupt) is an error (exit 65) and the file is left untouched.
enum WritableDatabase {
    static func open(_ path: String) throws -> Store {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure(.cannotCreate, "\(path) is a directory, not a database file")
        }
        return try Store(path: path, migrator: StateMigrations.makeMigrator())
    }
}
