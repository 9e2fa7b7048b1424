/// Timers keyed by monotonic deadline: a binary min-heap with lazy cancellation.
/// Deliberately not `Sendable`: it lives on one event-loop thread.
struct TimerQueue {
    private struct Entry {
        var deadline: Int64
        var id: UInt64

        func fires(before other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : id < other.id
        }
    }

    private var heap: [Entry] = []
    private var work: [UInt64: () -> Void] = [:]

    /// The number of timers scheduled and not yet fired or cancelled.
    var count: Int { work.count }

    /// Schedules `body` at `deadline` (monotonic ms) under `id`, which must grow with every call.
    mutating func insert(id: UInt64, deadline: Int64, _ body: @escaping () -> Void) {
        work[id] = body
        heap.append(Entry(deadline: deadline, id: id))
        siftUp(heap.count - 1)
    }

    /// Cancels a timer; returns whether it was still pending.
    @discardableResult
    mutating func cancel(id: UInt64) -> Bool {
        guard work.removeValue(forKey: id) != nil else { return false }
        if heap.count > 64 && heap.count > 2 * work.count { compact() }
        return true
    }

    /// The earliest pending deadline, dropping cancelled entries from the top.
    mutating func nextDeadline() -> Int64? {
        while let top = heap.first {
            if work[top.id] != nil { return top.deadline }
            removeTop()
        }
        return nil
    }

    /// Removes and returns the earliest timer due at `now` whose id is below `idLimit`.
    mutating func popDue(now: Int64, idLimit: UInt64) -> (id: UInt64, body: () -> Void)? {
        while let top = heap.first, top.deadline <= now {
            if top.id >= idLimit, work[top.id] != nil { return nil }
            removeTop()
            if let body = work.removeValue(forKey: top.id) { return (top.id, body) }
        }
        return nil
    }

    /// Drops every timer.
    mutating func removeAll() {
        heap.removeAll()
        work.removeAll()
    }

    private mutating func compact() {
        heap.removeAll { work[$0.id] == nil }
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].fires(before: heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count, heap[left + 1].fires(before: heap[left]) { smallest = left + 1 }
            guard heap[smallest].fires(before: heap[parent]) else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
