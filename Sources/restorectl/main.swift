import Foundation

exit(Restorectl.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))
