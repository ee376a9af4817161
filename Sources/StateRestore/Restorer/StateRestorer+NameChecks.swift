import Foundation
import JSON
import StateStore

extension StateRestorer {
    /// The report entry saying `State`'s kind name is not valid (its saves are refused), or nil;
    /// the restorer's diagnosis also delivers it as a warning.
    static func invalidNames<State: RestorableState>(_ type: State.Type) -> RestoreReportEntry? {
        guard (try? StoreNames.validatedKind(State.kind)) == nil else { return nil }
        return RestoreReportEntry(.kindInvalid, "the kind name \"\(State.kind)\" of \(State.self) is not 1 to 64 characters of a-z, 0-9 and -: its state cannot be saved until it is renamed")
    }

    /// The entries saying which of a reconciliation's report codes break the naming rules
    /// (each also delivered once as a warning); empty when all are valid.
    static func invalidCodes<State: RestorableState>(in adjustments: [RestoreReportEntry], of type: State.Type) -> [RestoreReportEntry] {
        adjustments.lazy.map(\.code).filter { !$0.isValid }.reduce(into: [RestoreReportEntry]()) { entries, code in
            let detail = "the report code \"\(code.rawValue)\" of \(State.self)'s reconciliation is not 1 to 64 characters of a-z, 0-9 and -; rename it before it ships"
            if !entries.contains(where: { $0.detail == detail }) { entries.append(RestoreReportEntry(.codeInvalid, detail)) }
        }
    }
}
