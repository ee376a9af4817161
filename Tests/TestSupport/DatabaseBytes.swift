import Foundation

/// What a database file and its write-ahead log hold, byte for byte, for the tests that check
/// deleted data left no trace. The files are read in this process: call it once every
/// connection to them is closed (opening and closing a descriptor of the file would drop the
/// POSIX locks this process's connections hold on it).
package enum DatabaseBytes {
    /// How many times the file at `path` and its `-wal` hold the UTF-8 bytes of `text`.
    package static func occurrences(of text: String, at path: String) -> Int {
        let needle = Data(text.utf8)
        return [path, path + "-wal"].reduce(0) { count, name in
            let bytes = FileManager.default.contents(atPath: name) ?? Data()
            var found = count
            var start = bytes.startIndex
            while let range = bytes.range(of: needle, in: start..<bytes.endIndex) {
                found += 1
                start = range.upperBound
            }
            return found
        }
    }

    /// Whether the file at `path` or its `-wal` holds the UTF-8 bytes of `text`.
    package static func hold(_ text: String, at path: String) -> Bool { occurrences(of: text, at: path) > 0 }
}
