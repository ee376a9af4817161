import Foundation
import ScreenKinds
import StateRestore
import TestSupport
import Testing

/// The articles list every report code the engine, the tool and the article screens give: a
/// code added to `RestoreCode` without its line fails here.
@Suite struct ArticleReportCodeTests {
    /// The text of the StateRestore article `name`, from the sources beside these tests.
    static func article(_ name: String) throws -> String {
        try String(contentsOf: PackageFolders.file("Sources/StateRestore/StateRestore.docc/\(name).md"), encoding: .utf8)
    }

    /// The part of `text` from the heading `heading` to the next heading of its level.
    static func section(_ heading: String, of text: String) -> String {
        guard let start = text.range(of: "\n\(heading)\n") else { return "" }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test func theToolsArticleListsEveryCodeItCanPrint() throws {
        let list = Self.section("### Report codes", of: try Self.article("TheRestorectlTool"))
        let screenCodes: [RestoreCode] = [.selectionCleared, .selectionReplaced, .anchorMoved, .anchorReset, .offsetClamped, .draftDropped, .draftConflict]
        let codes = RestoreCode.engineCodes + screenCodes + [.recordNotUpgraded]
        for code in codes { #expect(list.contains("`\(code.rawValue)`"), "TheRestorectlTool's report codes leave out \(code.rawValue)") }
    }

    @Test func definingAKindTablesEveryEngineCode() throws {
        let text = try Self.article("DefiningAKind")
        for code in RestoreCode.engineCodes { #expect(text.contains("| `\(code.rawValue)` |"), "DefiningAKind's table leaves out \(code.rawValue)") }
    }
}
