import StateRestore

/// What the book reader is reconciled against on a device: the books it has (book → pages) and
/// the book a deep link opened the screen at, if any.
struct BookShelf: Sendable {
    var pages: [Int: Int]
    var opened: Int? = nil
}

/// The reader's position, the part both releases share, reconciled by one rule: the
/// destination (a deep link) picks the book; the restored or landed state keeps everything
/// the destination does not name; then the position is checked against the device's books.
struct ReaderPosition: Equatable {
    var bookID: Int?
    var page: Int

    func reconciled(against shelf: BookShelf) -> (ReaderPosition, [RestoreReportEntry]) {
        var position = self
        var adjustments: [RestoreReportEntry] = []
        if let opened = shelf.opened, opened != bookID {
            position = ReaderPosition(bookID: opened, page: 1)
            adjustments.append(RestoreReportEntry(.destinationApplied, "the screen was opened at book \(opened); the restored book \(bookID.map(String.init) ?? "none") was not shown"))
        }
        guard let book = position.bookID else { return (position, adjustments) }
        guard let pages = shelf.pages[book] else {
            adjustments.append(RestoreReportEntry(RestoreCode("book-missing"), "book \(book) is not on this device"))
            return (ReaderPosition(bookID: nil, page: 1), adjustments)
        }
        if position.page > pages {
            adjustments.append(RestoreReportEntry(RestoreCode("page-clamped"), "page \(position.page) is past the end of book \(book); showing page \(pages)"))
            position.page = pages
        }
        return (position, adjustments)
    }
}

/// The reader as release 2 writes it.
struct BookReaderV2: Reconcilable {
    static let kind = "book-reader"
    static let currentVersion = 2
    static let defaultValue = BookReaderV2(bookID: nil, page: 1, fontSize: 1.0)

    var bookID: Int?
    var page: Int
    var fontSize: Double

    func reconciled(against shelf: BookShelf) -> Reconciled<BookReaderV2> {
        let (position, adjustments) = ReaderPosition(bookID: bookID, page: page).reconciled(against: shelf)
        return Reconciled(BookReaderV2(bookID: position.bookID, page: position.page, fontSize: fontSize), adjustments: adjustments)
    }
}

/// The reader as release 3 writes it: a theme added, readable by release 2 (its
/// `minReaderVersion`), which keeps the theme it does not know.
struct BookReaderV3: Reconcilable {
    static let kind = "book-reader"
    static let currentVersion = 3
    static let minReaderVersion = 2
    static let defaultValue = BookReaderV3(bookID: nil, page: 1, fontSize: 1.0, theme: "light")

    var bookID: Int?
    var page: Int
    var fontSize: Double
    var theme: String

    func reconciled(against shelf: BookShelf) -> Reconciled<BookReaderV3> {
        let (position, adjustments) = ReaderPosition(bookID: bookID, page: page).reconciled(against: shelf)
        return Reconciled(BookReaderV3(bookID: position.bookID, page: position.page, fontSize: fontSize, theme: theme), adjustments: adjustments)
    }
}

/// A kind whose records are large: the portable budget refuses them.
struct AnnotatedReader: RestorableState {
    static let kind = "annotated-reader"
    static let currentVersion = 1
    static let defaultValue = AnnotatedReader(bookID: nil, highlights: [], note: "")

    var bookID: Int?
    var highlights: [String]
    var note: String
}

/// The reader as a release after 3 writes it, which neither 2 nor 3 reads (no
/// `minReaderVersion`): what a newer device sends, or leaves in a file.
struct BookReaderV4: RestorableState {
    static let kind = "book-reader"
    static let currentVersion = 4
    static let defaultValue = BookReaderV4(chapter: 1)

    var chapter: Int
}
