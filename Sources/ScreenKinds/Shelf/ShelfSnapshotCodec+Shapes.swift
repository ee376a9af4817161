import StateRestore

extension ShelfSnapshotCodec {
    /// The shapes of the snapshot's formats 1 and 2 (see the format history): what a redacted
    /// export keeps the field names of in a shelf snapshot.
    package static var recordShapes: [RecordShape] {
        let book = RecordShape.object(["id": .integer, "title": .string, "revision": .integer])
        let draft = RecordShape.object(["bookID": .integer, "baseRevision": .integer, "proposedTitle": .string])
        var recoveredDraft = draft
        recoveredDraft.fields["recovered"] = RecordShape.boolean.optional
        return [
            .object(["books": .array(of: book), "fetchedAt": .number, "drafts": .array(of: draft)]),
            .object(["query": RecordShape.string.optional, "books": .array(of: book), "fetchedAt": .number, "drafts": .array(of: recoveredDraft)]),
        ]
    }
}
