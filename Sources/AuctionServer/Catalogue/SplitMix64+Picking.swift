import AuctionEngine
/// Small draws the demo catalogue makes from the engine's deterministic generator, so the
/// catalogue is the same on every machine.
extension SplitMix64 {
    /// A whole number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ options: [T]) -> T {
        options[int(in: 0...(options.count - 1))]
    }
}
