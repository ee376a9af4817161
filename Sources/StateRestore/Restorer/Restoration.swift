import JSON

/// What restoring one screen's state produced: the state to show, the report of every
/// adjustment, and what to carry into the next save.
///
/// A restoration always exists: the worst case is the kind's `defaultValue` with a report that
/// says why.
///
/// ```swift
/// let restored = restorer.restore(ReaderState.self, key, against: library)
/// for entry in restored.report { log(entry.code.rawValue, entry.detail) }
/// let reader = ReaderModel(restored.state)
/// let tracking = restorer.persist(from: restored) { ReaderState(bookID: reader.bookID, page: reader.page, fontSize: reader.fontSize) }
/// ```
///
/// A restoration is immutable, and shared rather than copied: a class. As a struct it held
/// fields an app's module cannot lay out (the write gate's sighting), so the app's code
/// destroyed or copied every `Restoration<State>` through its type made from its mangled name
/// at run time (0.23 M instructions at a launch's first restore, a runtime lookup of the
/// type and its conformances), and each copy retained its dozen fields one by one.
public final class Restoration<State: RestorableState>: Sendable {
    /// The screen this is for.
    public var key: SceneKey { screen.scene }
    /// The restored state, reconciled when the kind is `Reconcilable`.
    public let state: State
    /// Every adjustment made, in order; empty when the record applied exactly.
    public let report: [RestoreReportEntry]
    /// The report entries of the reconciliation alone, in order (what a screen may tell the
    /// person: "your selection was cleared"); empty for a kind that is not `Reconcilable`.
    public let adjustments: [RestoreReportEntry]
    /// Fields of the stored record this build does not know, at every object depth (a known
    /// object field holds its own unknown fields), to write back in place when saving; for a
    /// newer record read through its `minReaderVersion`, also its `version` and
    /// `minReaderVersion`, so a save writes it as that format again, never lowered.
    public var carriedFields: JSONObject { sighting.carried }
    /// The state as decoded, before reconciliation (hand-over recomputes kind-specific detail).
    package let decodedState: State
    /// What the state was reconciled against, when it was.
    @usableFromInline let reconciliationContext: ReconciliationContext?
    /// What the restore saw, from which the write gate decides what this restoration's saves
    /// may replace (the sign-out generation it captured, a file not read), with the fields
    /// they carry.
    let sighting: WriteGate.Sighting
    /// The screen's key with its kind, as the restore made it: completing and persisting the
    /// restoration look the screen up with this one, so they make no key (and hash no names)
    /// again.
    let screen: ScreenKey

    init(
        key: SceneKey, screen: ScreenKey? = nil, state: State, report: [RestoreReportEntry], adjustments: [RestoreReportEntry] = [],
        sighting: WriteGate.Sighting = WriteGate.Sighting(), decodedState: State? = nil, context: ReconciliationContext? = nil
    ) {
        self.sighting = sighting
        self.screen = screen ?? ScreenKey(scene: key, kind: State.kind)
        self.state = state
        self.report = report
        self.adjustments = adjustments
        self.decodedState = decodedState ?? state
        self.reconciliationContext = context
    }

    /// The record kind.
    public var kind: String { State.kind }

    /// Whether the report holds `code`.
    public func reports(_ code: RestoreCode) -> Bool { report.contains { $0.code == code } }
}

extension Restoration where State: Reconcilable {
    /// The data the state was reconciled against.
    ///
    /// Inlinable, so a kind's module reads it specialized: called unspecialized, it needs the
    /// `Restoration<State>` type made from its mangled name (a conformance lookup) at run time.
    @inlinable public var context: State.Context? { (reconciliationContext as? ReconciliationContext.Holding<State.Context>)?.value }
}

/// What a restoration was reconciled against, held by a class rather than as `any Sendable`:
/// a restoration of any kind stores it, and reading it back as the kind's `Context` is a class
/// cast. (An `Optional<any Sendable>` is made from its mangled name at a launch's first
/// restore, a runtime lookup of the protocol by name; the cast back was an existential cast.)
@usableFromInline class ReconciliationContext: @unchecked Sendable {
    /// The data of one type, `Context`.
    @usableFromInline final class Holding<Context: Sendable>: ReconciliationContext, @unchecked Sendable {
        @usableFromInline let value: Context

        init(_ value: Context) { self.value = value }
    }
}

extension Restoration: Equatable {
    /// Equal when key, state, report and carried fields are.
    public static func == (lhs: Restoration, rhs: Restoration) -> Bool {
        lhs.key == rhs.key && lhs.state == rhs.state && lhs.report == rhs.report && lhs.carriedFields == rhs.carriedFields
    }
}
