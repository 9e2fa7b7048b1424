import AuctionCore

/// Lots held for sellers' changes being stored, and the requests waiting on each (loop thread).
struct SellerHolds {
    private var holds: [ProductID: Int] = [:]
    private var waiting: [ProductID: [(Timestamp) -> Void]] = [:]
    /// Changes waiting for a held lot's bids in flight to come back from the ledger (a retraction).
    private(set) var settling: [ProductID: [() -> Void]] = [:]

    /// Runs `change` once lot `id` has no bid awaiting its commit (`isSettled` says whether it has none now).
    mutating func whenSettled(_ id: ProductID, isSettled: Bool, _ change: @escaping () -> Void) {
        guard !isSettled else { return change() }
        settling[id, default: []].append(change)
    }

    /// Takes the changes waiting on lots `isSettled` now says are settled.
    mutating func takeSettled(_ isSettled: (ProductID) -> Bool) -> [() -> Void] {
        guard !settling.isEmpty else { return [] }
        var ready: [() -> Void] = []
        for id in settling.keys.sorted() where isSettled(id) { ready += settling.removeValue(forKey: id) ?? [] }
        return ready
    }

    /// Holds a lot for one more change.
    mutating func hold(_ id: ProductID) {
        holds[id, default: 0] += 1
    }

    /// Parks `request` when `id` is held; false (nothing parked) otherwise.
    mutating func park(_ id: ProductID, _ request: @escaping (Timestamp) -> Void) -> Bool {
        guard holds[id] != nil else { return false }
        waiting[id, default: []].append(request)
        return true
    }

    /// Ends one hold; the requests to run when it was the lot's last (in arrival order).
    mutating func release(_ id: ProductID) -> [(Timestamp) -> Void] {
        guard let count = holds[id] else { return [] }
        guard count <= 1 else {
            holds[id] = count - 1
            return []
        }
        holds[id] = nil
        return waiting.removeValue(forKey: id) ?? []
    }
}
