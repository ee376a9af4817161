import CSQLite
import Foundation

/// The note a move leaves at the database's old path (`<db>-moved`, holding the new path): a
/// process that still has the old path (an older build, an extension, a script) finds it where
/// it would otherwise create a new, empty database, and is told where the file went instead.
///
/// A move writes it before it puts the copy in place and removes the original, so a move
/// killed between the two leaves the original with a note beside it: where the note's
/// destination exists, the copy was verified and put in place, and the old path says where the
/// file went as after a completed move (``interruptedMoveDestination(of:)``), so the two files
/// never both take saves. Where it does not, the move never finished and the note is ignored.
/// Removing the note lets a new database be created at the old path again.
package enum MovedDatabaseNote {
    /// The note's path beside `database`.
    static func path(for database: String) -> String { database + "-moved" }

    /// Whether anything is at the note path `note` (``path(for:)``, made once by its caller as
    /// a C string): one `lstat`, and no string built, on the path a connection's write
    /// transactions take until one finds nothing there (``interruptedMoveDestination(of:)`` is
    /// asked only when this is true).
    static func mayBePresent(at note: ContiguousArray<CChar>) -> Bool {
        var status = stat()
        return note.withUnsafeBufferPointer { lstat($0.baseAddress!, &status) } == 0
    }

    /// Leaves the note at `database` naming `destination`, replacing an older one. Throws when
    /// it cannot be written whole (a full disk, no descriptor left), and leaves none: a move
    /// whose note is missing or empty would let anything still using the old path create a new
    /// database there and take saves the app at the new path never sees, so the move is refused
    /// instead.
    static func write(at database: String, pointingTo destination: String) throws(StoreError) {
        let note = path(for: database)
        unlink(note)
        let bytes = Array((destination + "\n").utf8)
        let failure: Int32?
        do {
            let descriptor = try SiblingFile.open(note, O_WRONLY | O_CREAT | O_EXCL)
            failure = WholeWrite.write(bytes, to: descriptor)
            close(descriptor)
        } catch {
            failure = error.errno
        }
        guard let failure else { return }
        unlink(note)
        throw StoreError.sqlite(
            extendedCode: SQLITE_IOERR | (3 << 8),  // SQLITE_IOERR_WRITE
            message: "cannot leave the note at \(note) saying where the database went (\(SystemErrorCause.describe(failure)))",
            systemErrorCode: failure)
    }

    /// Where a move that was killed after putting its copy in place took the database at
    /// `database`, which still exists: the destination the note beside it names, when a
    /// regular file is there; nil when there is no note, or its destination was never made (the
    /// move was killed before it put the copy there: the original is still the database).
    /// One `lstat` where there is no note.
    ///
    /// A move back (from the destination to here) killed after it put its copy here leaves two
    /// notes naming each other: the newer one is that move's, and this file is the database.
    ///
    /// A destination moved on since (no file there, its own note) is followed: the original
    /// is still not the database, wherever the file went after.
    static func interruptedMoveDestination(of database: String) -> String? {
        var note = stat()
        guard lstat(path(for: database), &note) == 0, let destination = destination(of: database), destination.hasPrefix("/"), destination != database else {
            return nil
        }
        var status = stat()
        guard lstat(destination, &status) == 0 else {
            // Moved on: where its note says, when it says (a few moves at most are followed).
            // A note there naming this file back is a move back killed before it put its copy
            // in place: this file is the database.
            var next = destination
            var followed = false
            for _ in 0..<8 {
                guard let further = self.destination(of: next), further.hasPrefix("/") else { break }
                if further == database { return nil }
                next = further
                followed = true
                if lstat(next, &status) == 0 { return next }
            }
            return followed ? next : nil
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return nil }
        var back = stat()
        if lstat(path(for: destination), &back) == 0, self.destination(of: destination) == database, FileModification.nanoseconds(of: back) > FileModification.nanoseconds(of: note) { return nil }
        return destination
    }

    /// Removes a note beside the existing database `database` that names a place where no
    /// file ever came (a move killed before it put its copy in place): left, it would hide the
    /// database once anything made a file there. Called by openings that write.
    /// (Nothing at the destination, nor a note there: ``interruptedMoveDestination(of:)``
    /// answers nil for it, as for no note.)
    static func removeIfUnfinished(at database: String) {
        var status = stat()
        guard let destination = destination(of: database), destination.hasPrefix("/"), lstat(destination, &status) != 0,
            lstat(path(for: destination), &status) != 0
        else { return }
        remove(at: database)
    }

    /// Removes the note at `database` (a database is there again).
    static func remove(at database: String) { unlink(path(for: database)) }

    /// Where the database that was at `database` went, when a note is there: the path it
    /// names, or, when something is at the note's path that names none (an empty note, one
    /// that cannot be read, a link or a folder), that the place is unknown. Anything there
    /// stops a database being created at the old path: it may be all a move left.
    package static func destination(of database: String) -> String? {
        let note = path(for: database)
        var status = stat()
        guard lstat(note, &status) == 0 else { return nil }
        let descriptor: Int32
        do {
            descriptor = try SiblingFile.open(note, O_RDONLY)
        } catch SiblingFile.Refusal.unavailable(_, let code) {
            return "an unknown path (\(note) cannot be read: \(SystemErrorCause.describe(code)))"
        } catch {
            return "an unknown path (\(note) names none)"  // a folder, a link, a FIFO: no note
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 2)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return "an unknown path (\(note) cannot be read: \(SystemErrorCause.describe(errno)))" }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .newlines)
        return text.isEmpty ? "an unknown path (\(note) names none)" : text
    }
}
