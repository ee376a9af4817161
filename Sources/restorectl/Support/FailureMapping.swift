import ScreenKinds
import StateRestore
import StateStore

/// Turns library errors into the tool's one-line messages and sysexits codes.
enum FailureMapping {
    static func failure(for error: any Error) -> CommandFailure {
        switch error {
        case let failure as CommandFailure:
            return failure
        case let error as UsageError:
            return CommandFailure(.usage, error.message)
        case let error as StoreError:
            switch error {
            case .sqlite: return CommandFailure(exitCode(for: error), error.localizedDescription)
            case .invalidTarget: return CommandFailure(.usage, error.localizedDescription)
            case .invalidMigrationSet: return CommandFailure(.software, error.localizedDescription)
            // Out of space, read-only storage or an I/O error at whatever statement of a
            // migration is the storage's failure, not bad data.
            case .migrationFailed(_, _, let underlying): return CommandFailure(exitCode(for: underlying), error.localizedDescription)
            case .fileNotFound, .fileUnreadable, .quarantineEntryNotFound, .historyEntryNotFound: return CommandFailure(.noInput, error.localizedDescription)
            case .notARegularFile, .danglingLink, .movedTo: return CommandFailure(.noInput, error.localizedDescription)
            case .fileInUse, .fileOpenElsewhere, .copyNotVerified: return CommandFailure(.ioError, error.localizedDescription)
            default: return CommandFailure(.dataError, error.localizedDescription)
            }
        case let error as ExportError:
            if case .outputExists = error { return CommandFailure(.cannotCreate, error.localizedDescription) }
            return CommandFailure(.dataError, error.localizedDescription)
        case let error as RestoreError:
            switch error {
            // A directory given as the database file.
            case .isDirectory: return CommandFailure(.cannotCreate, error.localizedDescription)
            // The tool's rollback: a history without the entry asked for is no such input.
            case .noRecord, .noSuchEntry, .nothingEarlier: return CommandFailure(.noInput, error.localizedDescription)
            // Like a file open in another process: the other process must let go first.
            case .sceneIsLive: return CommandFailure(.ioError, error.localizedDescription)
            // A kind's shape is the program's, not the file's (`--formats` maps its own).
            case .notDerivable, .invalidFormatFile: return CommandFailure(.software, "internal error: \(error.localizedDescription)")
            default: return CommandFailure(.dataError, error.localizedDescription)
            }
        case let error as DocumentDecodingError:
            return CommandFailure(.dataError, error.localizedDescription)
        default:
            return CommandFailure(.software, "internal error: \(error.localizedDescription)")
        }
    }

    /// Opens the file at `path` for a verb that saves (`save`, `shelf save`), creating and
    /// migrating it as needed. A damaged file is refused with what would recover it: the tool
    /// never moves a file aside, an app's launch does.
    static func openForSaving(_ path: String) throws -> Store {
        do {
            return try StateDatabase.openForWriting(path, upgrading: RecordKind.builtIn, configuration: .tool)
        } catch let error as StoreError where error.isSchemaProblem {
            guard case .corrupt(let damaged, _) = error else { throw failure(for: error) }
            if (try? DatabaseFile(resolving: path))?.isLinked == true {
                // Through a link nothing is moved aside, by a launch either (`StoreError.linkedFileUnusable`).
                throw CommandFailure(
                    .dataError,
                    "\(error.localizedDescription); nothing was written. \(path) is a symlink, and what a link points at is never moved aside "
                        + "or replaced, by the tool or by an app's launch: save to another path, or point the link at a database")
            }
            let path = damaged
            if let tooLong = Database.refusalToCreate(path) {
                // A name older builds made, too long for a fresh database now: moved aside by
                // hand to a name of its own, no fresh file could be made at it.
                throw CommandFailure(
                    .dataError,
                    "\(error.localizedDescription); nothing was written. No fresh database can be made at this path (\(tooLong.message)): "
                        + "move the file aside yourself and save to a path with a shorter name")
            }
            throw CommandFailure(
                .dataError,
                "\(error.localizedDescription); nothing was written. The app's next launch moves a damaged file aside (as \(path).corrupt-<time>) and "
                    + "starts a fresh one; to save with the tool now, move the file aside yourself (mv \(path) \(path).damaged) and save again, "
                    + "which creates a fresh file")
        }
    }

    /// The exit code of SQLite's failure `error`.
    static func exitCode(for error: StoreError) -> ExitCode {
        switch error.sqliteCode {
        // A file that cannot be opened or created is 73, unless the cause is the system's
        // (no descriptor left, an I/O error, no space, read-only storage): then it is 74, as
        // for every refusal to write an existing file.
        case .cannotOpen: error.isSystemFault ? .ioError : .cannotCreate
        case .ioError, .full, .readOnly, .permission: .ioError
        // Another connection (a running app, another tool) held the lock past the busy
        // timeout: nothing is wrong with the file, and the same command later may succeed.
        case .busy, .locked: .temporaryFailure
        case .noMemory: .software
        // Anything else SQLite reports about a file (corrupt, not a database, a schema missing
        // a table) is bad data: no file content may produce an internal error.
        default: .dataError
        }
    }
}
