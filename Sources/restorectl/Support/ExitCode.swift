/// Process exit codes, following sysexits(3).
enum ExitCode: Int32, Sendable {
    case success = 0
    /// `check` found problems (or the quarantine holds records).
    case findings = 1
    /// `replay --expect`: a scene's outcome differs from the expectations file (the file is
    /// fine; what restoring it gives changed). The number is `check`'s, the meaning its own.
    static var outcomesDiffer: ExitCode { .findings }
    /// EX_USAGE: unknown command, missing or malformed option.
    case usage = 64
    /// EX_DATAERR: bad input data or a database this build must not touch.
    case dataError = 65
    /// EX_NOINPUT: an input file does not exist.
    case noInput = 66
    /// EX_SOFTWARE: an internal error.
    case software = 70
    /// EX_CANTCREAT: an output file cannot be created.
    case cannotCreate = 73
    /// EX_IOERR: an I/O error.
    case ioError = 74
    /// EX_TEMPFAIL: another connection holds the database's lock past the wait; trying again
    /// later may succeed.
    case temporaryFailure = 75
}
