import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Lots changed by their sellers at run time: the book learns of them on the loop, and push 9
/// (feature `lots`) tells the connections whose loaded pages (or subscriptions) include the lot.
/// Original-dialect connections never get push 9: they see the change on their next page load.
extension SocketService {
    /// Adds a newly listed lot to the book and pushes `listed` with its list item (loop thread).
    func listLot(_ product: Product, terms: AuctionTerms, item: JSONValue, seller: UserID?) {
        guard let position = book.list(product, terms: terms) else {
            log.error("selling: product \(product.id) is not above every other id; the book did not take it")
            return
        }
        log.info("selling: product \(product.id) listed at position \(position)")
        if let seller { lotSellers[product.id] = seller }
        runClosings()  // its end may be the next one (or the only one)
        pushLot(LotEvent(kind: .listed, productID: product.id, product: item), position: position)
        offerToQueries(product.id, item: item)
    }

    /// Withdraws a lot in the book and pushes `withdrawn` when it was applied (loop thread).
    func withdrawLot(_ id: ProductID) -> AuctionBook.SellerChange {
        let change = book.withdraw(id)
        if change == .applied, let position = book.position(of: id) {
            pushLot(LotEvent(kind: .withdrawn, productID: id), position: position)
        }
        return change
    }

    /// Changes a lot's terms in the book (loop thread); the `edited` push follows once the edit is stored.
    func amendLot(_ id: ProductID, _ edit: SaleEdit) -> AuctionBook.SellerChange {
        let change = book.amend(id, startPrice: edit.startPrice, endsAt: edit.endsAt, minimumIncrement: edit.minimumIncrement,
                                reserve: edit.reserve, buyNow: edit.buyNow)
        if change == .applied, edit.endsAt != nil { runClosings() }
        return change
    }

    /// Pushes `edited` with the lot's list item (loop thread).
    func announceEdit(_ id: ProductID, item: JSONValue) {
        guard let lot = book.lot(for: id) else { return }
        onLotChange(lot, 0)
        pushLot(LotEvent(kind: .edited, productID: id, product: item), position: book.position(of: id) ?? lot.position)
        offerToQueries(id, item: item)  // an edit may make it match a query it did not
    }

    /// A `bid` notice for the seller of each lot an accepted bid of `batch` raised (not for their own bids).
    func sellerBidDrafts(_ batch: [PendingBid], now: Timestamp) -> [NotificationDraft] {
        batch.compactMap { item in
            guard item.decision.isAccepted, !item.isPurchase, let seller = lotSellers[item.productID], item.bidder != seller,
                  let lot = book.lot(for: item.productID) else { return nil }
            return NotificationDraft(user: seller, kind: .bid, productID: item.productID, price: lot.price, createdAt: now)
        }
    }

    private func pushLot(_ event: LotEvent, position: Int) {
        broadcast(other: FrameEncoder.encode(ServerMessage.lot(event).frame), position: position, productID: event.productID)
    }
}
