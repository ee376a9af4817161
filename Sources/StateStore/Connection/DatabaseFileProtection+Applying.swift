import Foundation

extension DatabaseFileProtection {
    /// Gives this class to the database `file` and to its `-wal` and `-shm` that exist now
    /// (a connection in WAL mode has made them by the time its open returns). On platforms
    /// without Data Protection it does nothing. A file the system refuses keeps its class: the
    /// open goes on, as it would have without the option.
    package func apply(to file: DatabaseFile) {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            let path = file.path
            let attributes: [FileAttributeKey: Any] = [.protectionKey: FileProtectionType(rawValue: rawValue)]
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                try? FileManager.default.setAttributes(attributes, ofItemAtPath: path + suffix)
            }
        #endif
    }
}
