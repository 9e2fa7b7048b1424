import AuctionBidding
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
        guard let position = bidPath.list(product, terms: terms, seller: seller) else {
            log.error("selling: product \(product.id) is not above every other id; the book did not take it")
            return
        }
        log.info("selling: product \(product.id) listed at position \(position)")
        runClosings()  // its end may be the next one (or the only one)
        pushLot(LotEvent(kind: .listed, productID: product.id, product: item), position: position)
        offerToQueries(product.id, item: item)
    }

    /// Adds a lot read from the store (listed here or on another node) to the book: an open or
    /// ended lot is listed with push 9 `listed`; one withdrawn before this node knew it joins silently,
    /// withdrawn (loop thread).
    func adoptLot(_ lot: StoredLot, terms: AuctionTerms, item: JSONValue) {
        let id = lot.product.id
        guard !lot.isWithdrawn else {
            guard bidPath.listWithdrawn(lot.product, terms: terms, seller: lot.sellerID) else {
                return log.error("selling: product \(id) is not above every other id; the book did not take it")
            }
            return
        }
        listLot(lot.product, terms: terms, item: item, seller: lot.sellerID)
        if let close = lot.close,
           bidPath.adoptClose(close.productID, finalPrice: close.finalPrice, winner: close.winner, closedAt: close.closedAt) {
            _ = clusterFeed.announces(id)  // ended before this node knew it: listed closed, never announced
        }
    }

    /// Withdraws a lot the store recorded withdrawn (here or on another node) and pushes `withdrawn` (loop thread).
    func adoptWithdrawal(_ id: ProductID) {
        guard let position = bidPath.adoptWithdrawal(id) else { return }
        log.info("selling: product \(id) withdrawn")
        pushLot(LotEvent(kind: .withdrawn, productID: id), position: position)
    }

    /// Takes the terms the store recorded for a lot (here or on another node; nil: unchanged) and
    /// pushes `edited` with its list item (loop thread); `onlyWhenChanged`: nothing when the book has them already.
    func adoptSellerEdit(_ id: ProductID, startPrice: Money?, endsAt: Timestamp?, minimumIncrement: Money?, reserve: Money?,
                         buyNow: Money?, item: JSONValue, onlyWhenChanged: Bool = false) {
        guard bidPath.adoptSellerTerms(id, startPrice: startPrice, endsAt: endsAt, minimumIncrement: minimumIncrement, reserve: reserve,
                                       buyNow: buyNow, onlyWhenChanged: onlyWhenChanged) else { return }
        if endsAt != nil { runClosings() }
        announceEdit(id, item: item)
    }

    /// Pushes `edited` with the lot's list item (loop thread).
    func announceEdit(_ id: ProductID, item: JSONValue) {
        guard let lot = bidPath.book.lot(for: id) else { return }
        hooks.onLotChange(lot, 0)
        pushLot(LotEvent(kind: .edited, productID: id, product: item), position: bidPath.book.position(of: id) ?? lot.position)
        offerToQueries(id, item: item)  // an edit may make it match a query it did not
    }

    /// A `bid` notice for the seller of each lot an accepted bid of `batch` raised (not for their own bids).
    func sellerBidDrafts(_ batch: [PendingBid], now: Timestamp) -> [NotificationDraft] {
        batch.compactMap { item in
            guard item.decision.isAccepted, !item.isPurchase, let seller = bidPath.seller(of: item.productID), item.bidder != seller,
                  let lot = bidPath.book.lot(for: item.productID) else { return nil }
            return NotificationDraft(user: seller, kind: .bid, productID: item.productID, price: lot.price, createdAt: now)
        }
    }

    private func pushLot(_ event: LotEvent, position: Int) {
        broadcast(other: FrameEncoder.encode(ServerMessage.lot(event).frame), position: position, productID: event.productID)
    }
}
