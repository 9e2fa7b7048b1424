import AuctionCore

/// Catching up with the shared store: one lot's state replaced by what the store holds.
extension AuctionBook {
    /// Replaces one lot's state with `stored` (read from the store after a conflict); returns the
    /// price update to push when the price changed, nil when it did not or the product is unknown.
    ///
    /// Terms read with it (a seller's edit on another node) replace the lot's. A withdrawal read with
    /// it closes the lot and makes later bids and buys refused `withdrawn` or `lot_removed`, as on the
    /// node that took it down; the lot leaves lists only when the withdrawal is adopted.
    ///
    /// Uncommitted steps of the lot are forgotten: they were decided on the old state, so their
    /// conditional commits fail and their reverts then change nothing. A moved end is queued again,
    /// and so is the end of a lot the book had closed but the store has not (it closes again later).
    @discardableResult
    public mutating func refresh(_ stored: LotRefresh) -> PriceUpdate? {
        guard let index = indexByID[stored.productID] else { return nil }
        let before = lots[index].price
        let movedEnd = lots[index].endsAt != stored.endsAt, wasClosed = lots[index].isClosed
        lots[index].uncommitted.removeAll()
        lots[index].state = LotState(
            price: stored.price, lastChange: stored.lastChange, lastChangeAt: stored.lastChangeAt, leader: stored.leader,
            leaderMaximum: stored.leaderMaximum.flatMap { $0 > stored.price ? $0 : nil }, endsAt: stored.endsAt,
            extensions: stored.extensions, hasBids: stored.bidCount > 0, isBought: stored.isBought)
        if let leader = stored.leader { lots[index].bidders.insert(leader) }
        if let terms = stored.terms { adoptTerms(terms, at: index) }
        // Taken down on another node: refused as there until the notice makes this node adopt it.
        if let withdrawal = stored.withdrawal { lots[index].storedWithdrawal = withdrawal }
        lots[index].isClosed = stored.isClosed || lots[index].takedownRefusal != nil
        if movedEnd || wasClosed, let end = stored.endsAt, !lots[index].isClosed {
            endQueue.push(EndTimeQueue.Entry(end: end, index: index))
        }
        pruneEndQueue()
        guard stored.price != before else { return nil }
        let change = stored.price - before
        return PriceUpdate(
            productID: stored.productID, price: stored.price, change: change, direction: PriceDirection(change: change),
            auctionDate: (stored.lastChangeAt ?? Timestamp(millisecondsSinceEpoch: 0)).calendarDate)
    }

    /// Takes a seller's terms as stored (increment, reserve, buy-now) for a lot, leaving its bids
    /// alone; false for an unknown product.
    @discardableResult
    public mutating func adoptTerms(_ terms: LotRefresh.Terms, of id: ProductID) -> Bool {
        guard let index = indexByID[id] else { return false }
        adoptTerms(terms, at: index)
        return true
    }

    private mutating func adoptTerms(_ terms: LotRefresh.Terms, at index: Int) {
        lots[index].minimumIncrement = terms.minimumIncrement
        lots[index].terms.reserve = terms.reserve
        lots[index].terms.buyNow = terms.buyNow
    }
}
