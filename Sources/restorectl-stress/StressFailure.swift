/// A subcommand's failure, printed as `error <description>` on stderr before the process exits 1:
/// what went wrong, in the words a test's message shows.
struct StressFailure: Error, CustomStringConvertible {
    let description: String
}
