import Observation
import ScreenKinds
import StateRestore

/// An app-defined kind: a reader's page and font size.
struct ReaderState: RestorableState {
    static let kind = "reader"
    static let currentVersion = 1
    static let defaultValue = ReaderState(page: 1, fontSize: 1.0)

    var page: Int
    var fontSize: Double
}

/// An app's observable screen model; `scrollVelocity` is not part of the saved state.
@MainActor
@Observable
final class ReaderModel: PersistableScreenModel {
    var page: Int
    var fontSize: Double
    var scrollVelocity = 0.0

    init(_ state: ReaderState = .defaultValue) {
        page = state.page
        fontSize = state.fontSize
    }

    var restorableState: ReaderState { ReaderState(page: page, fontSize: fontSize) }
}
