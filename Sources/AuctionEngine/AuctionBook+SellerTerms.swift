import AuctionCore

/// Sellers' changes the store decides: the book first says what it would decide (changing nothing),
/// then takes what the store recorded — on this node or another — without its own checks.
extension AuctionBook {
    /// What `withdraw` would decide now, changing nothing.
    public func withdrawal(of id: ProductID) -> SellerChange {
        guard let index = indexByID[id] else { return .unknownProduct }
        let lot = lots[index]
        guard !lot.isClosed, !lot.isBought else { return .closed }
        guard !lot.hasBids, !lot.hasUncommittedBids, lot.bidders.isEmpty else { return .hasBids }
        return .applied
    }

    /// What `amend` would decide now for these terms, changing nothing.
    public func amendment(of id: ProductID, startPrice: Money?, endsAt: Timestamp?, reserve: Money?) -> SellerChange {
        guard let index = indexByID[id] else { return .unknownProduct }
        let lot = lots[index]
        guard !lot.isClosed, !lot.isBought else { return .closed }
        guard lot.hasBids || lot.hasUncommittedBids || !lot.bidders.isEmpty else { return .applied }
        let raisesReserve = reserve.map { new in lot.terms.reserve.map { new > $0 } ?? true } ?? false
        return startPrice != nil || endsAt != nil || raisesReserve ? .hasBids : .applied
    }

    /// Takes terms the store recorded for a lot (nil: unchanged). The start price becomes the price
    /// only while the book knows no bid on it (bids the store took since are adopted with their price).
    /// False for an unknown or closed lot.
    @discardableResult
    public mutating func adoptSellerTerms(_ id: ProductID, startPrice: Money?, endsAt: Timestamp?, minimumIncrement: Money?,
                                          reserve: Money?, buyNow: Money?) -> Bool {
        guard let index = indexByID[id], !lots[index].isClosed else { return false }
        let lot = lots[index]
        if let startPrice, !lot.hasBids, !lot.hasUncommittedBids { lots[index].price = startPrice }
        if let endsAt, endsAt != lot.endsAt {
            lots[index].endsAt = endsAt
            endQueue.push(EndTimeQueue.Entry(end: endsAt, index: index))
        }
        if let minimumIncrement { lots[index].minimumIncrement = minimumIncrement }
        if let reserve { lots[index].terms.reserve = reserve }
        if let buyNow { lots[index].terms.buyNow = buyNow }
        return true
    }

    /// Withdraws a lot the store recorded withdrawn (closed at once, bids refused `withdrawn`,
    /// no closing announced); false when the book does not know it or had withdrawn it already.
    public mutating func adoptWithdrawal(_ id: ProductID) -> Bool {
        guard let index = indexByID[id], !lots[index].isWithdrawn else { return false }
        restoreWithdrawn([id])
        return true
    }
}
