import Foundation
import StateRestore

// The code of "The same screen on another device" (StateRestore.docc/TheSameScreenOnAnotherDevice.md),
// verbatim; HandoffReaderTests runs it on two simulated devices with the key-value double.

/// What the reader is checked against on this device: the books it has (book → pages), and the
/// book a deep link or a notification opened the screen at, if any.
struct ReaderShelf: Sendable {
    var library: [Int: Int]
    var opened: Int? = nil
}

/// The reader screen as it follows the person from device to device.
struct HandoffReaderState: Reconcilable {
    static let kind = "handoff-reader"
    static let currentVersion = 1
    static let defaultValue = HandoffReaderState(bookID: nil, page: 1, fontSize: 1.0)

    var bookID: Int?
    var page: Int
    var fontSize: Double

    /// The destination picks the book; the restored or landed state keeps everything the
    /// destination does not name (the font size); then the book is checked against the library.
    func reconciled(against shelf: ReaderShelf) -> Reconciled<HandoffReaderState> {
        var state = self
        var adjustments: [RestoreReportEntry] = []
        if let opened = shelf.opened, opened != bookID {
            (state.bookID, state.page) = (opened, 1)
            adjustments.append(RestoreReportEntry(.destinationApplied, "opened at book \(opened)"))
        }
        guard let book = state.bookID else { return Reconciled(state, adjustments: adjustments) }
        guard let pages = shelf.library[book] else {
            (state.bookID, state.page) = (nil, 1)
            return Reconciled(state, adjustments: adjustments + [RestoreReportEntry(RestoreCode("book-missing"), "book \(book) is not on this device")])
        }
        if state.page > pages {
            adjustments.append(RestoreReportEntry(RestoreCode("page-clamped"), "page \(state.page) is past the end of book \(book)"))
            state.page = pages
        }
        return Reconciled(state, adjustments: adjustments)
    }
}

/// Configures `restorer` for portable state: the app's slot key (the same on every device),
/// this device, this build, and the key-value store the slots sync through.
func configureHandoff(_ restorer: StateRestorer, deviceID: String, store: any PortableKeyValueStore) {
    let slotKey = Array("reader-app slot key, not a secret".utf8)  // built into the app, the same everywhere
    restorer.configurePortable(PortableConfiguration(slotKey: slotKey, deviceID: deviceID, appBuild: "2.1 (340)", store: store))
}

/// Handoff: the bytes to put in the activity's `userInfo`, within its 3 KB.
func handoffPayload(restorer: StateRestorer, window: SceneKey) throws -> Data {
    try restorer.portable(HandoffReaderState.self, for: window)
}

/// Continuing the activity on this device: the landed state, checked against this device's
/// library and the destination the app was opened at.
func continueReading(restorer: StateRestorer, window: SceneKey, payload: Data, shelf: ReaderShelf) -> Restoration<HandoffReaderState> {
    restorer.restore(HandoffReaderState.self, window, fromPortable: payload, against: shelf)
}

/// The slot every device of the account shares for the reader.
func readerSlot(account: String) throws -> PortableSlot {
    try PortableSlot("reader", account: account)
}

/// After the reader's state changed (at the end of a reading session, say): publish it to the
/// slot, unless it is what the last landing produced.
func shareReader(restorer: StateRestorer, window: SceneKey, account: String) throws -> Bool {
    try restorer.publish(HandoffReaderState.self, for: window, to: readerSlot(account: account))
}

/// When the store says the slot changed on another device: land the winning record.
func pickUpReader(restorer: StateRestorer, window: SceneKey, account: String, shelf: ReaderShelf) throws -> Restoration<HandoffReaderState> {
    restorer.restore(HandoffReaderState.self, window, fromSlot: try readerSlot(account: account), against: shelf)
}
