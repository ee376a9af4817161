import Foundation
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// Portable slots in a key-value store (issue #41): hashed keys, the engine's share, the
/// conflict rule, no ping-pong, sign-out, and what the iCloud double reports.
@Suite struct PortableSlotTests {
    let phone: PortableDevice
    let tablet: PortableDevice
    let slot: PortableSlot

    init() throws {
        phone = try PortableDevice("phone", build: "3.0")
        tablet = try PortableDevice("tablet", build: "2.4", scene: "main")
        slot = try PortableSlot("reader", account: "a")
    }

    /// Copies every engine key of `from`'s store into `to`'s, as iCloud would sync it.
    private func sync(_ from: PortableDevice, to: PortableDevice) {
        for (key, value) in from.engineValues { to.cloud.receive(value, forKey: key) }
    }

    /// Two spellings of one name (`café` composed and decomposed) are two slots, as they are
    /// two store keys: a set of slots, or `==`, kept them apart only by their bytes.
    @Test func slotsSpelledWithOtherBytesAreTwoSlots() throws {
        let composed = try PortableSlot("caf\u{E9}", account: "a")
        let decomposed = try PortableSlot("cafe\u{301}", account: "a")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed, try PortableSlot("caf\u{E9}", account: "a")]).count == 2)
        #expect(try PortableSlot("r", account: "caf\u{E9}") != PortableSlot("r", account: "cafe\u{301}"))
    }

    @Test func aSlotIsKeyedBy64BytesOfHashNamingNeitherTheAccountNorTheSlot() throws {
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia"), for: phone.key)
        try phone.restorer.publish(BookReaderV3.self, for: phone.key, to: try PortableSlot("reader", account: "alice@example.com"))
        let key = try #require(phone.cloud.keys.first)
        #expect(phone.cloud.keys.count == 1)
        #expect(key.utf8.count == 64)
        #expect(key.hasPrefix("sr1-"))
        #expect(!key.contains("alice") && !key.contains("reader") && !key.contains("book"))
        // The same slot is the same key on every device of the app, whatever its scene ids.
        try tablet.restorer.save(BookReaderV2(bookID: 1, page: 1, fontSize: 1), for: tablet.key)
        try tablet.restorer.publish(BookReaderV2.self, for: tablet.key, to: try PortableSlot("reader", account: "alice@example.com"))
        #expect(tablet.cloud.keys == [key])
        try tablet.restorer.publish(BookReaderV2.self, for: tablet.key, to: try PortableSlot("reader", account: "bob"))
        #expect(tablet.cloud.keys.count == 2)
    }

    @Test func aPublishedSlotLandsOnTheOtherDeviceAndAnEqualStateIsNotPublishedBack() throws {
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia"), for: phone.key)
        #expect(try phone.restorer.publish(BookReaderV3.self, for: phone.key, to: slot))
        sync(phone, to: tablet)

        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromSlot: slot, against: BookShelf(pages: [7: 300]))
        #expect(landed.state == BookReaderV2(bookID: 7, page: 42, fontSize: 1.5))
        #expect(landed.report.map(\.code) == [.portableLanded, .recordNewerRead])
        try tablet.restorer.save(landed.state, for: tablet.key)
        let before = tablet.engineValues
        #expect(try tablet.restorer.publish(BookReaderV2.self, for: tablet.key, to: slot) == false)
        #expect(tablet.engineValues == before)

        // A change is published, one logical version above the phone's.
        try tablet.restorer.save(BookReaderV2(bookID: 7, page: 43, fontSize: 1.5), for: tablet.key)
        #expect(try tablet.restorer.publish(BookReaderV2.self, for: tablet.key, to: slot))
        sync(tablet, to: phone)
        let back = phone.restorer.restore(BookReaderV3.self, phone.key, fromSlot: slot, against: BookShelf(pages: [7: 300]))
        #expect(back.state == BookReaderV3(bookID: 7, page: 43, fontSize: 1.5, theme: "sepia"))
        // The tablet kept the record's format 3 (and its theme) when it saved it.
        #expect(back.report.map(\.code) == [.portableLanded])
        #expect(back.report[0].detail.contains("logical version 2"))
    }

    @Test func anEmptySlotGivesTheDefault() throws {
        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromSlot: slot)
        #expect(landed.state == BookReaderV2.defaultValue)
        #expect(landed.report.map(\.code) == [.noRecord])
    }

    @Test func twoDevicesApplyingTheSameChangesInDifferentOrdersEndWithTheSameWinner() throws {
        // Three devices publish the slot: logical versions 1, 2, 2 (a tie the device id breaks).
        let writers = try ["laptop", "phone", "watch"].map { try PortableDevice($0, build: "3.0") }
        var changes: [(key: String, value: Data)] = []
        for (index, writer) in writers.enumerated() {
            try writer.restorer.save(BookReaderV3(bookID: index, page: 1, fontSize: 1, theme: "light"), for: writer.key)
            if index > 0 { _ = try writer.restorer.portable(BookReaderV3.self, for: writer.key) }  // its counter moves on
            try writer.restorer.publish(BookReaderV3.self, for: writer.key, to: slot)
            changes += writer.engineValues.map { ($0.key, $0.value) }
        }
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        var winners: Set<Data> = []
        for order in orders {
            let device = try PortableDevice("tablet", build: "3.0")
            for index in order { device.cloud.receive(changes[index].value, forKey: changes[index].key) }
            winners.insert(try #require(device.engineValues.values.first))
            let landed = device.restorer.restore(BookReaderV3.self, device.key, fromSlot: slot)
            #expect(landed.state.bookID == 2, "order \(order)")
            #expect(landed.report[0].detail.contains("\"watch\""))
        }
        #expect(winners == [changes[2].value])
    }

    @Test func aWinningRecordThisBuildCannotReadLandsAsTheDefaultAndStaysInTheStoreUntouched() throws {
        let laptop = try PortableDevice("laptop", build: "4.0")
        try laptop.restorer.save(BookReaderV4(chapter: 5), for: laptop.key)
        try laptop.restorer.publish(BookReaderV4.self, for: laptop.key, to: slot)
        try tablet.restorer.save(BookReaderV2(bookID: 7, page: 3, fontSize: 1), for: tablet.key)
        sync(laptop, to: tablet)
        let stored = tablet.engineValues

        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromSlot: slot, against: BookShelf(pages: [7: 300]))
        #expect(landed.state == BookReaderV2.defaultValue)
        #expect(landed.report.map(\.code) == [.unsupportedVersion, .portableUnsupported])
        #expect(tablet.engineValues == stored)
        // A change made here afterwards is published over it, one logical version higher: the
        // person's latest change wins the slot, and release 4 lands it upgraded.
        #expect(try tablet.restorer.publish(BookReaderV2.self, for: tablet.key, to: slot))
        #expect(tablet.engineValues != stored)
    }

    @Test func theEngineKeepsToItsShareAndEvictsTheLeastRecentlyPublishedSlot() throws {
        let device = try PortableDevice("phone", build: "3.0", keyShare: 2)
        device.cloud.set(Data("the app's own".utf8), forKey: "app.settings")
        try device.restorer.save(BookReaderV3(bookID: 1, page: 1, fontSize: 1, theme: "light"), for: device.key)
        let slots = try ["one", "two", "three"].map { try PortableSlot($0, account: "a") }
        var keys: [String] = []
        for slot in slots {
            try device.restorer.publish(BookReaderV3.self, for: device.key, to: slot)
            keys.append(try #require(device.cloud.keys.last))
        }
        #expect(Set(device.engineValues.keys) == [keys[1], keys[2]])
        #expect(device.cloud.value(forKey: "app.settings") == Data("the app's own".utf8))
    }

    /// A newer release's record (an envelope this build does not read) stays for a release
    /// that reads it: neither keeping to the share nor a quota violation removes it, though it
    /// ranked lowest (as a value that is no record) and went first.
    @Test func aNewerReleasesRecordIsNeverEvicted() throws {
        let device = try PortableDevice("phone", build: "3.0", keyShare: 2)
        try device.restorer.save(BookReaderV3(bookID: 1, page: 1, fontSize: 1, theme: "light"), for: device.key)
        try device.restorer.publish(BookReaderV3.self, for: device.key, to: try PortableSlot("newer", account: "a"))
        let newerKey = try #require(device.cloud.keys.last)
        let text = String(decoding: try #require(device.cloud.value(forKey: newerKey)), as: UTF8.self)
        #expect(text.contains(#""portable":1"#), "\(text)")
        let newer = Data(text.replacingOccurrences(of: #""portable":1"#, with: #""portable":2"#).utf8)
        device.cloud.receive(newer, forKey: newerKey)
        #expect(device.cloud.value(forKey: newerKey) == newer)

        var keys: [String] = []
        for name in ["one", "two", "three"] {
            try device.restorer.publish(BookReaderV3.self, for: device.key, to: try PortableSlot(name, account: "a"))
            keys.append(try #require(device.cloud.keys.last))
        }
        #expect(Set(device.engineValues.keys) == [newerKey, keys[1], keys[2]])
        device.cloud.set(Data(count: 1_048_000), forKey: "app.cache")
        device.cloud.deliverPendingChanges()
        #expect(device.cloud.value(forKey: newerKey) == newer)
        #expect(device.cloud.value(forKey: keys[1]) == nil, "the least recently published record this build reads goes")
    }

    @Test func signingOutRemovesTheAccountsSlotsFromTheStore() throws {
        try phone.restorer.save(BookReaderV3(bookID: 1, page: 1, fontSize: 1, theme: "light"), for: phone.key)
        try phone.restorer.publish(BookReaderV3.self, for: phone.key, to: slot)
        try phone.restorer.publish(BookReaderV3.self, for: phone.key, to: try PortableSlot("library", account: "a"))
        try phone.restorer.publish(BookReaderV3.self, for: phone.key, to: try PortableSlot("reader", account: "b"))
        phone.cloud.set(Data("x".utf8), forKey: "app.settings")
        #expect(phone.engineValues.count == 3)
        try phone.restorer.signOut(account: "a")
        #expect(phone.engineValues.count == 1)
        #expect(phone.cloud.keys.count == 2)
    }

    @Test func theDoubleHoldsICloudsLimitsAndReportsAQuotaViolationAfterAcceptingTheWrite() throws {
        let cloud = UbiquitousStoreDouble()
        let changes = Locked<[(keys: [String], isQuotaViolation: Bool)]>([])
        cloud.observeChanges { keys, isQuotaViolation in changes.withLock { $0.append((keys, isQuotaViolation)) } }
        // A 65-byte key is refused, as iCloud refuses it; 64 bytes of UTF-8 (é is two) is not.
        cloud.set(Data([1]), forKey: String(repeating: "k", count: 65))
        cloud.set(Data([1]), forKey: String(repeating: "é", count: 32))
        #expect(cloud.refusedKeys == [String(repeating: "k", count: 65)])
        #expect(cloud.keys == [String(repeating: "é", count: 32)])
        #expect(cloud.totalBytes == 65)
        // The total counts UTF-8 keys plus values: 1,048,576 bytes fit, one more does not.
        cloud.set(Data(count: 1_048_576 - 65 - 3), forKey: "big")
        #expect(cloud.totalBytes == 1_048_576)
        #expect(!cloud.isOverQuota)
        let overQuota: Int = 1_048_576 - 65 - 3 + 1
        cloud.set(Data(count: overQuota), forKey: "big")
        #expect(cloud.isOverQuota)
        #expect(cloud.value(forKey: "big")?.count == overQuota)  // accepted
        #expect(changes.withLock { $0 }.isEmpty)  // reported afterwards, not during the write
        cloud.deliverPendingChanges()
        // One report, of no key, saying the quota was passed. (Written as two typed checks, and
        // the size above as a typed constant: `… == [[]] && …`, and the sum compared to an
        // optional inside `#expect`, each took the type checker about 19 s, in every build.)
        let delivered = changes.withLock { $0 }
        #expect(delivered.map(\.keys) == [[String]()])
        #expect(delivered.map(\.isQuotaViolation) == [true])
        // 1,024 keys in all, the app's and the engine's together.
        cloud.remove(forKey: "big")
        for index in 0..<1022 { cloud.set(Data(), forKey: "k\(index)") }
        #expect(cloud.keys.count == 1023 && !cloud.isOverQuota)
        cloud.set(Data(), forKey: "k1022")
        #expect(!cloud.isOverQuota)
        cloud.set(Data(), forKey: "k1023")
        #expect(cloud.isOverQuota)
        cloud.deliverPendingChanges()
        #expect(changes.withLock { $0 }.count == 2)
    }

    @Test func onAQuotaViolationTheEngineGivesUpItsLeastRecentlyPublishedSlot() throws {
        try phone.restorer.save(BookReaderV3(bookID: 1, page: 1, fontSize: 1, theme: "light"), for: phone.key)
        try phone.restorer.publish(BookReaderV3.self, for: phone.key, to: slot)
        let oldest = try #require(phone.cloud.keys.first)
        try phone.restorer.publish(BookReaderV3.self, for: phone.key, to: try PortableSlot("library", account: "a"))
        phone.cloud.set(Data(count: 1_048_000), forKey: "app.cache")
        #expect(phone.cloud.isOverQuota)
        phone.cloud.deliverPendingChanges()
        #expect(phone.cloud.value(forKey: oldest) == nil)
        #expect(phone.engineValues.count == 1)
        #expect(!phone.cloud.isOverQuota)
    }
}
