import StateStore

/// When a build reads a file of a schema newer than it knows without writing it: exactly when
/// the readable-by the file's migrations record reaches the build. One rule for the launch's
/// read-only opening (``LaunchDatabase/openReadingOnly(_:configuration:)``, what `restorectl
/// restore` uses) and the tool's reading verbs (`StateDatabase.openForReading`: `inspect`,
/// `history`, `quarantine list`, `shelf list`, `rollback`), so they read a newer file exactly when a
/// launch would.
enum NewerSchemaRule {
    /// What `store`, of a schema newer than `latest`, records about the builds that may use it
    /// when it lets a build at `latest` read it; nil when it does not, or records nothing (a
    /// file that says nothing is a newer release's alone).
    static func readableCompatibility(of store: Store, latestKnown latest: Int) -> SchemaCompatibility? {
        guard let compatibility = try? store.recordedCompatibility(), compatibility.isReadable(byBuildAt: latest) else { return nil }
        return compatibility
    }
}
