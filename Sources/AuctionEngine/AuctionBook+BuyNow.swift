import AuctionCore

/// Buy-now: one accepted step at the buy-now price that ends the auction at once.
extension AuctionBook {
    /// Buys a product now for `buyer`: accepted while `AuctionLot.buyNowPrice` offers it (no bid yet,
    /// or with a reserve: the reserve not met yet). Its step ends the auction; the next `closeDue`
    /// reports the closing with `bought: true`, and bids from now on are refused `auctionClosed`.
    public mutating func buyNow(productID: ProductID, buyer: UserID?, now: Timestamp) -> BidDecision {
        guard let index = indexByID[productID] else {
            return .refused(.unknownProduct, currentPrice: nil)
        }
        let lot = lots[index]
        if lot.isClosed || lot.isBought || lot.endsAt.map({ now >= $0 }) == true {
            return .refused(.auctionClosed, currentPrice: lot.price)
        }
        guard let buyer else {
            return .refused(.unauthenticated, currentPrice: lot.price)
        }
        guard rules.limits.admits(storedPrice: lot.price) else {
            return .refused(.productUnavailable, currentPrice: nil)
        }
        guard let price = lot.buyNowPrice, rules.limits.admits(storedPrice: price) else {
            return .refused(.buyNowUnavailable, currentPrice: lot.price)
        }
        let previous = lot.state
        let accepted = AcceptedBid(productID: productID, price: price, previousPrice: lot.price, bidder: buyer, acceptedAt: now)
        let added = lots[index].bidders.insert(buyer).inserted
        lots[index].uncommitted.append(UncommittedStep(
            price: price, raisedMaximum: nil, contributor: buyer, addedBidder: added, previous: previous
        ))
        lots[index].price = price
        lots[index].lastChange = price - previous.price
        lots[index].lastChangeAt = now
        lots[index].leader = buyer
        lots[index].leaderMaximum = nil
        lots[index].hasBids = true
        lots[index].isBought = true
        lots[index].endsAt = now
        endQueue.push(EndTimeQueue.Entry(end: now, index: index))
        return BidDecision(outcome: .accepted(price: price), steps: [accepted], endsAt: now,
                           previousLeader: previous.leader, position: index + 1)
    }
}
