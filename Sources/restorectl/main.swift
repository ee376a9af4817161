import Foundation

// Not `CommandLine.arguments`, which replaces invalid UTF-8 with U+FFFD without a word.
let arguments = (0..<Int(CommandLine.argc)).dropFirst().map { index in
    CommandLine.unsafeArgv[index].flatMap { String(validatingCString: $0) }
}
exit(StandardStreams.exitCode(after: Restorectl.run(decodedArguments: arguments, console: .standard())))
