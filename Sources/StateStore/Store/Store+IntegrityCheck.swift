import Foundation

extension Store {
    /// The first problem `PRAGMA quick_check` finds in `file`, read through a connection that
    /// only reads (creating nothing where its log is unused), or nil when it finds none. A
    /// file SQLite cannot read at all is a problem too. Such a connection takes no lock, so a
    /// problem found while another process wrote the file (a checkpoint copying pages in) is
    /// looked for again; a file written to at every look is not called damaged here.
    static func integrityProblem(of file: DatabaseFile) throws -> String? {
        for _ in 0..<3 {
            let before = writeStamp(of: file.path)
            guard let problem = try quickCheckProblem(of: file) else { return nil }
            if writeStamp(of: file.path) == before { return problem }
        }
        return nil
    }

    /// One look: `PRAGMA quick_check`'s first problem, on one line, or nil.
    private static func quickCheckProblem(of file: DatabaseFile) throws -> String? {
        do {
            let reader = try Database(file, .readOnly)
            defer { reader.close() }
            let found = try reader.fetchAll("PRAGMA quick_check(1)") { $0.string(0) ?? "" }
            return found == ["ok"] ? nil : "integrity: " + (found.first ?? "no answer").split(whereSeparator: \.isNewline).joined(separator: " ")
        } catch let error as StoreError where error.indicatesDamage {
            return error.message
        }
    }

    /// The size and modification time of the file at `path`: what a write into it changes.
    private static func writeStamp(of path: String) -> [Int64] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [] }
        return [Int64(status.st_size), FileModification.nanoseconds(of: status)]
    }
}
