import AuctionBidding
import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// Bids and buys reach the bid path here; its rounds go to the ledger and its commits come back here.
/// The bid path decides; this shell only hands it what arrived and carries its actions out.
extension SocketService {
    /// A bid from a client (`userID`: the user it names, when it names one).
    func bidFromClient(_ bid: Bid, userID: UserID?, completionID: Int64?, peer: SocketPeer) {
        arrived(.bid(bid, claimed: userID), completionID: completionID, peer: peer)
    }

    /// A buy-now from a client (request 12), with its idempotency key.
    func buyNowFromClient(_ productID: ProductID, idempotencyKey key: String?, completionID: Int64?, peer: SocketPeer) {
        arrived(.buy(productID, key: key), completionID: completionID, peer: peer)
    }

    /// Hands a client's request to the bid path with what the connection's login says now.
    private func arrived(_ request: BidArrival.Request, completionID: Int64?, peer: SocketPeer) {
        let now = currentTime()
        // A session that ended (found here, by a notice's delivery or by a suspension) is answered unauthenticated once.
        let wasLoggedIn = peer.user != nil || peer.loginEnded
        let user = currentUser(of: peer)
        let arrival = BidArrival(request, target: BidReplyTarget(connection: peer.id, completionID: completionID), user: user?.id,
                                 wasLoggedIn: wasLoggedIn, isSuspended: peer.suspension != nil,
                                 receivedAt: metrics == nil ? 0 : MonotonicClock.nanoseconds())
        if user != nil || peer.suspension == nil { peer.loginEnded = false }
        perform(bidPath.arrived(arrival, now: now))
    }

    /// A simulated bidder's bid (no reply).
    func placeSimulated(_ bid: Bid, bidder: UserID?, now: Timestamp) {
        perform(bidPath.simulated(bid, bidder: bidder, now: now))
    }

    /// Hands the decisions made this round to the ledger, one submission each (loop thread): a store
    /// that decides each once (PostgreSQL) refuses only the conflicting ones; the writer still
    /// commits everything queued in one transaction.
    func submitRound() {
        let round = bidPath.takeRound()
        guard !round.isEmpty else { return }
        let inbox = commitInbox, loop = self.loop, this = LoopBound(self, on: loop)
        for submission in round {
            let item = submission.pending
            ledger.submit(submission.ledger) { outcome in
                // On the writer thread: park the outcome; one loop task takes every parked outcome.
                if inbox.post([item], outcome) { loop.execute { this.value.drainCommits() } }
            }
        }
    }

    /// Takes every commit result parked so far and carries out what the bid path makes of them (loop thread).
    private func drainCommits() {
        perform(bidPath.returned(commitInbox.takeAll(), now: currentTime()))
    }
}

extension StoreError: BidCommitFailure {
    /// The reason a client is given when its bid could not be stored: `unavailable` when the
    /// store could not be reached or the lot could not be read after a conflict (try again, perhaps
    /// on another node), `server_error` otherwise.
    public var refusalReason: RefusalReason {
        if case .unavailable = self { return .unavailable }
        if isBidConflict { return .unavailable }
        return .serverError
    }
}
