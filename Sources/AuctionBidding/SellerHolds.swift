import AuctionCore

/// Lots held for sellers' changes being stored, the requests parked on each (`Parked`), and the
/// changes (`Settled`) waiting for a held lot's bids in flight to come back from the ledger.
public struct SellerHolds<Parked, Settled> {
    private var holds: [ProductID: Int] = [:]
    private var waiting: [ProductID: [Parked]] = [:]
    /// Changes waiting for a held lot's bids in flight to come back from the ledger (a retraction).
    public private(set) var settling: [ProductID: [Settled]] = [:]

    /// No lot held.
    public init() {}

    /// Parks `change` until lot `id` has no bid awaiting its commit.
    public mutating func whenSettled(_ id: ProductID, _ change: Settled) {
        settling[id, default: []].append(change)
    }

    /// Takes the changes waiting on lots `isSettled` now says are settled, in product order.
    public mutating func takeSettled(_ isSettled: (ProductID) -> Bool) -> [Settled] {
        guard !settling.isEmpty else { return [] }
        var ready: [Settled] = []
        for id in settling.keys.sorted() where isSettled(id) { ready += settling.removeValue(forKey: id) ?? [] }
        return ready
    }

    /// Holds a lot for one more change.
    public mutating func hold(_ id: ProductID) {
        holds[id, default: 0] += 1
    }

    /// Whether lot `id` is held now.
    public func isHeld(_ id: ProductID) -> Bool {
        holds[id] != nil
    }

    /// Parks `request` when `id` is held; false (nothing parked) otherwise.
    public mutating func park(_ id: ProductID, _ request: Parked) -> Bool {
        guard holds[id] != nil else { return false }
        waiting[id, default: []].append(request)
        return true
    }

    /// Ends one hold; the requests to run when it was the lot's last (in arrival order).
    public mutating func release(_ id: ProductID) -> [Parked] {
        guard let count = holds[id] else { return [] }
        guard count <= 1 else {
            holds[id] = count - 1
            return []
        }
        holds[id] = nil
        return waiting.removeValue(forKey: id) ?? []
    }
}

extension SellerHolds: Sendable where Parked: Sendable, Settled: Sendable {}
