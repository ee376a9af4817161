/// Resource limits the parser enforces before and while reading untrusted input.
public struct JSONLimits: Equatable, Sendable {
    /// Largest accepted input, in bytes.
    public var maxBytes: Int
    /// Deepest accepted nesting of arrays and objects (a bare scalar has depth 0, `[]` depth 1).
    public var maxDepth: Int

    /// Creates limits.
    public init(maxBytes: Int, maxDepth: Int) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// 8 MiB plus 64 KiB of room for structure around an 8 MiB string, and 64 levels of nesting.
    public static let `default` = JSONLimits(maxBytes: 8 * 1024 * 1024 + 64 * 1024, maxDepth: 64)
}
