extension Database {
    /// Holds the page cache to 256 KiB while a large value passes through it
    /// (``withPageCache(passingValueOf:_:)``).
    static let holdPageCacheSQL = "PRAGMA cache_size = -256"

    /// Gives the page cache back SQLite's default size, 2,000 KiB, which every connection keeps
    /// otherwise.
    static let releasePageCacheSQL = "PRAGMA cache_size = -2000"

    /// From this size (bytes), a value is written with the page cache held small.
    static let largeValueBytes = 1 << 20

    /// Runs `body`, which moves one value of `bytes` bytes (nil: not known before it is read)
    /// through the connection's page cache, with the cache held to 256 KiB when the value may
    /// be a megabyte or more, then gives the cache back its 2,000 KiB. For a shelf snapshot's
    /// megabytes, written or read.
    ///
    /// Such a value's pages pass through the cache once and are not wanted again. With the
    /// cache at its usual size, its 2 MB of pages are allocated while the value's copies (the
    /// encoded text, the row SQLite builds from it, the value read back) are, and stay behind
    /// them in the heap: the allocator cannot give back, or reuse as one block, memory around
    /// a page still held, so the process keeps the megabytes the copies took. Measured on a
    /// 100,000-row shelf saved and restored twice in one process: peak resident 48.2 MiB with
    /// the usual cache, 46.7 with this. Holding the cache small frees the pages past 256 KiB
    /// at once, so the pages of other statements are read again after. Changing the cache's
    /// size is not expected to fail; if it does (a closed connection), `body` runs regardless
    /// and reports what it finds.
    package func withPageCache<T, Failure: Error>(passingValueOf bytes: Int?, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        guard bytes.map({ $0 >= Self.largeValueBytes }) ?? true else { return try body() }
        setPageCache(Self.holdPageCacheSQL)
        defer { setPageCache(Self.releasePageCacheSQL) }
        return try body()
    }

    private func setPageCache(_ pragma: String) {
        guard let statement = try? cachedStatement(pragma) else { return }
        _ = try? statement.step()
        statement.reset()
    }
}
