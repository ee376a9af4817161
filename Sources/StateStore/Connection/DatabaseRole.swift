/// Which process opens a database file, and so what it may do to the file beyond reading and
/// writing records.
///
/// The app owns its file: it creates it, migrates it, backs it up and moves a damaged one
/// aside. An extension (a widget, a share or intents extension) shares the file in an app-group
/// container and only reads and writes records: a missing file, one that needs a migration and
/// a damaged one are left exactly as they are for the app's next launch.
///
/// ```swift
/// let restorer = StateRestorer(path: groupStatePath, configuration: DatabaseConfiguration(role: .appExtension))
/// ```
public enum DatabaseRole: Sendable, Equatable {
    /// The app: creates, migrates, backs up and recovers the file.
    case app
    /// An extension: never creates, migrates, backs up or moves the file aside.
    case appExtension

    /// Whether this role may change the file beyond its records.
    public var maintainsFile: Bool { self == .app }
}
