extension Database {
    /// What an opening of a database file may do to it: the one choice every caller of
    /// ``Database/init(_:_:configuration:)`` makes.
    package enum OpenMode: Sendable, Equatable {
        /// The app's database, read and written. With `createIfMissing`, a missing file is first
        /// built complete, in write-ahead-log mode, beside the path and linked into place, so no
        /// opener ever sees an empty file there (a launch, a writing tool verb); without it, a
        /// missing file is an error and nothing is created (an extension, a resume, the verbs
        /// that change a file but never make one).
        case readWrite(createIfMissing: Bool)
        /// Read only: nothing is created, migrated or written (SQLite's `immutable=1` where the
        /// log is absent or empty, so not even a `-wal` or `-shm` appears).
        case readOnly
        /// A file of ours at a name only this process uses, beside a database or an output: the
        /// staging file of a new database or of an export, a backup, a relocation's copy. Read
        /// and written, created (mode 0600, empty) when missing, never published.
        case ownFile

        /// The mode of the app's database a configuration's access asks for.
        package init(_ access: DatabaseConfiguration.Access) {
            switch access {
            case .readWrite(let create): self = .readWrite(createIfMissing: create)
            case .readOnly: self = .readOnly
            }
        }

        /// The connection access the mode opens with.
        var access: DatabaseConfiguration.Access {
            switch self {
            case .readWrite(let create): .readWrite(createIfMissing: create)
            case .readOnly: .readOnly
            case .ownFile: .readWrite(createIfMissing: true)
            }
        }
    }
}
