import Foundation

// restorectl-stress: the child process the crash and concurrency tests launch, kill and read.
// See StressCommand for the subcommands and their output lines.

exit(StressTool.run(Array(CommandLine.arguments.dropFirst())))
