import AuctionCore

/// A min-heap of (end time, lot index): the next auction to end in O(log n) while end times move.
///
/// A moved end time is pushed again rather than updated; the stale entry stays until it reaches
/// the top, where the book drops it (its lot is closed or now ends at another time).
struct EndTimeQueue: Sendable {
    /// One scheduled end.
    struct Entry: Hashable, Sendable {
        var end: Timestamp
        var index: Int

        static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
            (lhs.end, lhs.index) < (rhs.end, rhs.index)
        }
    }

    private var heap: [Entry] = []

    /// The earliest entry, nil when empty.
    var first: Entry? { heap.first }

    /// How many entries (stale ones included).
    var count: Int { heap.count }

    /// Adds an end time.
    mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Entry.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest entry.
    @discardableResult
    mutating func popFirst() -> Entry? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count && Entry.precedes(heap[left], heap[smallest]) { smallest = left }
                if right < heap.count && Entry.precedes(heap[right], heap[smallest]) { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
