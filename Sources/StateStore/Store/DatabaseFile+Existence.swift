import Foundation

extension DatabaseFile {
    /// Why nothing can be opened at the file's path without creating a file there, or nil
    /// when a file is there now: ``StoreError/movedTo(path:destination:)`` where a move left
    /// its note (a stale path), ``StoreError/fileNotFound(path:)`` otherwise. The one answer to
    /// "does the database exist" for every opening that never creates one (an extension's, a
    /// reading restorer's, the tool's reading verbs): one `access(2)`, and the note is read
    /// only when nothing is there.
    package func refusalIfMissing() -> StoreError? {
        guard access(path, F_OK) != 0 else { return nil }
        if let destination = MovedDatabaseNote.destination(of: path) { return .movedTo(path: path, destination: destination) }
        return .fileNotFound(path: path)
    }
}
