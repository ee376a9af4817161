import Foundation
import StateRestore
import StateStore
import TestSupport
import Testing

/// Landing another device's portable record (issue #41): under exactly the rules of a launch,
/// between two devices of different releases, each with its own file.
@Suite struct PortableLandingTests {
    let phone: PortableDevice  // release 3
    let tablet: PortableDevice  // release 2

    init() throws {
        phone = try PortableDevice("phone", build: "3.0")
        tablet = try PortableDevice("tablet", build: "2.4", scene: "main")
    }

    /// What a launch of `State` reports for `record` stored in a file of its own.
    private func launchCodes<Saved: RestorableState, State: Reconcilable>(
        of record: Saved, restoredAs type: State.Type, against shelf: BookShelf
    ) throws -> [RestoreCode] where State.Context == BookShelf {
        let file = try StateFile()
        let key = try SceneKey(scene: "s", account: "a")
        let seed = StateRestorer(path: file.path)
        try seed.save(record, for: key)
        try seed.close()
        let launch = StateRestorer(path: file.path)
        defer { try? launch.close() }
        return launch.restore(State.self, key, against: shelf).report.map(\.code)
    }

    @Test func releaseThreeSendsToReleaseTwoWhichReadsItThroughItsMinReaderVersionAndKeepsTheTheme() throws {
        let sent = BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia")
        try phone.restorer.save(sent, for: phone.key)
        let bytes = try phone.restorer.portable(BookReaderV3.self, for: phone.key)

        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: bytes, against: BookShelf(pages: [7: 300]))
        #expect(landed.state == BookReaderV2(bookID: 7, page: 42, fontSize: 1.5))
        #expect(landed.report.map(\.code) == [.portableLanded] + (try launchCodes(of: sent, restoredAs: BookReaderV2.self, against: BookShelf(pages: [7: 300]))))
        #expect(landed.report.map(\.code) == [.portableLanded, .recordNewerRead])
        #expect(landed.report[0].detail.contains("\"phone\"") && landed.report[0].detail.contains("\"3.0\""))
        #expect(landed.carriedFields["theme"] == .string("sepia"))

