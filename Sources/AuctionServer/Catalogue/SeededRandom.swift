/// A small deterministic random source (SplitMix64), so the demo catalogue is the same on every machine.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// Starts the sequence from a seed.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ options: [T]) -> T {
        options[int(in: 0...(options.count - 1))]
    }
}
