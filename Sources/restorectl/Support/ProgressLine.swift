import StateStore

/// The one-line progress display of a running migration.
enum ProgressLine {
    static func text(for progress: MigrationProgress) -> String {
        var text = "migration \(progress.version) (\(progress.name))"
        if let total = progress.recordsTotal {
            text += ": \(progress.recordsDone)/\(total) records"
        }
        return text
    }
}
