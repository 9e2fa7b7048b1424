import AuctionCore

/// Lots changed by their sellers while the server runs: listed, amended, withdrawn.
extension AuctionBook {
    /// What a seller's change to a lot came to.
    public enum SellerChange: Equatable, Sendable {
        /// Done.
        case applied
        /// No such lot.
        case unknownProduct
        /// The lot has ended or was withdrawn.
        case closed
        /// A bid exists (or waits for its commit), and the change needs none: `has_bids` / `locked_by_bids`.
        case hasBids
    }

    /// Appends a newly listed lot at the end of the catalogue (its id must be above every other) and
    /// returns its 1-based list position; nil when the id is not the highest (nothing changes).
    @discardableResult
    public mutating func list(_ product: Product, terms: AuctionTerms) -> Int? {
        guard indexByID[product.id] == nil, lots.last.map({ $0.productID < product.id }) ?? true else { return nil }
        let index = lots.count
        lots.append(AuctionLot(productID: product.id, position: index + 1, price: product.currentPrice,
                               minimumIncrement: product.minimumIncrement, endsAt: product.endsAt, terms: terms))
        indexByID[product.id] = index
        if let end = product.endsAt { endQueue.push(EndTimeQueue.Entry(end: end, index: index)) }
        return listPosition(ofIndex: index)
    }

    /// Withdraws a lot before its first bid: closed at once, bids and buys refused `auction_closed`,
    /// and no closing is announced for it.
    public mutating func withdraw(_ id: ProductID) -> SellerChange {
        guard let index = indexByID[id] else { return .unknownProduct }
        let lot = lots[index]
        guard !lot.isClosed, !lot.isBought else { return .closed }
        guard !lot.hasBids, !lot.hasUncommittedBids, lot.bidders.isEmpty else { return .hasBids }
        lots[index].isClosed = true
        lots[index].isWithdrawn = true
        insertWithdrawn(index)
        return .applied
    }

    /// Notes who sells each lot (at start, and as lots are listed or adopted): their own bids and
    /// buys are refused `own_lot`. Unknown products are skipped.
    public mutating func assignSellers(_ sellers: [ProductID: UserID]) {
        for (id, seller) in sellers {
            guard let index = indexByID[id] else { continue }
            lots[index].seller = seller
        }
    }

    /// Marks lots withdrawn before a restart (closed already, from the store), so list positions skip them.
    public mutating func restoreWithdrawn(_ ids: Set<ProductID>) {
        for id in ids {
            guard let index = indexByID[id], !lots[index].isWithdrawn else { continue }
            lots[index].isClosed = true
            lots[index].isWithdrawn = true
            insertWithdrawn(index)
        }
    }

    /// How many lots lists show (withdrawn ones left out): the catalogue size list states are checked against.
    public var listedCount: Int { lots.count - withdrawnIndices.count }

    /// The 1-based position in lists of the lot at `index`: its catalogue position less the withdrawn
    /// lots before it (lists skip them; the pages a client loaded count only what it was shown).
    public func listPosition(ofIndex index: Int) -> Int {
        var low = 0, high = withdrawnIndices.count
        while low < high {
            let middle = (low + high) / 2
            if withdrawnIndices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return index + 1 - low
    }

    private mutating func insertWithdrawn(_ index: Int) {
        var low = 0, high = withdrawnIndices.count
        while low < high {
            let middle = (low + high) / 2
            if withdrawnIndices[middle] < index { low = middle + 1 } else { high = middle }
        }
        if low == withdrawnIndices.count || withdrawnIndices[low] != index { withdrawnIndices.insert(index, at: low) }
    }

    /// Changes a lot's terms. Before the first bid anything may change; after it only a lower
    /// reserve, the buy-now price and the minimum increment (`.hasBids` otherwise, nothing changed).
    public mutating func amend(_ id: ProductID, startPrice: Money?, endsAt: Timestamp?, minimumIncrement: Money?,
                               reserve: Money?, buyNow: Money?) -> SellerChange {
        guard let index = indexByID[id] else { return .unknownProduct }
        let lot = lots[index]
        guard !lot.isClosed, !lot.isBought else { return .closed }
        let bid = lot.hasBids || lot.hasUncommittedBids || !lot.bidders.isEmpty
        if bid {
            let raisesReserve = reserve.map { new in lot.terms.reserve.map { new > $0 } ?? true } ?? false
            if startPrice != nil || endsAt != nil || raisesReserve { return .hasBids }
        }
        if let startPrice { lots[index].price = startPrice }
        if let endsAt {
            lots[index].endsAt = endsAt
            endQueue.push(EndTimeQueue.Entry(end: endsAt, index: index))
        }
        if let minimumIncrement { lots[index].minimumIncrement = minimumIncrement }
        if let reserve { lots[index].terms.reserve = reserve }
        if let buyNow { lots[index].terms.buyNow = buyNow }
        return .applied
    }
}
