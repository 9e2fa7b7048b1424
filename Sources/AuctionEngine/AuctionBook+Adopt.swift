import AuctionCore

/// Lots refreshed from a shared store: bids decided on other nodes become this book's state.
extension AuctionBook {
    /// What adopting a stored lot changed.
    public struct Adoption: Hashable, Sendable {
        /// The lot's 1-based position (which list states see it).
        public var position: Int
        /// The new end time when the stored one differs from the book's.
        public var movedEnd: Timestamp?
    }

    /// Takes a lot's stored state and the bids accepted elsewhere since this book last knew it
    /// (oldest first): price, leader, the leader's maximum, end and extensions, bought, bidders.
    ///
    /// The store decides, the book is a cache: steps of this node still waiting for their commit
    /// on that lot are dropped (their commit fails against the stored state and is not undone
    /// here). Nil for an unknown or withdrawn lot (nothing changes); a closed lot keeps being closed.
    public mutating func adopt(_ stored: StoredLot, bids: [AcceptedBid]) -> Adoption? {
        guard let index = indexByID[stored.productID], !lots[index].isWithdrawn else { return nil }
        let before = lots[index]
        lots[index].uncommitted.removeAll()
        lots[index].price = stored.price
        lots[index].lastChange = stored.lastChange
        if let last = bids.last { lots[index].lastChangeAt = last.acceptedAt }
        lots[index].leader = stored.leader
        lots[index].leaderMaximum = stored.leaderMaximum.flatMap { $0 > stored.price ? $0 : nil }
        lots[index].extensions = stored.extensions
        lots[index].isBought = lots[index].isBought || stored.isBought
        lots[index].hasBids = lots[index].hasBids || stored.hasBids || !bids.isEmpty
        for bid in bids { if let bidder = bid.bidder { lots[index].bidders.insert(bidder) } }
        if let leader = stored.leader { lots[index].bidders.insert(leader) }
        var movedEnd: Timestamp?
        if stored.endsAt != before.endsAt {
            lots[index].endsAt = stored.endsAt
            movedEnd = stored.endsAt
            if let end = stored.endsAt, !lots[index].isClosed { endQueue.push(EndTimeQueue.Entry(end: end, index: index)) }
            pruneEndQueue()
        }
        return Adoption(position: index + 1, movedEnd: movedEnd)
    }

    /// Closes a lot another node closed (its close is recorded in the store); returns the closing to
    /// announce, or nil when the book had closed it already (announced once) or does not know it.
    public mutating func adoptClose(_ id: ProductID, finalPrice: Money, winner: UserID?, endedAt: Timestamp) -> AuctionClosing? {
        guard let index = indexByID[id], !lots[index].isClosed else { return nil }
        lots[index].isClosed = true
        lots[index].uncommitted.removeAll()
        lots[index].price = finalPrice
        lots[index].leader = winner
        let lot = lots[index]
        pruneEndQueue()
        return AuctionClosing(productID: id, position: index + 1, finalPrice: finalPrice, winner: winner, endedAt: endedAt,
                              reserveMet: lot.reserveMet, bought: lot.isBought, bidders: lot.bidders.sorted { $0.rawValue < $1.rawValue })
    }
}
