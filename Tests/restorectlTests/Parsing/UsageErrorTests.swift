import Foundation
import Testing

@testable import restorectl

struct UsageErrorTests {
    @Test func exitCodeIsSysexitsUsage() {
        #expect(UsageError.exitCode == 64)
    }

    @Test func descriptionsAreTheOneLineMessage() {
        let error = UsageError(command: "restorectl migrate", kind: .missingRequiredOption("--db"))
        #expect(error.message == "restorectl migrate: missing required option --db")
        #expect(error.description == error.message)
        #expect(error.localizedDescription == error.message)
        #expect("\(error)" == error.message)
    }

    @Test(arguments: [
        ("", "''"),
        ("plain", "'plain'"),
        ("it's", "'it\\'s'"),
        ("tab\there", "'tab\\there'"),
        ("a\\b", "'a\\\\b'"),
        ("naïve", "'naïve'"),
    ])
    func quotingKeepsUserTextOnOneVisibleLine(text: String, quoted: String) {
        #expect(UsageError.quoted(text) == quoted)
    }

    @Test func unusualOptionSpellingsAreQuoted() {
        let error = UsageError(command: "restorectl", kind: .unknownOption("--a\nb"))
        #expect(error.message == "restorectl: unknown option '--a\\nb'")
    }
}
