/// The current data of one kind read from a document, ready to restore any scene against
/// (`RecordKind.context(fromDocument:)`).
package struct DocumentContext: Sendable {
    private let restoring: @Sendable (StateRestorer, SceneKey) -> RestorationSummary

    /// A context that restores a scene with `restoring` (which completes the restore): a
    /// kind's own, or an app's test's (StateRestoreTesting's `ReportReplay`).
    package init(_ restoring: @escaping @Sendable (StateRestorer, SceneKey) -> RestorationSummary) {
        self.restoring = restoring
    }

    /// Restores `key`'s state through `restorer`, reconciled against this data, and completes
    /// the restore.
    package func restore(_ key: SceneKey, with restorer: StateRestorer) -> RestorationSummary {
        restoring(restorer, key)
    }
}
