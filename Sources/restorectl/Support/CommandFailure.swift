/// A failure a command reports as one line on stderr with its exit code.
struct CommandFailure: Error, Equatable {
    let exitCode: ExitCode
    let message: String

    init(_ exitCode: ExitCode, _ message: String) {
        self.exitCode = exitCode
        self.message = message
    }
}
