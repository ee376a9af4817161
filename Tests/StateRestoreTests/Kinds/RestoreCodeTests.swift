import Foundation
import JSON
import StateRestore
import Testing

/// `RestoreCode` is an open vocabulary: the engine's codes are members, a kind adds its own.
@Suite struct RestoreCodeTests {
    @Test func aKindMakesItsOwnCodeAndItComparesByName() {
        let clamped = RestoreCode("page-clamped")
        #expect(clamped.rawValue == "page-clamped" && clamped.isValid)
        #expect(clamped == RestoreCode(rawValue: "page-clamped"))
        #expect(clamped != .noRecord)
        #expect("\(clamped)" == "page-clamped")
    }

    @Test(arguments: ["", "Page", "page_clamped", "page clamped", "é", String(repeating: "a", count: 65)])
    func aNameOutsideTheKindNameRulesIsNotValid(name: String) {
        #expect(RestoreCode(rawValue: name) == nil)
        #expect(!RestoreCode(name).isValid)
    }

    @Test func theEngineCodesKeepTheirShippedNames() {
        #expect(
            RestoreCode.engineCodes.map(\.rawValue) == [
                "no-record", "record-upgraded", "defaults-applied", "unsupported-version", "record-newer-read", "record-newer-unreadable",
                "record-unreadable", "record-expired", "kind-invalid", "restore-crashed", "database-newer", "database-newer-read", "database-foreign", "database-corrupt", "database-unavailable",
                "database-busy",
                "database-read-only",
                "restorer-suspended", "restore-unguarded", "database-needs-migration", "code-invalid",
                "portable-landed", "portable-damaged", "portable-foreign", "portable-unsupported", "portable-signed-out", "destination-applied",
            ])
        #expect(RestoreCode.engineCodes.allSatisfy { $0.isValid })
    }

    @Test func aCodeEncodesAsItsName() throws {
        let encoded = try JSONValueEncoder().encode(RestoreCode("page-clamped"))
        #expect(encoded == .string("page-clamped"))
        #expect(try JSONValueDecoder().decode(RestoreCode.self, from: encoded) == RestoreCode("page-clamped"))
    }
}
