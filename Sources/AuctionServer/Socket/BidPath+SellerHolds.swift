import AuctionCore
import AuctionEngine

/// One decision point for a seller's change and a bid (loop thread): the book decides the change
/// against every bid it holds, committed or still in flight, and from that moment until the store
/// has written (or refused) the change, bids and buys on the lot wait here; they are then decided
/// on what the book took. A bid decided first locks the change (`has_bids`/`locked_by_bids`); a
/// bid that comes after it is decided on the new terms (a withdrawn lot refuses it). Other nodes'
/// bids meet the change in the store, which decides both conditionally on the same row.
extension BidPath {
    /// What the book says to a seller's withdrawal now; when it would apply, the lot's bids wait
    /// until `releaseSellerHold` (the caller must release it once the store has answered).
    func checkWithdrawal(_ id: ProductID) -> AuctionBook.SellerChange {
        holding(id, book.withdrawal(of: id))
    }

    /// What the book says to a seller's edit now; when it would apply, the lot's bids wait until
    /// `releaseSellerHold` (the caller must release it once the store has answered).
    func checkEdit(_ id: ProductID, _ edit: SaleEdit) -> AuctionBook.SellerChange {
        holding(id, book.amendment(of: id, startPrice: edit.startPrice, endsAt: edit.endsAt, reserve: edit.reserve))
    }

    /// Whether `id` is held for a seller's change; if so `request` waits and runs (with the time
    /// then) once the change is stored or refused.
    func waitsForSellerChange(_ id: ProductID, _ request: @escaping (Timestamp) -> Void) -> Bool {
        sellerHolds.park(id, request)
    }

    /// What the book says to a removal now; when it would apply, the lot's bids wait until
    /// `releaseSellerHold` (the caller must release it once the store has answered).
    func checkRemoval(_ id: ProductID) -> AuctionBook.SellerChange {
        holding(id, book.removal(of: id))
    }

    /// What the book says to a retraction on lot `id` now: `.applied` (open) holds the lot's bids, and
    /// `decided` runs once the bids already in flight there have come back from the ledger, so the store
    /// reprices a lot whose every bid it holds; otherwise `decided` runs at once (loop thread).
    func checkRetraction(_ id: ProductID, decided: @escaping (AuctionBook.SellerChange) -> Void) {
        guard let lot = book.lot(for: id) else { return decided(.unknownProduct) }
        guard !lot.isClosed, !lot.isBought else { return decided(.closed) }
        sellerHolds.hold(id)
        sellerHolds.whenSettled(id, isSettled: !lot.hasUncommittedBids) { decided(.applied) }
    }

    /// The retractions whose lots' bids have all come back from the ledger, to run now.
    func takeSettledChanges() -> [() -> Void] {
        sellerHolds.takeSettled { book.lot(for: $0)?.hasUncommittedBids != true }
    }

    /// `change`, holding the lot's bids when it would apply (sellers' and moderators' changes alike).
    func holding(_ id: ProductID, _ change: AuctionBook.SellerChange) -> AuctionBook.SellerChange {
        if change == .applied { sellerHolds.hold(id) }
        return change
    }
}

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
