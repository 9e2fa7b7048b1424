import AuctionCore

/// Commit results: the ledger's writer reports each group back, and the book keeps or undoes its bids.
///
/// Every accepted bid (and every raised maximum without a price step) stays "uncommitted" in its
/// lot until `confirm` or `revert` names it. Reverting a step that is still the lot's latest restores
/// everything it changed — price, change, leader, the leader's maximum, end time and extensions,
/// hence reserve-met and buy-now availability — and returns a correction to push when the price
/// fell. Reverting a step that later steps have already overtaken leaves the lot alone but splices
/// the step out of the lot's chain, so that if those later steps fail too, the lot falls back to the
/// last state that was not reverted, never to a price that was never stored. A failed group is
/// therefore undone correctly whatever the order of its `revert` calls, and whether later groups
/// succeed or fail, even when results arrive out of order.
///
/// Limit: a later step decided against a failed one stays when it succeeds (e.g. a proxy answer
/// made from a maximum whose own commit then failed): as before, it was valid when decided.
extension AuctionBook {
    /// Marks bids as durable: they can no longer be reverted.
    public mutating func confirm(_ bids: some Sequence<AcceptedBid>) {
        for bid in bids {
            guard let index = indexByID[bid.productID],
                  let step = lots[index].uncommitted.firstIndex(where: { $0.records(bid) })
            else { continue }
            markConfirmed(step, in: index)
        }
    }

    /// Marks a whole decision as durable: its steps, or its raised maximum when it had no step.
    public mutating func confirm(_ decision: BidDecision) {
        confirm(decision.steps)
        guard decision.steps.isEmpty, let maximum = decision.maximum, let index = indexByID[maximum.productID],
              let step = lots[index].uncommitted.firstIndex(where: { $0.raisedMaximum == maximum })
        else { return }
        markConfirmed(step, in: index)
    }

    /// Undoes an accepted bid whose commit failed; returns the correction to push when the current
    /// price changed (a fall back to the previous price), nil when the bid was overtaken or unknown.
    @discardableResult
    public mutating func revert(_ bid: AcceptedBid) -> PriceUpdate? {
        guard let index = indexByID[bid.productID],
              let step = lots[index].uncommitted.firstIndex(where: { $0.records(bid) && !$0.isConfirmed })
        else { return nil }
        return undo(step, in: index, at: bid.acceptedAt)
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

    /// Undoes a whole decision whose commit failed: its steps (latest first), or its raised maximum
    /// when it had no step. Returns the corrections to push (empty when the price did not change).
    @discardableResult
    public mutating func revert(_ decision: BidDecision) -> [PriceUpdate] {
        guard decision.steps.isEmpty else { return revert(decision.steps) }
        guard let maximum = decision.maximum, let index = indexByID[maximum.productID],
              let step = lots[index].uncommitted.firstIndex(where: { $0.raisedMaximum == maximum && !$0.isConfirmed })
        else { return [] }
        return undo(step, in: index, at: maximum.placedAt).map { [$0] } ?? []
    }

    private mutating func markConfirmed(_ step: Int, in index: Int) {
        lots[index].uncommitted[step].isConfirmed = true
        // Drop resolved steps from the front; a confirmed step behind an unresolved one stays as a link.
        let resolved = lots[index].uncommitted.prefix { $0.isConfirmed }.count
        lots[index].uncommitted.removeFirst(resolved)
    }

    /// Removes one uncommitted step: restores the lot when it is the latest, else splices it out.
    private mutating func undo(_ stepIndex: Int, in index: Int, at time: Timestamp) -> PriceUpdate? {
        let step = lots[index].uncommitted.remove(at: stepIndex)
        if step.addedBidder, let user = step.contributor {
            // Someone who bid only through failed steps is no bidder; a later step of theirs keeps them.
            if let heir = lots[index].uncommitted[stepIndex...].firstIndex(where: { $0.contributor == user }) {
                lots[index].uncommitted[heir].addedBidder = true
            } else {
                lots[index].bidders.remove(user)
            }
        }
        if stepIndex < lots[index].uncommitted.count {
            // Overtaken: the next step now follows what this one replaced.
            lots[index].uncommitted[stepIndex].previous = step.previous
            if stepIndex == 0 {
                let resolved = lots[index].uncommitted.prefix { $0.isConfirmed }.count
                lots[index].uncommitted.removeFirst(resolved)
            }
            return nil
        }
        let fallenFrom = lots[index].price
        let movedEnd = lots[index].endsAt != step.previous.endsAt
        lots[index].state = step.previous
        if movedEnd, let end = step.previous.endsAt, !lots[index].isClosed {
            endQueue.push(EndTimeQueue.Entry(end: end, index: index))
        }
        pruneEndQueue()
        guard step.previous.price != fallenFrom else { return nil }
        let change = step.previous.price - fallenFrom
        return PriceUpdate(
            productID: lots[index].productID, price: step.previous.price, change: change,
            direction: PriceDirection(change: change), auctionDate: time.calendarDate
        )
    }
}
