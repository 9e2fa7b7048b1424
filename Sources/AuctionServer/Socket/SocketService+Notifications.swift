import AuctionBidding
import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Notifications (push 8): decided on the loop from committed bids, closings and the clock, stored
/// by the `NotificationRelay`, then pushed to every connection of the user whose hello named `notifications`.
extension SocketService {
    /// A committed group of bids (loop thread) and its `leaders` (`LeaderChange.of(batch)`): outbid notices,
    /// then ending-soon notices for its products.
    func notifyCommitted(_ batch: [PendingBid], leaders: [LeaderChange]) {
        guard let relay = notifications else { return }
        let now = currentTime()
        var drafts = relay.outbid(leaders, now: now) + sellerBidDrafts(batch, now: now)
        var checked = Set<ProductID>()
        for item in batch where checked.insert(item.productID).inserted {
            drafts += relay.endingSoon(bidPath.endingSoon(of: item.productID, now: now, within: relay.endingSoonWindowMilliseconds), now: now)
        }
        post(drafts)
    }

    /// Ended auctions (loop thread): won for the winner, lost for every other bidder.
    func notifyClosed(_ closings: [AuctionClosing]) {
        guard let relay = notifications else { return }
        post(relay.closed(closings, now: currentTime()))
        for closing in closings { if let seller = bidPath.seller(of: closing.productID) { notifySold(closing, seller: seller) } }
    }

    /// A sold or unsold notice for the seller of an ended lot (loop thread).
    func notifySold(_ closing: AuctionClosing, seller: UserID) {
        guard let relay = notifications else { return }
        post(relay.sold(closing, seller: seller, now: currentTime()))
    }

    /// Sends ending-soon notices for lots inside the window, then sleeps until the next lot enters it
    /// (at most a minute, so a clock change or a moved end time is noticed).
    func checkEndingSoon() {
        guard let relay = notifications else { return }
        if let timer = relay.timer { loop.cancel(timer) }
        relay.timer = nil
        guard !isStopping else { return }
        let now = currentTime()
        var delay: Int64 = 60_000
        for lot in bidPath.book.lots where !lot.isClosed {
            guard let end = lot.endsAt, end > now else { continue }
            let untilWindow = end.millisecondsSinceEpoch - relay.endingSoonWindowMilliseconds - now.millisecondsSinceEpoch
            if untilWindow > 0 { delay = min(delay, untilWindow) }
        }
        post(relay.endingSoon(bidPath.endingSoon(now: now, within: relay.endingSoonWindowMilliseconds), now: now))
        relay.timer = loop.scheduleOnLoop(afterMilliseconds: max(1, delay)) { [weak self] in self?.checkEndingSoon() }
    }

    /// Pushes stored notices to every connection logged in as their user that asked for them (loop thread),
    /// whichever node stored them (`ClusterListener`); each id once.
    /// Visits only the user's own connections (`NotificationRelay.connectionsByUser`), never all of them.
    func deliver(_ stored: [(user: UserID, notification: AuctionNotification)]) {
        guard let relay = notifications else { return }
        for (user, notice) in stored {
            // A notice stored by this node is heard again from the cluster's store: pushed once.
            guard clusterFeed.deliversNotice(notice.id), let connections = relay.connectionsByUser[user] else { continue }
            let bytes = OutboundMessage.other(FrameEncoder.encode(ServerMessage.notification(notice).frame))
            for id in connections {
                guard let peer = peers[id], peer.features?.contains(.notifications) == true,
                      currentUser(of: peer)?.id == user else { continue }
                send(bytes, to: peer)
            }
        }
    }

    /// Remembers which user a connection logged in as (loop thread).
    func notificationsLoggedIn(_ peer: SocketPeer) {
        guard let user = peer.user else { return }
        notifications?.loggedIn(peer.id, as: user.id)
    }

    /// Forgets a closed connection (loop thread).
    func notificationsDisconnected(_ id: ConnectionID) {
        notifications?.disconnected(id)
    }

    /// Hands drafts to the relay; once stored, they are pushed from the loop.
    func post(_ drafts: [NotificationDraft]) {
        guard let relay = notifications, !drafts.isEmpty else { return }
        let loop = self.loop, this = LoopBound(self, on: loop)
        relay.post(drafts) { stored in
            loop.execute { this.value.deliver(stored) }
        }
    }
}
