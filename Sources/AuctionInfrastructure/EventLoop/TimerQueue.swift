/// Timers keyed by monotonic deadline: a `BinaryHeap` with lazy cancellation.
/// Deliberately not `Sendable`: it lives on one event-loop thread.
struct TimerQueue {
    private struct Entry: Comparable {
        var deadline: Int64
        var id: UInt64

        static func < (left: Entry, right: Entry) -> Bool {
            left.deadline != right.deadline ? left.deadline < right.deadline : left.id < right.id
        }
    }

    private var heap = BinaryHeap<Entry>()
    private var work: [UInt64: () -> Void] = [:]

    /// The number of timers scheduled and not yet fired or cancelled.
    var count: Int { work.count }

    /// Schedules `body` at `deadline` (monotonic ms) under `id`, which must grow with every call.
    mutating func insert(id: UInt64, deadline: Int64, _ body: @escaping () -> Void) {
        work[id] = body
        heap.push(Entry(deadline: deadline, id: id))
    }

    /// Cancels a timer; returns whether it was still pending.
    @discardableResult
    mutating func cancel(id: UInt64) -> Bool {
        guard work.removeValue(forKey: id) != nil else { return false }
        if heap.count > 64 && heap.count > 2 * work.count { heap.removeAll { work[$0.id] == nil } }
        return true
    }

    /// The earliest pending deadline, dropping cancelled entries from the top.
    mutating func nextDeadline() -> Int64? {
        while let top = heap.peek {
            if work[top.id] != nil { return top.deadline }
            heap.pop()
        }
        return nil
    }

    /// Removes and returns the earliest timer due at `now` whose id is below `idLimit`.
    mutating func popDue(now: Int64, idLimit: UInt64) -> (id: UInt64, body: () -> Void)? {
        while let top = heap.peek, top.deadline <= now {
            if top.id >= idLimit, work[top.id] != nil { return nil }
            heap.pop()
            if let body = work.removeValue(forKey: top.id) { return (top.id, body) }
        }
        return nil
    }

    /// Drops every timer.
    mutating func removeAll() {
        heap.removeAll()
        work.removeAll()
    }
}
