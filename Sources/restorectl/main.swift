import Foundation

// A reader gone from a pipe (`restorectl demo | head -1`) is a write that fails with EPIPE,
// which the tool reports with exit 74 after finishing its work and closing its files, as for
// a full disk; by default the signal killed it half way (exit 141) and left its log behind.
signal(SIGPIPE, SIG_IGN)

// Not `CommandLine.arguments`, which replaces invalid UTF-8 with U+FFFD without a word.
let arguments = (0..<Int(CommandLine.argc)).dropFirst().map { index in
    CommandLine.unsafeArgv[index].flatMap { String(validatingCString: $0) }
}
exit(StandardStreams.exitCode(after: Restorectl.run(decodedArguments: arguments, console: .standard())))
