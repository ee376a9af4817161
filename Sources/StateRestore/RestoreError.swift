import Foundation
import JSON
import StateStore

/// Every error StateRestore throws, one type for the module: what a caller asked for that was
/// refused, a record that could not be read or was refused for saving (on restore it goes to
/// the quarantine), a kind's shape that could not be had, and the tool's refusals. Restoring
/// itself never throws for stored data: it reports.
///
/// `errorDescription` is one line naming the scene, the kind, the field or the file; tools print
/// it as is.
public enum RestoreError: Error, Equatable, Sendable {
    // What a caller asked for.

    /// An account or scene name that is empty, too long, or holds a control character.
    case invalidName(String)
    /// A record given to save is not acceptable.
    case invalidRecord(String)
    /// A document given to restore against is not acceptable.
    case invalidDocument(String)
    /// Saving would replace a record of a newer format this build cannot read.
    case wouldReplaceNewerRecord(scene: String, version: Int)
    /// The database cannot be used for writing (newer release, another program's, or corrupt).
    case databaseUnusable(String)
    /// A scene to discard still has a live screen in this process (a tracking not cancelled
    /// nor released) or in another process on the file; nothing named in that call was
    /// discarded.
    case sceneIsLive(scene: String)
    /// The record of a save is over the size budget its kind declares
    /// (``RestorableState/maxRecordBytes``); the stored record was kept.
    case recordOverBudget(scene: String, kind: String, RecordSizeBreakdown)
    /// A flush wrote nothing: the app is suspended (``StateRestorer/resume(isolation:)``
    /// writes them) or the restorer was closed; `scenes` names every scene with a save still waiting, none of them written.
    case savesNotWritten(String, scenes: [SceneKey])

    // A record that could not be read, or was refused for saving, whichever kind it is (shelf
    // snapshots included).

    /// The record is larger than the store's record limit (`Store.maximumRecordBytes`).
    case tooLarge(byteCount: Int, limit: Int)
    /// The bytes are not JSON.
    case notJSON(JSONParseError)
    /// The JSON is not an object; `got` names what it is.
    case notAnObject(got: String)
    /// `version` is present but not an integer ≥ 1.
    case invalidVersion(got: String)
    /// `minReaderVersion` is present but not an integer ≥ 1.
    case invalidMinReaderVersion(got: String)
    /// The format is newer than this build reads and its `minReaderVersion` does not let it
    /// (thrown by the decoders that cannot leave a record in place, such as
    /// `ShelfSnapshotCodec.decode`; a restore keeps such a record instead).
    case newerVersion(version: Int, newestReadable: Int)
    /// `minReaderVersion` claims a format newer than the record's own `version` (saving only).
    case minReaderVersionNewerThanVersion(minReaderVersion: Int, version: Int)
    /// A field has the wrong type; `field` is a path such as `viewport.before[1]`.
    case wrongType(field: String, expected: String, got: String)
    /// A required field is missing; `field` is a path such as `viewport.anchorID`.
    case missingField(String)
    /// A field's value does not fit the state's type; `field` is a path (`items[2].title`).
    case invalidField(field: String, reason: String)
    /// The kind's `upgrade(_:from:)` failed on the step from `version`.
    case upgradeFailed(fromVersion: Int, reason: String)
    /// `viewport.offset` is infinite (a literal like `1e400`; saving only).
    case offsetNotFinite(Double)
    /// `viewport.offset` is outside `0...1` (saving only; a restore clamps it).
    case offsetOutOfRange(Double)
    /// `viewport.before` or `viewport.after` lists more than `limit` IDs (saving only).
    case tooManyNeighbours(field: String, count: Int, limit: Int)
    /// The record does not fit the recorded shape of its format `version` (a kind read from a
    /// format folder, without its type); each violation names the field.
    case doesNotFitShape(version: Int, violations: [String])

    // A kind's shape: the probe could not follow its type, or a format file does not describe one.

    /// The probing decoder could not follow the kind's `init(from:)`, or the type reads what it
    /// does not write; each reason names the field. The fix is in the message: give the kind
    /// a ``RestorableState/recordShape``, or fix its coding.
    case notDerivable(kind: String, reasons: [String])
    /// A format folder's file is not what its name says (not JSON, not a shape, a wrong kind).
    case invalidFormatFile(path: String, reason: String)

    // The tool's rollback of one record put nothing back (nothing was written).

    /// The scene has no record of the kind, and no history; `elsewhere` names the other
    /// accounts holding a record of the kind for a scene of that name (a wrong `--account`).
    case noRecord(scene: String, kind: String, elsewhere: [String])
    /// `--to N` names no entry: the history holds `count`.
    case noSuchEntry(number: Int, count: Int)
    /// `--before-build B`: the record was not written by B (`writtenBy`, nil for no stamp).
    case notWrittenBy(build: String, writtenBy: String?)
    /// `--before-build B`: every earlier record was written by B too, or there is none.
    case nothingEarlier(build: String)

