import Foundation
import StateRestore
import StateRestoreTesting
import TestSupport

/// One simulated device of the person: its own state file, a restorer of one release, and its
/// own key-value store (the device's view of iCloud).
final class PortableDevice {
    let file: StateFile
    let restorer: StateRestorer
    let cloud = UbiquitousStoreDouble()
    let key: SceneKey

    /// The app's slot key: the same bytes on every device.
    static let slotKey = Array("the reader app's slot key, 32 b".utf8)

    init(_ deviceID: String, build: String, scene: String = "window-1", keyShare: Int = 64, byteBudget: Int = PortableConfiguration.defaultByteBudget) throws {
        file = try StateFile()
        restorer = StateRestorer(path: file.path)
        key = try SceneKey(scene: scene, account: "a")
        restorer.configurePortable(
            PortableConfiguration(slotKey: Self.slotKey, deviceID: deviceID, appBuild: build, byteBudget: byteBudget, keyShare: keyShare, store: cloud))
    }

    /// What this device's store holds under the engine's keys, by key.
    var engineValues: [String: Data] {
        Dictionary(uniqueKeysWithValues: cloud.keys.filter { $0.hasPrefix("sr1-") }.compactMap { key in cloud.value(forKey: key).map { (key, $0) } })
    }

    deinit { try? restorer.close() }
}
