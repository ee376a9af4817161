import StateRestoreTesting
import Testing

// The app's format history, in one test (TestingYourFormats.md quotes it): Formats/reader holds
// the reader's shape lock and a sample of each format it ever wrote, and every sample still
// restores as expected.

@Test func readerFormatsStillRestore() throws {
    try FormatHistory(ReaderState.self, sample: ReaderState(bookID: 7, page: 42, fontSize: 1.5)).verify()
}

// Format 1 was released before the history was adopted: its shape is locked from the copy of
// its type the tests keep.
@Test func readerFormatOneStaysLocked() throws {
    try FormatHistory(ReaderState.self).lockFormerFormat(ReaderStateV1.self)
}
