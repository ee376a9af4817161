import MigrationHeader
import StateStore

/// Where a restorer delivers its ``RestoreEvent``s: given once, when the restorer is made
/// (`StateRestorer(path:…, events:)`), so each restorer (each test's) has its own.
///
/// The handler runs on the thread that restored or saved (a coalesced write's on the writer's),
/// after the engine's locks are released; keep it quick, and hand heavy work elsewhere. A
/// restorer without a handler builds no event and hashes nothing.
///
/// ```swift
/// let events = RestoreEventHandler(hashKey: installationKey) { event in
///     logger.log(level: event.isWarning ? .error : .debug, "\(event)")
/// }
/// let restorer = StateRestorer(path: statePath, events: events)
/// ```
///
/// Scenes and accounts are named by HMAC-SHA-256 under `hashKey`: give the same key at every
/// launch (kept in the keychain, say) to follow one scene across launches in logs; by default
/// the key is random, and hashes match only within one handler's restorer.
public struct RestoreEventHandler: Sendable {
    /// Receives each event.
    let handle: @Sendable (RestoreEvent) -> Void
    /// Names scenes and accounts.
    let names: KeyedHash
    /// The hashes made so far (a screen saved every window is hashed once), cleared when it
    /// holds ``cacheLimit`` names; by the names' bytes, as they are hashed (keyed by Swift
    /// strings, two spellings of one name, `café` composed and decomposed, got one hash).
    private let made = Locked([ExactText: String]())

    /// A handler calling `handle` with each event, naming scenes and accounts by keyed hashes
    /// under `hashKey` (any length; nil: 32 random bytes).
    public init(hashKey: [UInt8]? = nil, _ handle: @escaping @Sendable (RestoreEvent) -> Void) {
        self.handle = handle
        names = KeyedHash(key: hashKey ?? KeyedHash.randomKey())
    }

    /// The keyed hash of `name`, as events carry it.
    public func hash(_ name: String) -> String {
        let key = ExactText(name)
        if let known = made.withLock({ $0[key] }) { return known }
        let hash = names.hex(of: name, characterCount: 16)
        made.withLock { made in
            if made.count >= Self.cacheLimit { made.removeAll(keepingCapacity: true) }
            made[key] = hash
        }
        return hash
    }

    /// How many hashes are kept.
    private static let cacheLimit = 1_024
}
