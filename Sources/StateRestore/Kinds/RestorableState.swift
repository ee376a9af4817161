import JSON

/// A screen's persisted state: a plain `Codable` value the engine stores, versions, defaults,
/// upgrades and restores. Conforming is all an app writes to make a screen restorable.
///
/// ```swift
/// struct ReaderState: RestorableState {
///     static let kind = "reader"
///     static let currentVersion = 2
///     static let defaultValue = ReaderState(bookID: nil, page: 1, fontSize: 1.0)
///
///     var bookID: Int?
///     var page: Int
///     var fontSize: Double          // new in format 2: old records get the default
///
///     static func upgrade(_ record: inout JSONObject, from version: Int) throws {
///         if version == 1 { record["page"] = record["pageNumber"]; record["pageNumber"] = nil }
///     }
/// }
/// ```
///
/// What the engine does with it:
/// - **Defaults without the Codable trap.** A stored record with absent fields, at any object
///   depth, takes their values from ``defaultValue`` (the default is encoded, the stored object
///   laid over it, and the result decoded), and the report's `defaults-applied` lists the paths
///   filled. Arrays are taken whole from the record.
/// - **Versions.** Records carry `"version"` (absent means 1). An older record is passed to
///   ``upgrade(_:from:)`` once per step, oldest first, before defaults are applied; the upgraded
///   form is written back at the next save. A newer record is read only when its
///   `minReaderVersion` is at most ``currentVersion``; otherwise it stays in place untouched.
/// - **Unknown fields** at any object depth of a record (those the kind's shape does not define)
///   are kept and written back in place on save; arrays are taken whole. A newer record read
///   through its `minReaderVersion` is written back as its own format, never lowered.
/// - **Damage.** A record that does not decode is moved to the quarantine with its kind, and
///   the screen starts from ``defaultValue``; restoring never throws.
public protocol RestorableState: Codable, Equatable, Sendable {
    /// The record kind: 1–64 characters of `a`–`z`, `0`–`9` and `-`, unique in the app
    /// (`"catalog"`, `"notes"`, `"zones"`, or an app's own).
    static var kind: String { get }
    /// The format this build writes, at least 1.
    static var currentVersion: Int { get }
    /// The oldest reader that may read what this build writes, ignoring the fields it does not
    /// know. Defaults to ``currentVersion``.
    static var minReaderVersion: Int { get }
    /// What a scene starts from with no usable record; also the source of defaults for absent
    /// fields.
    static var defaultValue: Self { get }
    /// Rewrites a record of format `version` into format `version + 1` in place (rename, split,
    /// retype a field). Called once per version step, oldest first; `version` and
    /// `minReaderVersion` are not in `record`. Default: nothing to do. A thrown error makes the
    /// record unreadable (quarantined).
    static func upgrade(_ record: inout JSONObject, from version: Int) throws
    /// How long a saved state stays meaningful (a route, a search, a selection a week old is a
    /// bug report); an older record restores as ``defaultValue`` with `record-expired` and stays
    /// in place until the next save. Default: never.
    ///
    /// Declare it as `Duration` or `Duration?`, or let a literal infer it: each takes effect.
    associatedtype ExpiresAfter: RecordLifetime = Duration?
    /// How long a saved state stays meaningful (see ``ExpiresAfter``).
    static var expiresAfter: ExpiresAfter { get }
    /// The size budget of this kind's records, in bytes: a save whose record is larger is
    /// refused (the stored record stays; a hand save throws
    /// ``RestoreError/recordOverBudget(scene:kind:_:)``, a persisted one is listed in
    /// ``StateRestorer/unwrittenSaves`` as ``UnwrittenSave/Reason/overBudget(_:)``), naming the
    /// record's largest fields. Default: nil, no budget of the kind's own: saves over
    /// ``RecordSizeBreakdown/defaultBudget`` (256 KiB) are written and reported in
    /// ``StateRestorer/oversizedSaves``, so an app never silently keeps its older state. Either
    /// way the store refuses a record over its hard limit (`Store.maximumRecordBytes`, 1 MiB).
    ///
    /// Only the encoded size is compared on a save; the fields are measured only when a record
    /// is over the budget.
    ///
    /// Declare it as `Int` or `Int?`, or let a literal infer it (`static let maxRecordBytes =
    /// 4096`): each takes effect.
    associatedtype MaxRecordBytes: RecordByteBudget = Int?
    /// The size budget of this kind's records, in bytes (see ``MaxRecordBytes``).
    static var maxRecordBytes: MaxRecordBytes { get }
    /// The shape of this kind's records (field names, JSON types, optionality, enum values),
    /// given by hand; nil, the default, derives it from the type (``RecordShape/derived(from:)``).
    ///
    /// Give it when a custom `init(from:)` reads the record as a whole (a `JSONValue`, all its
    /// keys) or fields that depend on others' values, which a probing decoder cannot follow; a
    /// format test (`StateRestoreTesting`'s `FormatHistory`) says when it is needed. Nothing on
    /// the launch path reads it.
    static var recordShape: RecordShape? { get }
    /// How many earlier records of a scene to keep (0, the default: none, and a save costs
    /// nothing more). With N above 0, each save keeps the record it replaces, with the build
    /// that had written it, in the same transaction, and the entries beyond N go (with
    /// `secure_delete` on); ``StateRestorer/rollBack(kind:writtenBy:account:)`` and
    /// `restorectl rollback` put an earlier one back. A record's history goes with the record
    /// (discard, sign-out, prune, and a save that replaces an expired record).
    ///
    /// `historyDepth = 3` keeps three earlier records besides the current one. Declare it as
    /// `Int` or `Int?`, or let a literal infer it: each takes effect.
    associatedtype HistoryDepth: RecordHistoryDepth = Int
    /// How many earlier records of a scene to keep (see ``HistoryDepth``).
    static var historyDepth: HistoryDepth { get }
}

extension RestorableState {
    /// The format itself: an older reader may not read it.
    public static var minReaderVersion: Int { currentVersion }

    /// Nothing to rewrite: new fields take their defaults.
    public static func upgrade(_ record: inout JSONObject, from version: Int) throws {}

    /// Derived from the type: the kind gives no shape of its own.
    public static var recordShape: RecordShape? { nil }

    /// The kind's lifetime as the engine reads it, whichever type it was declared as.
    static var declaredLifetime: Duration? { expiresAfter.recordLifetime }
    /// The kind's budget as the engine reads it, whichever type it was declared as.
    static var declaredByteBudget: Int? { maxRecordBytes.recordByteBudget }
    /// The kind's history depth as the engine reads it (never below 0), whichever type it was
    /// declared as.
    static var declaredHistoryDepth: Int { max(0, historyDepth.recordHistoryDepth) }
}

extension RestorableState where ExpiresAfter == Duration? {
    /// Never: a saved state stays meaningful however old it is.
    public static var expiresAfter: Duration? { nil }
}

extension RestorableState where MaxRecordBytes == Int? {
    /// None of its own: saves over the default budget are written and reported.
    public static var maxRecordBytes: Int? { nil }
}

extension RestorableState where HistoryDepth == Int {
    /// None: a save keeps no earlier record.
    public static var historyDepth: Int { 0 }
}
