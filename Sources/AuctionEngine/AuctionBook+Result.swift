import AuctionCore

/// The least next bid of a lot and what a decision did, both read off the book.
extension AuctionBook {
    /// The least bid `lot` accepts now: `BidMinimum` with the book's increments (the figure the
    /// server states as `next_minimum` and the one `decide` holds bids to).
    public func nextMinimum(of lot: AuctionLot) -> Money {
        BidMinimum.next(price: lot.price, hasBids: lot.hasBids, minimumIncrement: lot.minimumIncrement, increments: increments)
    }

    /// The least bid after an accepted step at `price` on product `id` (a pushed price), or nil
    /// when there is no such product.
    public func nextMinimum(afterStepAt price: Money, on id: ProductID) -> Money? {
        lot(for: id).map { BidMinimum.afterStep(at: price, minimumIncrement: $0.minimumIncrement, increments: increments) }
    }

    /// What `decision` did on product `id` for `bidder` (who sent `maximum`, if any), read off the lot
    /// as the decision left it; nil for a product the book does not hold.
    func result(of decision: BidDecision, productID id: ProductID, bidder: UserID?, maximum: Money?) -> BidResult? {
        guard let lot = lot(for: id) else { return nil }
        let placed = decision.steps.contains { !$0.isAutomatic }
        let leading = bidder.map { lot.leader == $0 } ?? placed
        var yourMaximum: Money?
        if leading, bidder != nil {
            // Held above the price, or a maximum just sent that the price reached exactly.
            yourMaximum = lot.leaderMaximum ?? (decision.isAccepted ? maximum.map { min($0, lot.price) } : nil)
        }
        let open = !lot.isClosed && !lot.isBought && lot.takedownRefusal == nil
        return BidResult(price: lot.price, nextMinimum: open ? nextMinimum(of: lot) : nil, leading: leading,
                         yourMaximum: yourMaximum, proxyPrice: decision.steps.last { $0.isAutomatic }?.price,
                         placed: placed)
    }
}
