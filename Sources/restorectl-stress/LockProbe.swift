import Foundation

/// `lock-probe`: asks the kernel, from this separate process, whether any process holds a
/// lock on the file that a write lock over the whole file would conflict with (SQLite's
/// shared, reserved, pending or exclusive lock on a database file), without taking one.
///
/// Output: `held <pid>` naming one holder, or `free`.
enum LockProbe {
    static func run(path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw StressFailure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = 0
        request.l_len = 0
        guard fcntl(descriptor, F_GETLK, &request) == 0 else {
            throw StressFailure(description: "F_GETLK on \(path) failed: \(String(cString: strerror(errno)))")
        }
        LinePrinter.shared.line(request.l_type == Int16(F_UNLCK) ? "free" : "held \(request.l_pid)")
    }
}
