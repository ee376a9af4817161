/// A small seeded generator (SplitMix64), so a failing run's kill points or power cuts can be
/// replayed from the seed it prints.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next value of the sequence.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
