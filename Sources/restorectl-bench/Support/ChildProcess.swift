import Foundation

/// Runs this bench binary again with a hidden subcommand, so a measurement (peak memory above
/// all) starts from a fresh process and does not inherit the peaks of earlier work.
enum ChildProcess {
    /// The children's environment; `main` points `XDG_CONFIG_HOME` at a temporary folder, which
    /// CoreFoundation reads once at start-up, so `UserDefaults` never writes into the user's own.
    nonisolated(unsafe) static var environment = ProcessInfo.processInfo.environment

    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RawConnection.Failure(description: "child \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Starts this bench binary with `arguments` and waits for it, without pipes or threads in
    /// between (`posix_spawn`, `waitpid`): the time from spawn to exit, for `cold-launch`.
    static func timedLaunch(_ arguments: [String]) throws -> Duration {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable, nil, nil, argv, envp)
        guard spawned == 0 else { throw RawConnection.Failure(description: "cannot start \(executable): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let elapsed = ContinuousClock.now - start
        // Exited normally (low 7 bits zero) with status 0.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw RawConnection.Failure(description: "child \(arguments.joined(separator: " ")) ended with status \(status)")
        }
        return elapsed
    }
}
