import StateRestore

/// The model-based test's kind (`Tests/StateRestoreTests/Model/ModelNote.swift`), compiled
/// into the child: the same kind name, formats, defaults and lifetime, not reconciled (the
/// child restores without the parent's items).
struct ModelChildNote: RestorableState {
    static let kind = "model-note"
    static let currentVersion = 2
    static let minReaderVersion = 1
    static let defaultValue = ModelChildNote(title: "", selected: nil, pinned: false)
    static let expiresAfter: Duration? = .seconds(3 * 86_400)
    static let maxRecordBytes: Int? = 250
    static let historyDepth = 3

    var title: String
    var selected: Int?
    var pinned: Bool
}
