import Synchronization

/// A fixed run of atomic integers, allocated once: adding to one never allocates or locks (a relaxed
/// atomic add), so the bid path can count. Read at scrape time from any thread.
// @unchecked Sendable: every slot is an `Atomic`, and the storage is allocated once and never moves or grows.
final class AtomicSlots: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Atomic<Int>>
    /// How many slots there are.
    let count: Int

    /// `count` slots, all zero.
    init(count: Int) {
        self.count = max(1, count)
        base = .allocate(capacity: self.count)
        for index in 0..<self.count { (base + index).initialize(to: Atomic(0)) }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Adds `amount` to slot `index` (wrapping; an index outside the run is ignored).
    @inline(__always)
    func add(_ index: Int, _ amount: Int = 1) {
        guard index >= 0, index < count else { return }
        base[index].wrappingAdd(amount, ordering: .relaxed)
    }

    /// The value of slot `index` now (0 outside the run).
    func load(_ index: Int) -> Int {
        guard index >= 0, index < count else { return 0 }
        return base[index].load(ordering: .relaxed)
    }

    /// Every slot's value now, in order.
    func values() -> [Int] {
        (0..<count).map { load($0) }
    }
}

/// A histogram with fixed bucket bounds kept in atomic slots: observing finds the bucket (a short
/// scan of the bounds) and adds to it, the sum and the count, without allocating or locking.
final class AtomicHistogram: Sendable {
    /// Upper bounds of the buckets, ascending, in the observed unit (nanoseconds, bids…).
    let bounds: [Int]
    private let slots: AtomicSlots  // one per bound, one above the last, then the sum

    /// A histogram with these bucket bounds.
    init(bounds: [Int]) {
        self.bounds = bounds
        slots = AtomicSlots(count: bounds.count + 2)
    }

    /// Counts one observation of `value`.
    @inline(__always)
    func observe(_ value: Int) {
        var index = 0
        while index < bounds.count, value > bounds[index] { index += 1 }
        slots.add(index)
        slots.add(bounds.count + 1, value)
    }

    /// The counts per bucket (not cumulative; one more than `bounds`) and the sum, now.
    var snapshot: (counts: [Int], sum: Int) {
        let values = slots.values()
        return (Array(values[0...bounds.count]), values[bounds.count + 1])
    }

    /// Latency bounds in nanoseconds: 50 µs to 10 s.
    static let latencyBounds: [Int] = [
        50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 25_000_000, 50_000_000,
        100_000_000, 250_000_000, 500_000_000, 1_000_000_000, 2_500_000_000, 10_000_000_000,
    ]
}
