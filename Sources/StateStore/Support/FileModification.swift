import Foundation

/// When a file was last modified, as `stat` tells it on each platform.
enum FileModification {
    /// The modification time of `status`'s file, in nanoseconds since 1970.
    static func nanoseconds(of status: stat) -> Int64 {
        #if canImport(Darwin)
            Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
        #else
            Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        #endif
    }
}
