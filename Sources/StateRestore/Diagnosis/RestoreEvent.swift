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
    /// The record kind.
    public let kind: String
    /// What the restore came to; nil for a save or a warning.
    public let restoreOutcome: RestoreOutcome?
    /// What the save came to; nil for a restore or a warning.
    public let saveOutcome: SaveOutcome?
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

    /// Whether the event is a warning rather than a restore or a save: something a developer
    /// must hear even when no report is read, a kind or report code whose name breaks the
    /// naming rules (``RestoreCode/kindInvalid``, ``RestoreCode/codeInvalid``), which
    /// ``message`` describes. Delivered once per restorer; a restorer without a handler writes
    /// it to standard error, once per process.
    public var isWarning: Bool { restoreOutcome == nil && saveOutcome == nil }

    /// A restore's event; the engine makes them, an app's tests may too.
    public init(
        restore outcome: RestoreOutcome, kind: String, codes: [RestoreCode] = [], sceneHash: String, accountHash: String, duration: Duration = .zero,
        bytes: Int = 0
    ) {
        self.init(kind: kind, restoreOutcome: outcome, saveOutcome: nil, codes: codes, sceneHash: sceneHash, accountHash: accountHash, duration: duration, bytes: bytes, message: nil)
    }

    /// A save's event; the engine makes them, an app's tests may too.
    public init(save outcome: SaveOutcome, kind: String, sceneHash: String, accountHash: String, duration: Duration = .zero, bytes: Int = 0) {
        self.init(kind: kind, restoreOutcome: nil, saveOutcome: outcome, codes: [], sceneHash: sceneHash, accountHash: accountHash, duration: duration, bytes: bytes, message: nil)
    }

    /// A warning's event, saying `message`; the engine makes them, an app's tests may too.
    public init(warning message: String, kind: String, codes: [RestoreCode] = [], sceneHash: String, accountHash: String) {
        self.init(kind: kind, restoreOutcome: nil, saveOutcome: nil, codes: codes, sceneHash: sceneHash, accountHash: accountHash, duration: .zero, bytes: 0, message: message)
    }

    private init(
        kind: String, restoreOutcome: RestoreOutcome?, saveOutcome: SaveOutcome?, codes: [RestoreCode], sceneHash: String, accountHash: String,
        duration: Duration, bytes: Int, message: String?
    ) {
        self.kind = kind
        self.restoreOutcome = restoreOutcome
        self.saveOutcome = saveOutcome
        self.codes = codes
        self.sceneHash = sceneHash
        self.accountHash = accountHash
        self.duration = duration
        self.bytes = bytes
        self.message = message
    }

    /// One line: what happened (`restore upgraded`, `save coalesced-away`, `warning`), kind,
    /// hashes, codes, bytes, duration (and a warning's message).
    public var description: String {
        let what = restoreOutcome.map { "restore \($0)" } ?? saveOutcome.map { "save \($0)" } ?? "warning"
        var line = "\(what) \(kind) \(accountHash)/\(sceneHash)"
        if !codes.isEmpty { line += " [\(codes.map(\.rawValue).joined(separator: ", "))]" }
        line += " \(bytes) B \((duration.inMilliseconds * 1_000).rounded() / 1_000) ms"
        if let message { line += ": \(message)" }
        return line
    }
}