    // A tool could not open a database file.

    /// The path names a directory, not a database file.
    case isDirectory(path: String)
    /// A portable record is over ``PortableConfiguration/byteBudget``; nothing was sent.
    case portableOverBudget(scene: String, kind: String, RecordSizeBreakdown)
    /// Sending or syncing a screen's state needs ``StateRestorer/configurePortable(_:)``
    /// first, or a screen has nothing to send; the reason says which.
    case portableUnavailable(String)
}

extension RestoreError: LocalizedError {
    /// The error as one line (a shape's reasons one per line), as the CLI prints it.
    public var errorDescription: String? {
        switch self {
        case .invalidName(let reason): reason
        case .invalidRecord(let reason): "invalid record: \(reason)"
        case .invalidDocument(let reason): "invalid document: \(reason)"
        case .wouldReplaceNewerRecord(let scene, let version):
            "\(scene) holds a record of format \(version), newer than this build reads; saving would replace it; save with replacingNewer to do so deliberately"
        case .databaseUnusable(let reason): reason
        case .sceneIsLive(let scene):
            "\(scene) is still on screen (restored and not completed, or its tracking is live, in this process or another); nothing was discarded"
        case .recordOverBudget(let scene, let kind, let size): "\(scene): the \(kind) record is \(size); it was not saved"
        case .savesNotWritten(let reason, let scenes):
            "\(reason); nothing was written, and \(scenes.count == 1 ? "a save waits" : "\(scenes.count) saves wait"): \(scenes.map(\.description).joined(separator: ", "))"
        case .tooLarge(let byteCount, let limit):
            "record is \(byteCount) bytes, larger than the limit of \(limit) bytes"
        case .notJSON(let error):
            "record is not valid JSON: \(error.localizedDescription)"
        case .notAnObject(let got):
            "record must be a JSON object, got \(got)"
        case .invalidVersion(let got):
            "field \"version\" must be an integer ≥ 1, got \(got)"
        case .invalidMinReaderVersion(let got):
            "field \"minReaderVersion\" must be an integer ≥ 1, got \(got)"
        case .newerVersion(let version, let newestReadable):
            "format \(version) is newer than this build reads (\(newestReadable))"
        case .minReaderVersionNewerThanVersion(let minReaderVersion, let version):
            "field \"minReaderVersion\" (\(minReaderVersion)) must not be newer than \"version\" (\(version))"
        case .wrongType(let field, let expected, let got):
            "field \"\(field)\" must be \(expected), got \(got)"
        case .missingField(let field):
            "field \"\(field)\" is missing"
        case .invalidField(let field, let reason):
            "field \"\(field)\": \(reason)"
        case .upgradeFailed(let version, let reason):
            "the upgrade from format \(version) failed: \(reason)"
        case .offsetNotFinite(let offset):
            "field \"viewport.offset\" must be a finite number, got \(offset)"
        case .offsetOutOfRange(let offset):
            "field \"viewport.offset\" must be between 0 and 1, got \(offset)"
        case .tooManyNeighbours(let field, let count, let limit):
            "field \"\(field)\" lists \(count) IDs, at most \(limit) are allowed"
        case .doesNotFitShape(let version, let violations):
            "record does not fit the recorded shape of format \(version): \(violations.joined(separator: "; "))"
        case .notDerivable(let kind, let reasons):
            "the shape of kind \"\(kind)\" cannot be derived from its type:\n"
                + reasons.map { "- \($0)" }.joined(separator: "\n")
                + "\ngive the kind an explicit `static var recordShape: RecordShape?` (see RecordShape)"
        case .invalidFormatFile(let path, let reason): "\(path): \(reason)"
        case .noRecord: "\(noRecordSentence); nothing was changed"
        case .noSuchEntry(let number, let count):
            "the record's history has \(count) earlier record(s), so there is no #\(number); nothing was changed"
        case .notWrittenBy(let build, let writtenBy):
            "the record was not written by build \(build) (\(writtenBy.map { "it was written by build \($0)" } ?? "it carries no build stamp")); nothing was changed"
        case .nothingEarlier(let build): "the record's history holds no record written before build \(build); nothing was changed"
        case .isDirectory(let path): "\(path) is a directory, not a database file"
        case .portableOverBudget(let scene, let kind, let size): "\(scene): the portable \(kind) record is \(size); it was not sent"
        case .portableUnavailable(let reason): reason
        }
    }
}

extension RestoreError {
    /// Whether the error is about a kind's shape (``notDerivable(kind:reasons:)``,
    /// ``invalidFormatFile(path:reason:)``) rather than a record or a request.
    package var isShapeProblem: Bool {
        switch self {
        case .notDerivable, .invalidFormatFile: true
        default: false
        }
    }
}
