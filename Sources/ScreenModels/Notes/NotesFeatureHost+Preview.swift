extension NotesFeatureHost where Identity == String {
    /// A host for previews and demos: the real ownership shape (a host owning one model per
    /// identity, loading only when it appears) over a ``FixedNotes`` loader, so what a preview
    /// shows is deterministic and no network work happens in initialization.
    ///
    /// ```swift
    /// let host = NotesFeatureHost.preview(restoredQuery: "swift")
    /// await host.appear().value   // the preview's `.task`
    /// ```
    public static func preview(
        _ loader: FixedNotes = .preview,
        restoredQuery: String = "",
        restoredSelectedNoteID: Int? = nil
    ) -> NotesFeatureHost<String> {
        NotesFeatureHost(
            identity: "preview", restoredQuery: restoredQuery, restoredSelectedNoteID: restoredSelectedNoteID
        ) { _ in loader }
    }
}
