import AuctionCore
import AuctionEngine

/// One decision point for a seller's change and a bid (loop thread): the book decides the change
/// against every bid it holds, committed or still in flight, and from that moment until the store
/// has written (or refused) the change, bids and buys on the lot wait (`SellerHolds`); they are then
/// decided on what the book took. A bid decided first locks the change (`has_bids`/`locked_by_bids`); a
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

    /// What the book says to a removal now; when it would apply, the lot's bids wait until
    /// `releaseSellerHold` (the caller must release it once the store has answered).
    func checkRemoval(_ id: ProductID) -> AuctionBook.SellerChange {
        holding(id, book.removal(of: id))
    }

    /// Whether the book holds `terms` (nil fields: any) on lot `id` already.
    func holds(_ terms: SaleEdit, on id: ProductID) -> Bool {
        guard let lot = book.lot(for: id) else { return false }
        return (terms.startPrice == nil || lot.hasBids || lot.price == terms.startPrice) && (terms.endsAt == nil || lot.endsAt == terms.endsAt)
            && (terms.minimumIncrement == nil || lot.minimumIncrement == terms.minimumIncrement)
            && (terms.reserve == nil || lot.terms.reserve == terms.reserve) && (terms.buyNow == nil || lot.terms.buyNow == terms.buyNow)
    }

    /// Who sells a lot as the book knows it (nil: the demo's lots, which have no seller account).
    func seller(of id: ProductID) -> UserID? {
        book.lot(for: id)?.seller
    }
}
