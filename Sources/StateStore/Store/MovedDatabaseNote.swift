import Foundation

/// The note a move leaves at the database's old path (`<db>-moved`, holding the new path): a
/// process that still has the old path (an older build, an extension, a script) finds it where
/// it would otherwise create a new, empty database, and is told where the file went instead.
///
/// Read only where no database exists at the path, so a launch of an existing file never looks
/// for it. Removing the note lets a new database be created at the old path again.
package enum MovedDatabaseNote {
    /// The note's path beside `database`.
    static func path(for database: String) -> String { database + "-moved" }

    /// Leaves the note at `database` naming `destination`, replacing an older one. A note that
    /// cannot be written (a full disk) is no reason to refuse the move.
    static func write(at database: String, pointingTo destination: String) {
        let note = path(for: database)
        unlink(note)
        guard let descriptor = try? SiblingFile.open(note, O_WRONLY | O_CREAT | O_EXCL) else { return }
        defer { close(descriptor) }
        let bytes = Array((destination + "\n").utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Removes the note at `database` (a database is there again).
    static func remove(at database: String) { unlink(path(for: database)) }

    /// Where the database that was at `database` went, when a note there says so.
    package static func destination(of database: String) -> String? {
        guard let descriptor = try? SiblingFile.open(path(for: database), O_RDONLY) else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 2)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .newlines)
        return text.isEmpty ? nil : text
    }
}
