/// One restore, save or warning of a restorer, as its ``RestoreEventHandler`` receives it.
///
/// An event names its screen by keyed hashes of the scene and the account (HMAC-SHA-256 under
/// the handler's key, 16 hexadecimal digits), never by the names themselves, and carries no
/// byte of the state: it can go to a log or a crash report as it is.
///
/// ```swift
/// RestoreEventHandler { event in
///     logger.info("\(event)")   // restore upgraded reader 5f1c…/3f09… [record-upgraded] 812 B 0.214 ms
/// }
/// ```
public struct RestoreEvent: Hashable, Sendable, CustomStringConvertible {
    /// What an event reports.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// A restore, and what it came to.
        case restore(RestoreOutcome)
        /// A save, and what it came to.
        case save(SaveOutcome)
        /// Something a developer must hear even when no report is read: a kind or report code
        /// whose name breaks the naming rules (``RestoreCode/kindInvalid``,
        /// ``RestoreCode/codeInvalid``); ``RestoreEvent/message`` says what. Delivered once
        /// per restorer; a restorer without a handler writes it to standard error, once per
        /// process.
        case warning

        /// `restore upgraded`, `save coalesced-away`, `warning`.
        public var description: String {
            switch self {
            case .restore(let outcome): "restore \(outcome)"
            case .save(let outcome): "save \(outcome)"
            case .warning: "warning"
            }
        }
    }

    /// The record kind.
    public let kind: String
    /// What happened.
    public let outcome: Outcome
    /// The restore's report codes, in order (empty for a save).
    public let codes: [RestoreCode]
    /// The keyed hash of the scene's name.
    public let sceneHash: String
    /// The keyed hash of the account's name.
    public let accountHash: String
    /// How long the restore or save took (monotonic clock); zero for a save coalesced away
    /// and for a warning.
    public let duration: Duration
    /// The record bytes read (a restore) or written (a save); zero when none.
    public let bytes: Int
    /// A warning's text (which names the kind or code and the Swift type, never an account,
    /// a scene or a state); nil for restores and saves.
    public let message: String?

    /// An event; the engine makes them, an app's tests may too.
    public init(
        kind: String, outcome: Outcome, codes: [RestoreCode] = [], sceneHash: String, accountHash: String,
        duration: Duration = .zero, bytes: Int = 0, message: String? = nil
    ) {
        self.kind = kind
        self.outcome = outcome
        self.codes = codes
        self.sceneHash = sceneHash
        self.accountHash = accountHash
        self.duration = duration
        self.bytes = bytes
        self.message = message
    }

    /// One line: outcome, kind, hashes, codes, bytes, duration (and a warning's message).
    public var description: String {
        let milliseconds = duration.inMilliseconds
        var line = "\(outcome) \(kind) \(accountHash)/\(sceneHash)"
        if !codes.isEmpty { line += " [\(codes.map(\.rawValue).joined(separator: ", "))]" }
        line += " \(bytes) B \((milliseconds * 1_000).rounded() / 1_000) ms"
        if let message { line += ": \(message)" }
        return line
    }
}
