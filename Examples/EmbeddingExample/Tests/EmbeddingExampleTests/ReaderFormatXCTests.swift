import StateRestoreTesting
import XCTest

/// The same check from XCTest.
final class ReaderFormatXCTests: XCTestCase {
    func testReaderFormatsStillRestore() throws {
        try FormatHistory(ReaderState.self, sample: ReaderState(bookID: 7, page: 42, fontSize: 1.5)).verify()
    }
}
