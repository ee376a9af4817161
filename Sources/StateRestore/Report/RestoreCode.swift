import StateStore

/// The stable code of a restore report entry: an open vocabulary, like a kind name.
///
/// The engine's own codes are static members (`.noRecord`, `.recordUpgraded`…); a kind adds
/// its own for what its reconciliation does, and the tool prints them as they are:
///
/// ```swift
/// extension RestoreCode {
///     static let pageClamped = RestoreCode("page-clamped")
/// }
/// ```
///
/// A code is 1–64 characters of `a`–`z`, `0`–`9` and `-` (``isValid``). Codes are part of the
/// CLI's JSON contract: never rename one a release has shipped.
public struct RestoreCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The code as printed (`"page-clamped"`).
    public let rawValue: String

    /// A code named `rawValue`, or nil when the name is not 1–64 characters of `a`–`z`, `0`–`9`
    /// and `-`.
    public init?(rawValue: String) {
        guard (try? StoreNames.validatedKind(rawValue)) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A code named `name`. A name that is not 1–64 characters of `a`–`z`, `0`–`9` and `-` is
    /// kept as given, and ``isValid`` says so.
    public init(_ name: String) {
        rawValue = name
    }

    /// Whether the name is 1–64 characters of `a`–`z`, `0`–`9` and `-`.
    public var isValid: Bool { (try? StoreNames.validatedKind(rawValue)) != nil }

    /// The code itself.
    public var description: String { rawValue }

    /// Decodes a code from its name.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the code as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension RestoreCode {
    /// The scene had no record; the default state was used.
    public static let noRecord = RestoreCode("no-record")
    /// The record was written in an older format and was upgraded to the current one.
    public static let recordUpgraded = RestoreCode("record-upgraded")
    /// Fields the record did not carry were given their defaults.
    public static let defaultsApplied = RestoreCode("defaults-applied")
    /// The record is of a newer format this build cannot read; it was kept in place.
    public static let unsupportedVersion = RestoreCode("unsupported-version")
    /// A record of a newer format was read through its `minReaderVersion`.
    public static let recordNewerRead = RestoreCode("record-newer-read")
    /// A record of a newer format that says this build may read it did not decode: it was kept
    /// in its slot, untouched, for the release that wrote it, and this build's saves leave it.
    public static let recordNewerUnreadable = RestoreCode("record-newer-unreadable")
    /// The kind's name is not 1–64 characters of `a`–`z`, `0`–`9` and `-`: its records cannot
    /// be saved until it is renamed (a report code that breaks the rule is ``codeInvalid``).
    /// Also delivered once as a warning (``RestoreEvent/isWarning``).
    public static let kindInvalid = RestoreCode("kind-invalid")
    /// The record is older than its kind's `expiresAfter`: the default state was used and the
    /// record stays in place until the next save.
    public static let recordExpired = RestoreCode("record-expired")
    /// The tool showed an older record of a kind it read from a format folder without upgrading
    /// it: the upgrade steps are the app's code. Current defaults were laid over it as stored.
    public static let recordNotUpgraded = RestoreCode("record-not-upgraded")
    /// The record could not be decoded; it was moved to the quarantine.
    public static let recordUnreadable = RestoreCode("record-unreadable")
    /// Restoring this scene crashed a previous launch; its record was skipped.
    public static let restoreCrashed = RestoreCode("restore-crashed")
    /// The database was written by a newer release; nothing was read or changed.
    public static let databaseNewer = RestoreCode("database-newer")
    /// The database was written by a newer release whose recorded compatibility lets this build
    /// read it but not write it: the stored state was read without writing, and saves are refused.
    public static let databaseNewerRead = RestoreCode("database-newer-read")
    /// The file is another program's database; nothing was read or changed.
    public static let databaseForeign = RestoreCode("database-foreign")
    /// The file was not a readable database; it was moved aside and a fresh one created.
    public static let databaseCorrupt = RestoreCode("database-corrupt")
    /// The database could not be opened (permissions, a directory, I/O errors), or the file a
    /// restorer opened is no longer at its path (moved, removed or replaced). A file that can be
    /// read but not written is ``databaseReadOnly``.
    public static let databaseUnavailable = RestoreCode("database-unavailable")
    /// Another process held the database's lock for longer than the launch budget: the default
    /// state was used, and the scene's saves never replace a record they did not see.
    public static let databaseBusy = RestoreCode("database-busy")
    /// The database needs a migration too long for a launch
    /// (`DatabaseConfiguration.launchMigrationLimitBytes`): it runs once in the background,
    /// the default state was used, and the scene's saves never replace a record they did not
    /// see. Restores after it return the stored state.
    public static let databaseNeedsMigration = RestoreCode("database-needs-migration")
    /// A report code of the kind's reconciliation breaks the naming rules (``isValid``); it is
    /// reported as given, and delivered once as a warning (``RestoreEvent/isWarning``).
    public static let codeInvalid = RestoreCode("code-invalid")
    /// The database cannot be written (no space, read-only storage or file, no descriptor left): its stored state
    /// was read without writing, and saves wait until it can be written.
    public static let databaseReadOnly = RestoreCode("database-read-only")
    /// The restorer is suspended (``StateRestorer/suspend(isolation:)``): nothing was read.
    public static let restorerSuspended = RestoreCode("restorer-suspended")
    /// The crash-loop guard could not mark this restore (a full disk, read-only storage): the
    /// record was applied without it.
    public static let restoreUnguarded = RestoreCode("restore-unguarded")

    /// The codes that say a restore did not read the file (unavailable, busy past the launch
    /// budget, waiting for a background migration, suspended): what it holds was not seen, so
    /// saves must not replace it and the next restore tries the file again.
    static let fileNotRead: Set<RestoreCode> = [.databaseUnavailable, .databaseBusy, .databaseNeedsMigration, .restorerSuspended]

    /// Every code the engine itself reports (a kind's reconciliation adds its own).
    public static let engineCodes: [RestoreCode] = [
        .noRecord, .recordUpgraded, .defaultsApplied, .unsupportedVersion, .recordNewerRead, .recordNewerUnreadable, .recordUnreadable, .recordExpired, .kindInvalid,
        .restoreCrashed, .databaseNewer, .databaseNewerRead, .databaseForeign, .databaseCorrupt, .databaseUnavailable, .databaseBusy, .databaseReadOnly, .restorerSuspended, .restoreUnguarded,
        .databaseNeedsMigration,
        .codeInvalid,
        .portableLanded, .portableDamaged, .portableForeign, .portableUnsupported, .portableSignedOut, .destinationApplied,
    ]
}
