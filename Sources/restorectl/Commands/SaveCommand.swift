import Foundation
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl save`: validate a record of one kind and store it for a window.
enum SaveCommand {
    static let spec = CommandSpec(
        name: "save",
        abstract: "Validate a state record of one kind and store it for a window.",
        discussion: """
            The record is a JSON object in any format version of its kind; records of versions this build knows must have \
            their fields' types and ranges, newer ones are stored as they are. An app's kind (--formats) is checked against the \
            recorded shape of the record's format (an older format with no recorded shape, against its envelope only). \
            Anything else exits 65 and writes nothing; so does a damaged database, and the message says what would recover \
            it (the app's next launch moves it aside; or move it aside by hand and save again).
            """,
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let key = try options.record.key
        let kind = try options.record.resolvedKind(commandPath: ["save"])
        let record = try InputFiles.read(options.stateFile, console: console, what: "state", decodingAs: "record") {
            try kind.validateForSave($0)
        }
        try refuseNewerRecordReadingOnly(record, for: key, in: options.record.database, replacingNewer: options.replacesNewer)
        let store = try FailureMapping.openForSaving(options.record.database)
        defer { store.close() }
        do {
            try RecordSaving.save(record, for: key, in: store, replacingNewer: options.replacesNewer)
        } catch RestoreError.wouldReplaceNewerRecord(let scene, let version) {
            throw newerRecordRefusal(scene: scene, version: version)
        }
        console.print("Saved format \(record.version) record (\(record.payload.utf8.count) bytes) for \(key).")
        return .success
    }

    /// Refuses the save, reading only, when the file holds a newer record it would replace: the
    /// refusal then leaves an older file exactly as it was (the open for writing migrates it
    /// first). The write checks again in its transaction; a file this cannot read is left to it.
    private static func refuseNewerRecordReadingOnly(_ record: ValidatedRecord, for key: SceneKey, in path: String, replacingNewer: Bool) throws {
        guard !replacingNewer, !record.isNewerThanThisBuild, FileManager.default.fileExists(atPath: path),
            let reader = try? StateDatabase.openForReading(path)
        else { return }
        defer { reader.close() }
        guard let stored = try? reader.record(account: key.account, scene: key.scene, kind: record.kind), stored.version > record.currentVersion else { return }
        throw newerRecordRefusal(scene: key.description, version: stored.version)
    }

    private static func newerRecordRefusal(scene: String, version: Int) -> CommandFailure {
        CommandFailure(.dataError, "\(scene) holds a record of format \(version), newer than this build reads; saving would replace it (use --replace-newer to do so deliberately)")
    }
}
