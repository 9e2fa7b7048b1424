/// The last `capacity` ids seen (a set and a ring), so something delivered by two paths goes out once.
struct RecentIDs: Sendable {
    private var members: Set<Int64> = []
    private var ring: [Int64] = []
    private var next = 0
    /// How many ids are remembered.
    let capacity: Int

    /// Remembers up to `capacity` ids (at least one).
    init(capacity: Int = 4_096) {
        self.capacity = max(1, capacity)
    }

    /// Remembers `id`; false when it was remembered already.
    mutating func insert(_ id: Int64) -> Bool {
        guard !members.contains(id) else { return false }
        if ring.count < capacity {
            ring.append(id)
        } else {
            members.remove(ring[next])
            ring[next] = id
            next = (next + 1) % capacity
        }
        members.insert(id)
        return true
    }
}
