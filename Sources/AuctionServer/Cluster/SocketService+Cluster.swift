import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Bids and closes decided on other nodes, adopted on the loop and pushed like local ones.
extension SocketService {
    /// Takes what the cluster listener handed the loop, each kind to the part that owns it; `closed`
    /// tells the live catalogue each close adopted, with its winner's name and status. Lots never come here:
    /// `LotAdoption` adopts them on the listener's thread, in id order with this node's own listings.
    func receive(_ event: ClusterEvent, closed: (ProductID, String?, LotStatus) -> Void) {
        switch event {
        case .bids(let bids):
            adoptRemote(bids)
        case .closes(let closes):
            let names = Dictionary(closes.map { ($0.productID, $0.winnerName) }, uniquingKeysWith: { first, _ in first })
            for closing in adoptRemote(closes) {
                let name = names[closing.productID] ?? nil
                closed(closing.productID, name, closing.status)
                announce(closing, winnerName: name)
            }
        case .notices(let notices):
            deliver(notices)
        case .chat(let messages):
            deliverChat(messages)
        case .sessions(let sessions):
            adoptRemote(sessions)
        case .lots:
            break  // adopted on the listener's thread
        case .presence(let notice):
            adoptRemotePresence(notice)
        }
    }

    /// Adopts a lot's bids from another node: the book takes the stored state, the node's watchers
    /// get one price push per new bid (each with its `seq`, list-state filtered as a local bid's),
    /// push 7 when the end moved, and the live catalogue its counts. Bids already known are skipped.
    ///
    /// While this node's own bids on the lot await their commit the read is parked (what it holds may
    /// be those very bids, whose seq the commit is about to count) and adopted after the commit.
    func adoptRemote(_ remote: RemoteBids) {
        let id = remote.lot.productID
        guard bidPath.isBehind(id, bidCount: remote.bidCount) else { return }
        if bidPath.hasUncommittedBids(id) {
            clusterFeed.park(remote)
            return
        }
        adoptNow(remote)
    }

    /// `adoptRemote` without the parking rule, for a read that cannot hold this node's uncommitted
    /// bids (a conflict's read: every own commit before it has been answered on the loop already).
    /// Uncommitted steps of the lot are forgotten (`AuctionBook.refresh`): decided on the old state,
    /// their conditional commits fail and they are decided again.
    func adoptNow(_ remote: RemoteBids) {
        let id = remote.lot.productID
        // The book takes the stored state and terms with the read: later decisions are pinned to their version.
        let leaderBefore = bidPath.book.lot(for: id)?.leader
        guard let adoption = bidPath.adopt(remote) else { return }
        pushStanding(adopted: adoption.lot, before: leaderBefore)
        let lot = adoption.lot, fresh = adoption.fresh
        var pushes = fresh.map { item -> (PriceUpdate, Int) in
            var update = item.bid.update
            update.sequence = item.sequence
            return (update, adoption.position)
        }
        if pushes.isEmpty, let last = remote.bids.last {
            // Bids read by an earlier catch-up, but a newer count: the stored price with that count.
            var update = last.bid.update
            update.price = lot.price
            update.sequence = remote.bidCount
            pushes.append((update, adoption.position))
        }
        pushes = fanOut.admit(pushes)
        if pushes.count == 1 {
            broadcast(pushes[0].0, position: pushes[0].1)
        } else if !pushes.isEmpty {
            broadcast(PushGroup(pushes.lazy.map { ($0.0, $0.1) }))
        }
        for item in pushes { hooks.onPriceChange(item.0) }
        if let endsAt = adoption.movedEnd, !lot.isBought {
            let message = ServerMessage.endTime(id, endsAt: endsAt, extensions: lot.extensions)
            broadcast(other: FrameEncoder.encode(message.frame), position: lot.position, productID: id)
        }
        let added = adoption.added
        hooks.onLotChange(lot, added > Int64(Int.max) ? Int.max : Int(added))
        log.debug("cluster: \(id) adopted \(fresh.count) bid(s) from another node, seq \(remote.bidCount)")
    }

    /// Adopts the parked reads of lots whose own bids have all come back from the ledger.
    func adoptParkedRemoteBids() {
        for remote in clusterFeed.takeParked(where: { !bidPath.hasUncommittedBids($0) }) {
            adoptRemote(remote)
        }
    }

    /// Closes lots whose close the closing duty's holder recorded; returns the closings to announce.
    ///
    /// A lot this node's book already closed (its end passed here too, but another node held the duty
    /// and recorded it) is announced now, from the store's record: `announce` sends each close once.
    func adoptRemote(_ closes: [RemoteClose]) -> [AuctionClosing] {
        bidPath.adoptCloses(closes, isAnnounced: { clusterFeed.hasAnnounced($0) })
    }
}
