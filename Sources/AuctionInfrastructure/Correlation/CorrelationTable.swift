/// Maps completion ids to pending requests with deadlines: a value-type state machine without I/O.
///
/// Ids stay in `0...maximumID` (default `Int32.max`, which every peer reads as a plain integer),
/// wrap around instead of overflowing, and skip ids still pending, so they never collide.
public struct CorrelationTable<Pending> {
    /// What completing an id led to.
    public enum CompletionAction {
        /// The id was pending: hand the reply to this request.
        case succeed(Pending)
        /// No request with that id is pending (already completed, expired, or never sent): drop the reply.
        case notFound
    }

    fileprivate struct Entry {
        var pending: Pending
        var deadline: Int64
        var serial: UInt64
    }

    /// The largest id handed out before wrapping to 0.
    public let maximumID: Int64
    /// Registering fails (returns nil) when this many requests are pending.
    public let maximumPending: Int

    private var entries: [Int64: Entry] = [:]
    private var deadlines = BinaryHeap<CorrelationDeadline>()
    private var nextID: Int64
    private var nextSerial: UInt64 = 0

    /// Creates an empty table; the first id is `firstID`.
    public init(firstID: Int64 = 0, maximumID: Int64 = Int64(Int32.max), maximumPending: Int = 1 << 20) {
        self.maximumID = max(0, maximumID)
        self.maximumPending = max(1, min(maximumPending, Int(clamping: self.maximumID) &+ 1))
        self.nextID = min(max(0, firstID), self.maximumID)
    }

    /// The number of pending requests.
    public var count: Int { entries.count }

    /// Whether nothing is pending.
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether a request with this id is pending.
    public func isPending(_ id: Int64) -> Bool { entries[id] != nil }

    /// Records a pending request that expires at `deadline`; returns its id, or nil when the table is full.
    public mutating func register(_ pending: Pending, deadline: Int64) -> Int64? {
        guard entries.count < maximumPending else { return nil }
        var id = nextID
        while entries[id] != nil { id = id == maximumID ? 0 : id + 1 }
        nextID = id == maximumID ? 0 : id + 1
        nextSerial &+= 1
        entries[id] = Entry(pending: pending, deadline: deadline, serial: nextSerial)
        deadlines.push(CorrelationDeadline(deadline: deadline, id: id, serial: nextSerial))
        compactDeadlinesIfStale()
        return id
    }

    /// A reply for `id` arrived.
    public mutating func complete(_ id: Int64) -> CompletionAction {
        guard let entry = entries.removeValue(forKey: id) else { return .notFound }
        compactDeadlinesIfStale()
        return .succeed(entry.pending)
    }

    /// Removes and returns every request whose deadline is at or before `now`, earliest first.
    public mutating func expire(now: Int64) -> [(id: Int64, pending: Pending)] {
        var expired: [(id: Int64, pending: Pending)] = []
        while let top = deadlines.peek, top.deadline <= now {
            deadlines.pop()
            if let entry = entries[top.id], entry.serial == top.serial {
                entries[top.id] = nil
                expired.append((top.id, entry.pending))
            }
        }
        return expired
    }

    /// The earliest deadline still pending, if any.
    public mutating func nextDeadline() -> Int64? {
        while let top = deadlines.peek {
            if let entry = entries[top.id], entry.serial == top.serial { return top.deadline }
            deadlines.pop()
        }
        return nil
    }

    /// Removes and returns every pending request (e.g. the connection dropped), in id order.
    public mutating func failAll() -> [(id: Int64, pending: Pending)] {
        let all = entries.sorted { $0.key < $1.key }.map { (id: $0.key, pending: $0.value.pending) }
        entries.removeAll()
        deadlines.removeAll()
        return all
    }

    /// Rebuilds the deadline heap when completed requests make up most of it, bounding its memory.
    private mutating func compactDeadlinesIfStale() {
        guard deadlines.count > 64 && deadlines.count > 4 * entries.count else { return }
        deadlines = BinaryHeap(entries.map { CorrelationDeadline(deadline: $0.value.deadline, id: $0.key, serial: $0.value.serial) })
    }
}

extension CorrelationTable: Sendable where Pending: Sendable {}
extension CorrelationTable.CompletionAction: Sendable where Pending: Sendable {}
extension CorrelationTable.Entry: Sendable where Pending: Sendable {}