        // Saved on the tablet, the record stays format 3 with the theme release 2 does not know.
        try tablet.restorer.save(landed.state, for: tablet.key)
        let stored = try #require(try tablet.file.reading { try $0.record(account: "a", scene: "main", kind: "book-reader") })
        #expect(stored.version == 3)
        #expect(String(decoding: stored.payload, as: UTF8.self).contains(#""theme":"sepia""#))
    }

    @Test func releaseTwoSendsToReleaseThreeWhichUpgradesItWithTheLaunchsDefaults() throws {
        let sent = BookReaderV2(bookID: 7, page: 12, fontSize: 1.2)
        try tablet.restorer.save(sent, for: tablet.key)
        let bytes = try tablet.restorer.portable(BookReaderV2.self, for: tablet.key)

        let landed = phone.restorer.restore(BookReaderV3.self, phone.key, fromPortable: bytes, against: BookShelf(pages: [7: 300]))
        #expect(landed.state == BookReaderV3(bookID: 7, page: 12, fontSize: 1.2, theme: "light"))
        #expect(landed.report.map(\.code) == [.portableLanded] + (try launchCodes(of: sent, restoredAs: BookReaderV3.self, against: BookShelf(pages: [7: 300]))))
        #expect(landed.report.map(\.code) == [.portableLanded, .recordUpgraded, .defaultsApplied])
    }

    @Test func aLandedStateIsReconciledAgainstThisDevicesDataAndTheAdjustmentReported() throws {
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 250, fontSize: 1, theme: "dark"), for: phone.key)
        let bytes = try phone.restorer.portable(BookReaderV3.self, for: phone.key)
        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: bytes, against: BookShelf(pages: [7: 90]))
        #expect(landed.state == BookReaderV2(bookID: 7, page: 90, fontSize: 1))
        #expect(landed.adjustments.map(\.code) == [RestoreCode("page-clamped")])
        #expect(landed.report.map(\.code) == [.portableLanded, .recordNewerRead, RestoreCode("page-clamped")])
    }

    @Test func aDeepLinkPicksTheBookAndTheLandedStateKeepsEverythingElse() throws {
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia"), for: phone.key)
        let bytes = try phone.restorer.portable(BookReaderV3.self, for: phone.key)
        let shelf = BookShelf(pages: [7: 300, 9: 20], opened: 9)
        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: bytes, against: shelf)
        #expect(landed.state == BookReaderV2(bookID: 9, page: 1, fontSize: 1.5))
        #expect(landed.adjustments.map(\.code) == [.destinationApplied])
        // The same rule for the local restore: the destination is never undone by a restored path.
        let local = phone.restorer.restore(BookReaderV3.self, phone.key, against: shelf)
        #expect(local.state == BookReaderV3(bookID: 9, page: 1, fontSize: 1.5, theme: "sepia"))
        #expect(local.adjustments.map(\.code) == [.destinationApplied])
    }

    @Test func aSignedOutAccountsRecordDoesNotLand() throws {
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia"), for: phone.key)
        let bytes = try phone.restorer.portable(BookReaderV3.self, for: phone.key)
        try tablet.restorer.signOut(account: "a")
        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: bytes, against: BookShelf(pages: [7: 300]))
        #expect(landed.state == BookReaderV2.defaultValue)
        #expect(landed.report.map(\.code) == [.portableSignedOut])
        #expect(throws: StoreError.self) { try tablet.restorer.save(landed.state, for: tablet.key) }
    }

    @Test func aLandingCapturesTheFencesSoASaveAfterASignOutIsRefusedEvenOnceTheAccountIsBack() throws {
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia"), for: phone.key)
        let bytes = try phone.restorer.portable(BookReaderV3.self, for: phone.key)
        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: bytes, against: BookShelf(pages: [7: 300]))
        try tablet.restorer.signOut(account: "a")
        // Signing back in (a restore of another scene of the account) does not refresh the
        // landed screen's fence: it was captured before the sign-out.
        _ = tablet.restorer.restore(BookReaderV2.self, try SceneKey(scene: "other", account: "a"))
        #expect(throws: StoreError.self) { try tablet.restorer.save(landed.state, for: tablet.key) }
        #expect(try tablet.file.reading { try $0.record(account: "a", scene: "main", kind: "book-reader") } == nil)
    }

    @Test func aLandingIsNotBlamedByTheCrashGuardWhenTheAppDiesBeforeCompletingIt() throws {
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia"), for: phone.key)
        let bytes = try phone.restorer.portable(BookReaderV3.self, for: phone.key)
        try tablet.restorer.save(BookReaderV2(bookID: 3, page: 2, fontSize: 1), for: tablet.key)
        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: bytes, against: BookShelf(pages: [7: 300]))
        #expect(landed.reports(.portableLanded))
        try tablet.restorer.close()  // never completed, never persisted
        let next = StateRestorer(path: tablet.file.path)
        defer { try? next.close() }
        let restored = next.restore(BookReaderV2.self, tablet.key)
        #expect(restored.state == BookReaderV2(bookID: 3, page: 2, fontSize: 1))
        #expect(restored.report.isEmpty)
    }

    @Test func savingWhatLandedNeverReplacesANewerLocalRecordUnlessAsked() throws {
        try tablet.restorer.save(BookReaderV4(chapter: 5), for: tablet.key)
        let other = try PortableDevice("other-tablet", build: "2.4")
        try other.restorer.save(BookReaderV2(bookID: 7, page: 3, fontSize: 1), for: other.key)
        let bytes = try other.restorer.portable(BookReaderV2.self, for: other.key)

        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: bytes, against: BookShelf(pages: [7: 300]))
        #expect(landed.state == BookReaderV2(bookID: 7, page: 3, fontSize: 1))
        #expect(throws: RestoreError.wouldReplaceNewerRecord(scene: tablet.key.description, version: 4)) {
            try tablet.restorer.save(landed.state, for: tablet.key)
        }
        try tablet.restorer.save(landed.state, for: tablet.key, replacingNewer: true)
        #expect(try tablet.file.reading { try $0.record(account: "a", scene: "main", kind: "book-reader") }?.version == 2)
    }

    @Test func aRecordOfAFormatThisBuildCannotReadLandsAsTheDefaultWithTheLaunchsReport() throws {
        let newer = try PortableDevice("laptop", build: "4.0")
        try newer.restorer.save(BookReaderV4(chapter: 5), for: newer.key)
        let bytes = try newer.restorer.portable(BookReaderV4.self, for: newer.key)
        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: bytes, against: BookShelf(pages: [:]))
        #expect(landed.state == BookReaderV2.defaultValue)
        #expect(landed.report.map(\.code) == [.unsupportedVersion, .portableUnsupported])
    }

    @Test func landingsCountInTheStatisticsByWhatArrived() throws {
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia"), for: phone.key)
        let bytes = try phone.restorer.portable(BookReaderV3.self, for: phone.key)
        _ = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: bytes, against: BookShelf(pages: [7: 300]))
        _ = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: Data(bytes.prefix(40)), against: BookShelf(pages: [7: 300]))
        let bookReader = tablet.restorer.statistics[kind: "book-reader"]
        #expect(bookReader[.newerRead].count == 1)
        #expect(bookReader[.noRecord].count == 1)
        #expect(bookReader.restoreTotal.count == 2)
    }
}
