import AuctionCore

/// Commit results: the ledger's writer reports each group back, and the book keeps or undoes its bids.
///
/// Every accepted bid stays "uncommitted" in its lot until `confirm(_:)` or `revert(_:)` names it.
/// Reverting a bid that is still the current price restores the price, change and leader it
/// replaced (and returns a correction to push). Reverting a bid that later bids have already
/// overtaken leaves the current price alone but splices the bid out of the lot's chain, so that if
/// those later bids fail too, the price falls back to the last bid that was not reverted, never to a
/// price that was never stored. A failed group is therefore undone correctly whatever the order of
/// its `revert` calls, and whether later groups succeed or fail, even when results arrive out of order.
extension AuctionBook {
    /// Marks bids as durable: they can no longer be reverted.
    public mutating func confirm(_ bids: some Sequence<AcceptedBid>) {
        for bid in bids {
            guard let index = indexByID[bid.productID],
                  let step = lots[index].uncommitted.firstIndex(where: { $0.price == bid.price })
            else { continue }
            lots[index].uncommitted[step].isConfirmed = true
            // Drop resolved bids from the front; a confirmed bid behind an unresolved one stays as a link.
            let resolved = lots[index].uncommitted.prefix { $0.isConfirmed }.count
            lots[index].uncommitted.removeFirst(resolved)
        }
    }

    /// Undoes an accepted bid whose commit failed; returns the correction to push when the current
    /// price changed (a fall back to the previous price), nil when the bid was overtaken or unknown.
    @discardableResult
    public mutating func revert(_ bid: AcceptedBid) -> PriceUpdate? {
        guard let index = indexByID[bid.productID],
              let stepIndex = lots[index].uncommitted.firstIndex(where: { $0.price == bid.price }),
              !lots[index].uncommitted[stepIndex].isConfirmed
        else { return nil }
        let step = lots[index].uncommitted.remove(at: stepIndex)
        if stepIndex < lots[index].uncommitted.count {
            // Overtaken: the next bid now follows what this one replaced.
            lots[index].uncommitted[stepIndex].previousPrice = step.previousPrice
            lots[index].uncommitted[stepIndex].previousChange = step.previousChange
            lots[index].uncommitted[stepIndex].previousChangeAt = step.previousChangeAt
            lots[index].uncommitted[stepIndex].previousLeader = step.previousLeader
            if stepIndex == 0 {
                let resolved = lots[index].uncommitted.prefix { $0.isConfirmed }.count
                lots[index].uncommitted.removeFirst(resolved)
            }
            return nil
        }
        let fallenFrom = lots[index].price
        lots[index].price = step.previousPrice
        lots[index].lastChange = step.previousChange
        lots[index].lastChangeAt = step.previousChangeAt
        lots[index].leader = step.previousLeader
        let change = step.previousPrice - fallenFrom
        return PriceUpdate(
            productID: bid.productID, price: step.previousPrice, change: change,
            direction: PriceDirection(change: change), auctionDate: bid.acceptedAt.calendarDate
        )
    }

    /// Undoes a whole failed group; returns the corrections to push, one per product whose price fell.
    public mutating func revert(_ bids: [AcceptedBid]) -> [PriceUpdate] {
        var corrections: [ProductID: PriceUpdate] = [:]
        var order: [ProductID] = []
        for bid in bids.reversed() {
            guard let update = revert(bid) else { continue }
            if let earlier = corrections[bid.productID] {
                // Two falls in a row on one product: push one change from the first price to the last.
                let change = earlier.change + update.change
                corrections[bid.productID] = PriceUpdate(
                    productID: bid.productID, price: update.price, change: change,
                    direction: PriceDirection(change: change), auctionDate: update.auctionDate
                )
            } else {
                corrections[bid.productID] = update
                order.append(bid.productID)
            }
        }
        return order.compactMap { corrections[$0] }
    }
}
