import Foundation
import StateStore

/// Where the engine writes the few things a developer must hear about even when no report is
/// read: a kind or report code whose name breaks the naming rules, found at the first restore.
///
/// Each message is written once per process. By default a line goes to standard error (the
/// Xcode console on Apple platforms); an app that has a logger of its own routes them there:
///
/// ```swift
/// RestoreLog.setHandler { line in logger.error("\(line)") }
/// ```
public enum RestoreLog {
    private static let state = Locked(LogState())

    private struct LogState {
        var handler: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data("StateRestore: \(line)\n".utf8)) }
        var written: Set<String> = []
    }

    /// Routes every later message to `handler` instead of standard error.
    public static func setHandler(_ handler: @escaping @Sendable (String) -> Void) {
        state.withLock { $0.handler = handler }
    }

    /// Writes `line` unless it was written before in this process.
    package static func writeOnce(_ line: String) {
        let handler = state.withLock { state -> (@Sendable (String) -> Void)? in
            state.written.insert(line).inserted ? state.handler : nil
        }
        handler?(line)
    }
}
