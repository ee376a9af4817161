import Foundation
import StateStore

/// Where a restorer without a ``RestoreEventHandler`` writes the few things a developer must
/// hear even when no report is read (a kind or report code whose name breaks the naming
/// rules): standard error (the Xcode console on Apple platforms), each line once per process.
enum StandardErrorLog {
    private static let written = Locked(Set<String>())

    /// Writes `line` unless it was written before in this process.
    static func writeOnce(_ line: String) {
        guard written.withLock({ $0.insert(line).inserted }) else { return }
        FileHandle.standardError.write(Data("StateRestore: \(line)\n".utf8))
    }
}
