import Foundation
import StateRestore
import StateRestoreTesting
import Testing

/// "The same screen on another device", run: a phone and a tablet, each with its own file and
/// its own view of iCloud (the key-value double), hand the reader over and sync its slot.
@Suite struct HandoffReaderTests {
    let phone: TemporaryRestorer
    let tablet: TemporaryRestorer
    let phoneCloud = UbiquitousStoreDouble()
    let tabletCloud = UbiquitousStoreDouble()
    let phoneWindow: SceneKey
    let tabletWindow: SceneKey

    init() throws {
        phone = try TemporaryRestorer()
        tablet = try TemporaryRestorer()
        configureHandoff(phone.restorer, deviceID: "phone-7f3a", store: phoneCloud)
        configureHandoff(tablet.restorer, deviceID: "tablet-19c2", store: tabletCloud)
        // Scene ids are per device; the slot is what names "the same screen".
        phoneWindow = try SceneKey(scene: "9E1D-window", account: "ann")
        tabletWindow = try SceneKey(scene: "main", account: "ann")
    }

    /// iCloud carries every key the phone's store holds over to the tablet's.
    private func syncPhoneToTablet() {
        for key in phoneCloud.keys { tabletCloud.receive(phoneCloud.value(forKey: key), forKey: key) }
    }

    @Test func handoffLandsTheSameBookAndPageOnTheTablet() throws {
        try phone.seed(HandoffReaderState(bookID: 7, page: 42, fontSize: 1.5), for: phoneWindow)
        let payload = try handoffPayload(restorer: phone.restorer, window: phoneWindow)
        #expect(payload.count < 3 * 1024)

        let landed = continueReading(restorer: tablet.restorer, window: tabletWindow, payload: payload, shelf: ReaderShelf(library: [7: 300]))
        #expect(landed.state == HandoffReaderState(bookID: 7, page: 42, fontSize: 1.5))
        #expect(landed.report.map(\.code) == [.portableLanded])
    }

    @Test func aDeepLinkIsNeverUndoneByTheLandedState() throws {
        try phone.seed(HandoffReaderState(bookID: 7, page: 42, fontSize: 1.5), for: phoneWindow)
        let payload = try handoffPayload(restorer: phone.restorer, window: phoneWindow)
        let landed = continueReading(restorer: tablet.restorer, window: tabletWindow, payload: payload, shelf: ReaderShelf(library: [7: 300, 9: 80], opened: 9))
        #expect(landed.state == HandoffReaderState(bookID: 9, page: 1, fontSize: 1.5))
        #expect(landed.adjustments.map(\.code) == [.destinationApplied])
    }

    @Test func theSlotSyncsThroughTheKeyValueStoreWithoutPingPong() throws {
        try phone.seed(HandoffReaderState(bookID: 7, page: 42, fontSize: 1.5), for: phoneWindow)
        #expect(try shareReader(restorer: phone.restorer, window: phoneWindow, account: "ann"))
        #expect(phoneCloud.keys.count == 1 && phoneCloud.keys[0].utf8.count == 64)
        syncPhoneToTablet()

        let picked = try pickUpReader(restorer: tablet.restorer, window: tabletWindow, account: "ann", shelf: ReaderShelf(library: [7: 30]))
        #expect(picked.state == HandoffReaderState(bookID: 7, page: 30, fontSize: 1.5))
        #expect(picked.report.map(\.code) == [.portableLanded, RestoreCode("page-clamped")])
        // What landing produced is not published back, so the two devices do not loop.
        try tablet.restorer.save(picked.state, for: tabletWindow)
        #expect(try shareReader(restorer: tablet.restorer, window: tabletWindow, account: "ann") == false)
        // Signing out takes the account's slot out of the store.
        try tablet.restorer.signOut(account: "ann")
        #expect(tabletCloud.keys.isEmpty)
        #expect(tabletCloud.deliveredChanges.allSatisfy { !$0.isQuotaViolation })
    }
}
