import AuctionCore
import AuctionEngine

/// Bids and closes decided on other nodes, adopted into the book and pushed like local ones.
extension BidPath {
    /// Another node's bids on a lot: the book takes the stored state, the node's watchers get one price
    /// push per new bid (each with its `seq`), push 7 when the end moved, and the live catalogue its
    /// counts. Bids already known are skipped. While this node's own bids on the lot await their commit
    /// the read is parked (what it holds may be those very bids, whose seq the commit is about to count)
    /// and adopted once they come back (`returned`).
    public mutating func remoteBidsArrived(_ remote: RemoteBids) -> [BidAction] {
        let id = remote.lot.productID
        guard remote.bidCount > sequences.known(of: id) else { return [] }
        if hasUncommittedBids(id) {
            parkedReads[id] = parkedReads[id].map { $0.merged(with: remote, keeping: settings.bidsPerParkedRead) } ?? remote
            return []
        }
        return adoptRead(remote)
    }

    /// `remoteBidsArrived` without the parking rule, for a read that cannot hold this node's uncommitted
    /// bids (a conflict's read, a retraction's repricing). Uncommitted steps of the lot are forgotten
    /// (`AuctionBook.refresh`): decided on the old state, their conditional commits fail and are decided again.
    public mutating func adoptRead(_ remote: RemoteBids) -> [BidAction] {
        let id = remote.lot.productID
        let known = sequences.known(of: id)
        guard remote.bidCount > known else { return [] }
        let leaderBefore = book.lot(for: id)?.leader
        let fresh = remote.bids.filter { $0.sequence > known }
        sequences.raise(id, to: remote.bidCount)
        guard let adoption = book.adopt(remote.lot, bids: fresh.map(\.bid)), let lot = book.lot(for: id) else { return [] }
        // Later decisions are pinned to the terms version the read brought.
        if let terms = remote.lot.terms { termsVersions[id] = terms.version }
        var actions: [BidAction] = [.standingAdopted(lot, leaderBefore: leaderBefore)]
        var pushes = fresh.map { item -> PositionedUpdate in
            var update = item.bid.update
            update.sequence = item.sequence
            return PositionedUpdate(update, position: adoption.position)
        }
        if pushes.isEmpty, let last = remote.bids.last {
            // Bids read by an earlier catch-up, but a newer count: the stored price with that count.
            var update = last.bid.update
            update.price = lot.price
            update.sequence = remote.bidCount
            pushes.append(PositionedUpdate(update, position: adoption.position))
        }
        if !pushes.isEmpty { actions.append(.push(pushes)) }
        if !fresh.isEmpty { actions.append(.otherNodesBids(fresh.map(\.bid))) }
        if let endsAt = adoption.movedEnd, !lot.isBought { actions.append(.endMoved(lot, endsAt: endsAt)) }
        let added = remote.bidCount - known
        actions.append(.lotChanged(lot, addedBids: added > Int64(Int.max) ? Int.max : Int(added)))
        actions.append(.note(.adopted(id, count: fresh.count, sequence: remote.bidCount)))
        return actions
    }

    /// Closes a lot whose close another node recorded; a lot the book closed already is closed again
    /// from the record unless `isAnnounced` says its close was announced. Nil when nothing is to announce.
    public mutating func remoteClose(_ id: ProductID, finalPrice: Money, winner: UserID?, closedAt: Timestamp,
                                     isAnnounced: Bool) -> AuctionClosing? {
        book.adoptClose(id, finalPrice: finalPrice, winner: winner, endedAt: closedAt)
            ?? (isAnnounced ? nil : book.closing(ofClosed: id, finalPrice: finalPrice, winner: winner, endedAt: closedAt))
    }
}

extension RemoteBids {
    /// This read and a later one of the same lot: the later state, the bids of both once each (the
    /// newest `keeping` of them).
    public func merged(with later: RemoteBids, keeping limit: Int) -> RemoteBids {
        let newest = later.bidCount >= bidCount ? later : self
        var bySequence: [Int64: SequencedBid] = [:]
        for bid in bids + later.bids { bySequence[bid.sequence] = bid }
        let kept = bySequence.values.sorted { $0.sequence < $1.sequence }.suffix(max(1, limit))
        return RemoteBids(lot: newest.lot, bidCount: newest.bidCount, bids: Array(kept))
    }
}
