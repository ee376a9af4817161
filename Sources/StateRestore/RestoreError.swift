import Foundation

/// Why a StateRestore operation was refused. Restoring itself never throws for stored data:
/// it reports; these are errors in what a caller asked for.
public enum RestoreError: Error, Equatable, Sendable {
    /// An account or scene name that is empty or too long.
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
    /// A flush wrote nothing (the app is suspended: ``StateRestorer/resume(isolation:)``
    /// writes them); `scenes` names every scene with a save still waiting, none of them written.
    case savesNotWritten(String, scenes: [SceneKey])
    /// A portable record is over ``PortableConfiguration/byteBudget``; nothing was sent.
    case portableOverBudget(scene: String, kind: String, RecordSizeBreakdown)
    /// Sending or syncing a screen's state needs ``StateRestorer/configurePortable(_:)``
    /// first, or a screen has nothing to send; the reason says which.
    case portableUnavailable(String)
}

extension RestoreError: LocalizedError {
    /// The error as one line, as the CLI prints it.
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
        case .portableOverBudget(let scene, let kind, let size): "\(scene): the portable \(kind) record is \(size); it was not sent"
        case .portableUnavailable(let reason): reason
        }
    }
}
