import AuctionCore
import AuctionEngine
import AuctionInfrastructure

extension AuctionHouseServer {
    /// The selling routes' way into the running auction: the live catalogue at once (any thread),
    /// the book and push 9 on the loop.
    static func sellingHooks(live: LiveCatalogue, service: SocketService, loop: EventLoop, log: ServerLog) -> SellingHooks {
        // The service is touched only inside `loop.execute` blocks, on its loop (checked by LoopBound).
        let bound = LoopBound(handingOver: service, to: loop)
        return SellingHooks(
            listed: { product, listing, seller, sellerID in
                guard live.add(product, seller: seller) else {
                    return log.error("selling: product \(product.id) is not above every other id; not listed live")
                }
                let item = CatalogueEndpoints.listItem(product, source: live)
                let terms = AuctionTerms(reserve: listing.reserve, buyNow: listing.buyNow)
                loop.execute { bound.value.listLot(product, terms: terms, item: item, seller: sellerID) }
            },
            withdraw: { id, decided in
                loop.execute {
                    let change = bound.value.withdrawLot(id)
                    if change == .applied { live.withdraw(id) }
                    decided(change)
                }
            },
            amend: { id, edit, decided in
                loop.execute { decided(bound.value.amendLot(id, edit)) }
            },
            edited: { id, edit in
                live.edit(id, name: edit.name, startPrice: edit.startPrice, endsAt: edit.endsAt, minimumIncrement: edit.minimumIncrement)
                if edit.imageHashes != nil { live.refreshImages(of: id) }
                let item = live.product(id).map { CatalogueEndpoints.listItem($0, source: live) } ?? .null
                loop.execute { bound.value.announceEdit(id, item: item) }
            },
            product: { live.product($0) })
    }
}
