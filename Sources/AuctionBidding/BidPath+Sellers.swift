import AuctionCore
import AuctionEngine

/// One decision point for a seller's change and a bid: the book decides the change against every bid
/// it holds, committed or still in flight, and from that moment until the store has written (or
/// refused) the change, bids and buys on the lot wait (`SellerHolds`); they are then decided on what
/// the book took. A bid decided first locks the change (`has_bids`/`locked_by_bids`); a bid that comes
/// after it is decided on the new terms (a withdrawn lot refuses it). Other nodes' bids meet the change
/// in the store, which decides both conditionally on the same row. Moderators' changes do the same.
extension BidPath {
    /// What a retraction check found: the book's answer now, or a change that waits for the lot's bids in flight.
    public enum RetractionCheck: Sendable, Equatable {
        /// The book's answer (`.applied` holds the lot's bids until `sellerHoldReleased`).
        case decided(AuctionBook.SellerChange)
        /// Held and `.applied` once the lot's bids in flight have come back (`BidAction.runSettled`).
        case waits(SettledChange)
    }

    /// What the book says to a seller's withdrawal now; when it would apply, the lot's bids wait
    /// until `sellerHoldReleased` (the caller must release it once the store has answered).
    public mutating func checkWithdrawal(_ id: ProductID) -> AuctionBook.SellerChange {
        holding(id, book.withdrawal(of: id))
    }

    /// What the book says to a seller's edit now (held as a withdrawal is).
    public mutating func checkEdit(_ id: ProductID, startPrice: Money?, endsAt: Timestamp?, reserve: Money?) -> AuctionBook.SellerChange {
        holding(id, book.amendment(of: id, startPrice: startPrice, endsAt: endsAt, reserve: reserve))
    }

    /// What the book says to a moderator's removal now (held as a withdrawal is).
    public mutating func checkRemoval(_ id: ProductID) -> AuctionBook.SellerChange {
        holding(id, book.removal(of: id))
    }

    private mutating func holding(_ id: ProductID, _ change: AuctionBook.SellerChange) -> AuctionBook.SellerChange {
        if change == .applied { sellerHolds.hold(id) }
        return change
    }

    /// What the book says to a retraction on lot `id` now: an open lot is held, and the change applies
    /// once the bids already in flight there have come back from the ledger, so the store reprices a
    /// lot whose every bid it holds.
    public mutating func checkRetraction(_ id: ProductID) -> RetractionCheck {
        guard let lot = book.lot(for: id) else { return .decided(.unknownProduct) }
        guard !lot.isClosed, !lot.isBought else { return .decided(.closed) }
        sellerHolds.hold(id)
        guard lot.hasUncommittedBids else { return .decided(.applied) }
        nextSettledChange += 1
        let change = SettledChange(number: nextSettledChange, productID: id)
        sellerHolds.whenSettled(id, change)
        return .waits(change)
    }

    /// The store has answered a change a check held lot `id` for, and the book has taken what it wrote:
    /// the requests that waited are decided now, in arrival order, when it was the lot's last hold.
    public mutating func sellerHoldReleased(_ id: ProductID, now: Timestamp) -> [BidAction] {
        var actions: [BidAction] = []
        for request in sellerHolds.release(id) { decide(request, now: now, into: &actions) }
        return actions
    }

    // MARK: What the store recorded

    /// Lists a product (with its seller); its list position, or nil when its id is not above every other.
    public mutating func list(_ product: Product, terms: AuctionTerms, seller: UserID?) -> Int? {
        guard let position = book.list(product, terms: terms) else { return nil }
        if let seller { book.assignSellers([product.id: seller]) }
        return position
    }

    /// Lists a lot the store holds withdrawn, silently withdrawn; false when the book did not take it.
    public mutating func listWithdrawn(_ product: Product, terms: AuctionTerms, seller: UserID?) -> Bool {
        guard list(product, terms: terms, seller: seller) != nil else { return false }
        _ = book.adoptWithdrawal(product.id)
        return true
    }

    /// Closes a lot from its stored close; true when the book had not closed it.
    public mutating func adoptClose(_ id: ProductID, finalPrice: Money, winner: UserID?, closedAt: Timestamp) -> Bool {
        book.adoptClose(id, finalPrice: finalPrice, winner: winner, endedAt: closedAt) != nil
    }

    /// Withdraws a lot the store recorded withdrawn; its list position, or nil when nothing changed.
    public mutating func adoptWithdrawal(_ id: ProductID) -> Int? {
        book.adoptWithdrawal(id) ? book.position(of: id) : nil
    }

    /// Removes a lot a moderator removed; its list position, or nil when nothing changed.
    public mutating func adoptRemoval(_ id: ProductID) -> Int? {
        book.adoptRemoval(id) ? book.position(of: id) : nil
    }

    /// Takes the terms the store recorded for a lot (nil fields: unchanged); false when the book did not
    /// change them (`onlyWhenChanged`: nor when it holds them already).
    public mutating func adoptSellerTerms(_ id: ProductID, startPrice: Money?, endsAt: Timestamp?, minimumIncrement: Money?,
                                          reserve: Money?, buyNow: Money?, onlyWhenChanged: Bool) -> Bool {
        if onlyWhenChanged, let lot = book.lot(for: id),
           startPrice == nil || lot.hasBids || lot.price == startPrice, endsAt == nil || lot.endsAt == endsAt,
           minimumIncrement == nil || lot.minimumIncrement == minimumIncrement, reserve == nil || lot.terms.reserve == reserve,
           buyNow == nil || lot.terms.buyNow == buyNow {
            return false
        }
        return book.adoptSellerTerms(id, startPrice: startPrice, endsAt: endsAt, minimumIncrement: minimumIncrement, reserve: reserve,
                                     buyNow: buyNow)
    }

    /// Who sells a lot as the book knows it (nil: the demo's lots, which have no seller account).
    public func seller(of id: ProductID) -> UserID? {
        book.lot(for: id)?.seller
    }
}
