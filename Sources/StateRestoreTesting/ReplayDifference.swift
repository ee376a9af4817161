import StateRestore

/// A scene whose replayed outcome differs from its expectation (``ReportReplayReport``): the
/// scene as the file names it, its kind, and one line per difference.
public struct ReplayDifference: Sendable, Equatable, CustomStringConvertible {
    /// The account, as the file stores it (a redacted export's keyed hash).
    public let account: String
    /// The scene, as the file stores it (a redacted export's keyed hash).
    public let scene: String
    /// The record's kind.
    public let kind: String
    /// What differs: `codes: expected [a], got [b]`, each path of the state's JSON
    /// (`position: expected 0, got -1`), or a scene missing on one side.
    public let lines: [String]

    init(_ difference: ReplayExpectations.Difference) {
        account = difference.account
        scene = difference.storedScene
        kind = difference.kind
        lines = difference.lines
        label = difference.scene
    }

    private let label: String

    /// The scene as messages name it (`scene "…" of account "…" (podcast)`), then each line.
    public var description: String {
        ([label + ":"] + lines.map { "    \($0)" }).joined(separator: "\n")
    }
}
