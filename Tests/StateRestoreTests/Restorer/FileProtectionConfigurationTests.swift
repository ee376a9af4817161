import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// `DatabaseConfiguration.fileProtection` names a Data Protection class by the platform's raw
/// value; where the platform has no Data Protection (here) it changes nothing, and the file
/// opens, saves and restores as without it.
@MainActor
@Suite struct FileProtectionConfigurationTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    @Test func theClassesCarryThePlatformsRawValues() {
        #expect(DatabaseFileProtection.completeUntilFirstUserAuthentication.rawValue == "NSFileProtectionCompleteUntilFirstUserAuthentication")
        #expect(DatabaseFileProtection.complete.rawValue == "NSFileProtectionComplete")
        #expect(DatabaseFileProtection.completeUnlessOpen.rawValue == "NSFileProtectionCompleteUnlessOpen")
        #expect(DatabaseFileProtection.none.rawValue == "NSFileProtectionNone")
        #expect(DatabaseConfiguration().fileProtection == nil)
    }

    @Test func aProtectedConfigurationOpensSavesAndRestoresWhereThereIsNoDataProtection() throws {
        var configuration = DatabaseConfiguration()
        configuration.fileProtection = .completeUntilFirstUserAuthentication
        let key = try SceneKey(scene: "main")
        let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Algorithms")])
        let app = StateRestorer(path: file.path, configuration: configuration)
        #expect(app.databaseReport.isEmpty)
        try app.save(CatalogViewState(query: "protected", selectedID: 1), for: key)
        try app.close()
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)

        let relaunch = StateRestorer(path: file.path, configuration: configuration)
        defer { try? relaunch.close() }
        #expect(relaunch.restore(CatalogViewState.self, key, against: document).state == CatalogViewState(query: "protected", selectedID: 1))
    }
}
