/// What a format history check found: its failures (each a readable line naming the file or
/// the field, and the fix), its notes, the files it recorded and the samples it restored.
public struct FormatHistoryReport: Sendable, CustomStringConvertible {
    /// The kind checked.
    public let kind: String
    /// The kind's type, as messages name it (`ReaderState`).
    public let typeName: String
    /// What fails the check; empty when it passes.
    public internal(set) var failures: [String] = []
    /// What is worth knowing but allowed (an addition not yet recorded, a sample without an
    /// expectation).
    public internal(set) var notes: [String] = []
    /// The files recording wrote, by name within the folder.
    public internal(set) var recorded: [String] = []
    /// The samples restored through the engine, by file name.
    public internal(set) var samplesChecked: [String] = []

    /// Whether the history holds: no failures.
    public var isPassing: Bool { failures.isEmpty }

    /// The report as lines: a verdict, then each failure, note and recorded file.
    public var description: String {
        var lines = [
            isPassing
                ? "\(typeName) (kind \"\(kind)\"): the format history holds (\(samplesChecked.count) sample\(samplesChecked.count == 1 ? "" : "s") restored)"
                : "\(typeName) (kind \"\(kind)\"): the format history is broken (\(failures.count) failure\(failures.count == 1 ? "" : "s"))"
        ]
        lines += failures.map { "✗ \($0)" }
        lines += notes.map { "• \($0)" }
        lines += recorded.map { "recorded \($0)" }
        return lines.joined(separator: "\n")
    }
}
