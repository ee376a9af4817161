import Foundation

/// Writes with the system's `write`, until every byte is written.
package enum WholeWrite {
    /// Writes all of `bytes` to `descriptor`, going on after a short write or an interrupted
    /// one; returns nil when all were written, else the `errno` that stopped it (`EIO` for a
    /// write that wrote nothing and reported no error).
    package static func write(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Int32? {
        var rest = Array(bytes)[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                rest = rest.dropFirst(count)
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return count < 0 ? errno : EIO
            }
        }
        return nil
    }
}
