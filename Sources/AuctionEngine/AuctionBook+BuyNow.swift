import AuctionCore

/// Buy-now: one accepted step at the buy-now price that ends the auction at once.
extension AuctionBook {
    /// Buys a product now for `buyer`: accepted while `AuctionLot.buyNowPrice` offers it (no bid yet,
    /// or with a reserve: the reserve not met yet). Its step ends the auction; the next `closeDue`
    /// reports the closing with `bought: true`, and bids from now on are refused `auctionClosed`.
    public mutating func buyNow(productID: ProductID, buyer: UserID?, now: Timestamp) -> BidDecision {
        var decision = decideBuy(productID: productID, buyer: buyer, now: now)
        decision.result = result(of: decision, productID: productID, bidder: buyer, maximum: nil)
        return decision
    }

    /// The buy itself, before its result is read off the lot.
    private mutating func decideBuy(productID: ProductID, buyer: UserID?, now: Timestamp) -> BidDecision {
        guard let index = indexByID[productID] else {
            return .refused(.unknownProduct, currentPrice: nil)
        }
        let lot = lots[index]
        if let refusal = lot.takedownRefusal {
            return .refused(refusal, currentPrice: lot.price)
        }
        if lot.isClosed || lot.isBought || lot.endsAt.map({ now >= $0 }) == true {
            return .refused(.auctionClosed, currentPrice: lot.price)
        }
        guard let buyer else {
            return .refused(.unauthenticated, currentPrice: lot.price)
        }
        if buyer == lot.seller {
            return .refused(.ownLot, currentPrice: lot.price)
        }
        guard rules.limits.admits(storedPrice: lot.price) else {
            return .refused(.productUnavailable, currentPrice: nil)
        }
        guard let price = lot.buyNowPrice, rules.limits.admits(storedPrice: price) else {
            return .refused(.buyNowUnavailable, currentPrice: lot.price)
        }
        let accepted = recordStep(price: price, for: buyer, automatic: false, leaderMaximum: nil, idempotencyKey: nil,
                                  at: index, now: now)
        lots[index].isBought = true
        lots[index].endsAt = now
        endQueue.push(EndTimeQueue.Entry(end: now, index: index))
        return BidDecision(outcome: .accepted(price: price), steps: [accepted], endsAt: now,
                           previousLeader: lot.leader, position: listPosition(ofIndex: index))
    }
}
