import ScreenKinds
import ScreenModels

/// The built-in sample catalog the demo restores against, and how it changes between launches.
enum DemoCatalog {
    static let original = CatalogDocument(
        books: [
            (101, "The Swift Programming Language"), (102, "Structure and Interpretation of Computer Programs"),
            (103, "The Art of Computer Programming"), (104, "Designing Data-Intensive Applications"),
            (105, "The Pragmatic Programmer"), (106, "Algorithms"), (107, "Database Internals"),
            (108, "The Mythical Man-Month"), (109, "SQLite Internals"), (110, "Crafting Interpreters"),
            (111, "The Design of Everyday Things"), (112, "Thinking in Systems"), (113, "The Soul of a New Machine"),
            (114, "Refactoring"), (115, "Working Effectively with Legacy Code"), (116, "The Little Schemer"),
            (117, "Types and Programming Languages"), (118, "The Linux Programming Interface"),
        ].map { CatalogBook(id: $0.0, title: $0.1) })

    /// The catalog at the next launch: books deleted, two renamed and a reordering.
    static var changed: CatalogDocument {
        let deleted: Set<Int> = [106, 109, 110]
        let renamed = [105: "The Pragmatic Programmer, 20th Anniversary Edition", 113: "Soul of a New Machine"]
        var books = original.books
            .filter { !deleted.contains($0.id) }
            .map { CatalogBook(id: $0.id, title: renamed[$0.id] ?? $0.title) }
        // Move the last five books to the front, as a newest-first sort would.
        books = Array(books.suffix(5)) + books.dropLast(5)
        return CatalogDocument(books: books)
    }

    static let deletedTitles = ["Algorithms (106)", "SQLite Internals (109)", "Crafting Interpreters (110)"]
}
