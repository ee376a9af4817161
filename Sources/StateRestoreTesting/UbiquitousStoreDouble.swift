import Foundation
import StateRestore
import StateStore

/// A key-value store with iCloud's limits, in memory, for an app's tests of its portable slots
/// (StateRestore's `PortableKeyValueStore`): what `NSUbiquitousKeyValueStore` accepts, refuses
/// and reports, without a device or an account.
///
/// The limits, as Apple documents them for the ubiquitous key-value store:
/// - at most ``maximumKeyCount`` (1,024) keys, the app's own and the engine's together;
/// - keys of at most ``maximumKeyBytes`` (64) bytes of UTF-8; a longer key is not stored
///   (iCloud raises a runtime error), and ``refusedKeys`` lists it;
/// - at most ``maximumTotalBytes`` (1,048,576) bytes in all, counted as the UTF-8 bytes of
///   every key plus the bytes of every value (a `Data` value's count).
///
/// Like iCloud, the double accepts a write that takes it over a limit and reports it
/// afterwards: the write is stored, and the next ``deliverPendingChanges()`` tells observers
/// of a change whose `isQuotaViolation` is true (iCloud's
/// `NSUbiquitousKeyValueStoreQuotaViolationChange`). ``receive(_:forKey:)`` is another
/// device's write arriving (iCloud's server change): stored, and observers told at once.
///
/// ```swift
/// let cloud = UbiquitousStoreDouble()
/// restorer.configurePortable(PortableConfiguration(slotKey: key, deviceID: "phone", appBuild: "3.0", store: cloud))
/// try restorer.publish(ReaderState.self, for: scene, to: slot)
/// tablet.receive(cloud.value(forKey: cloud.keys[0]), forKey: cloud.keys[0])  // it syncs
/// ```
public final class UbiquitousStoreDouble: PortableKeyValueStore, Sendable {
    /// iCloud's limit on keys per app: 1,024.
    public static let maximumKeyCount = 1024
    /// iCloud's limit on a key's length: 64 bytes of UTF-8.
    public static let maximumKeyBytes = 64
    /// iCloud's limit on the store's size: 1 MB, 1,048,576 bytes of UTF-8 keys plus values.
    public static let maximumTotalBytes = 1_048_576

    private struct Contents {
        var values: [String: Data] = [:]
        var order: [String] = []
        var handlers: [@Sendable (_ changedKeys: [String], _ isQuotaViolation: Bool) -> Void] = []
        var pending: [(keys: [String], isQuotaViolation: Bool)] = []
        var delivered: [(keys: [String], isQuotaViolation: Bool)] = []
        var refused: [String] = []
    }

    private let contents = Locked(Contents())

    /// An empty store.
    public init() {}

    /// The value stored under `key`, or nil.
    public func value(forKey key: String) -> Data? { contents.withLock { $0.values[key] } }

    /// Stores `value` under `key`; a key over 64 bytes is refused (``refusedKeys``). A write
    /// that takes the store over a limit is kept, and a quota violation waits for
    /// ``deliverPendingChanges()``.
    public func set(_ value: Data, forKey key: String) {
        contents.withLock { contents in
            guard key.utf8.count <= Self.maximumKeyBytes else {
                contents.refused.append(key)
                return
            }
            if contents.values.updateValue(value, forKey: key) == nil { contents.order.append(key) }
            if Self.isOverQuota(contents.values) && !contents.pending.contains(where: \.isQuotaViolation) {
                contents.pending.append(([], isQuotaViolation: true))
            }
        }
    }

    /// Removes `key` and its value.
    public func remove(forKey key: String) {
        contents.withLock { contents in
            if contents.values.removeValue(forKey: key) != nil { contents.order.removeAll { $0 == key } }
        }
    }

    /// Every key, in the order first written.
    public var keys: [String] { contents.withLock { $0.order } }

    /// Calls `handler` with every change delivered from now on.
    public func observeChanges(_ handler: @escaping @Sendable (_ changedKeys: [String], _ isQuotaViolation: Bool) -> Void) {
        contents.withLock { $0.handlers.append(handler) }
    }

    /// Another device's write arriving (`nil`: its removal): stored as iCloud's server change
    /// stores it, and every observer told the key at once.
    public func receive(_ value: Data?, forKey key: String) {
        contents.withLock { contents in
            if let value {
                if contents.values.updateValue(value, forKey: key) == nil { contents.order.append(key) }
            } else if contents.values.removeValue(forKey: key) != nil {
                contents.order.removeAll { $0 == key }
            }
            contents.pending.append(([key], isQuotaViolation: false))
        }
        deliverPendingChanges()
    }

    /// Tells the observers every change waiting (a quota violation after a write), in order.
    public func deliverPendingChanges() {
        while true {
            let next = contents.withLock { contents -> ((keys: [String], isQuotaViolation: Bool), [@Sendable ([String], Bool) -> Void])? in
                guard !contents.pending.isEmpty else { return nil }
                let change = contents.pending.removeFirst()
                contents.delivered.append(change)
                return (change, contents.handlers)
            }
            guard let (change, handlers) = next else { return }
            // Outside the lock: an observer reads and writes the store.
            for handler in handlers { handler(change.keys, change.isQuotaViolation) }
        }
    }

    /// The changes delivered so far, in order: each one's keys, or a quota violation.
    public var deliveredChanges: [(keys: [String], isQuotaViolation: Bool)] { contents.withLock { $0.delivered } }

    /// The keys a write was refused for (longer than 64 bytes of UTF-8).
    public var refusedKeys: [String] { contents.withLock { $0.refused } }

    /// The bytes the store counts against its 1 MB: every key's UTF-8 bytes plus every value's.
    public var totalBytes: Int { contents.withLock { Self.totalBytes(of: $0.values) } }

    /// Whether the store is over a limit (more than 1,024 keys, or more than 1,048,576 bytes).
    public var isOverQuota: Bool { contents.withLock { Self.isOverQuota($0.values) } }

    private static func totalBytes(of values: [String: Data]) -> Int {
        values.reduce(0) { $0 + $1.key.utf8.count + $1.value.count }
    }

    private static func isOverQuota(_ values: [String: Data]) -> Bool {
        values.count > maximumKeyCount || totalBytes(of: values) > maximumTotalBytes
    }
}
