import AuctionBidding
import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// What the cluster listener hands the loop, each kind to the part that owns it (other nodes' bids to the bid path).
extension SocketService {
    /// Takes what the cluster listener handed the loop, each kind to the part that owns it; `closed`
    /// tells the live catalogue each close adopted, with its winner's name and status. Lots never come here:
    /// `LotAdoption` adopts them on the listener's thread, in id order with this node's own listings.
    func receive(_ event: ClusterEvent, closed: (ProductID, String?, LotStatus) -> Void) {
        switch event {
        case .bids(let bids):
            perform(bidPath.remoteBidsArrived(bids))
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

    /// Closes lots whose close the closing duty's holder recorded; returns the closings to announce.
    ///
    /// A lot this node's book already closed (its end passed here too, but another node held the duty
    /// and recorded it) is announced now, from the store's record: `announce` sends each close once.
    func adoptRemote(_ closes: [RemoteClose]) -> [AuctionClosing] {
        closes.compactMap { close in
            bidPath.remoteClose(close.productID, finalPrice: close.finalPrice, winner: close.winner, closedAt: close.closedAt,
                                isAnnounced: clusterFeed.hasAnnounced(close.productID))
        }
    }
}
