import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Standing pushes (11, feature `standing`): each logged-in connection hears its user's leading, outbid,
/// won and lost as this node's book decides or adopts them, whichever connection or node bid, and that
/// its login ended. Visits only the users' own connections, never all of them.
extension SocketService {
    /// After a local commit (its `LeaderChange.of`): the leader of each lot leads, everyone displaced is outbid.
    func pushStanding(_ leaders: [LeaderChange]) {
        for change in leaders { pushStanding(change) }
    }

    /// After another node's bids were adopted: `before` led the lot until then.
    func pushStanding(adopted lot: AuctionLot, before: UserID?) {
        guard lot.leader != before else { return }
        pushStanding(LeaderChange(productID: lot.productID, leader: lot.leader, displaced: before.map { [$0] } ?? [], price: lot.price))
    }

    /// After a close (local or adopted): the winner won, every other bidder lost.
    func pushStanding(closed closing: AuctionClosing) {
        if let winner = closing.winner { pushStanding(.lot(closing.productID, standing: .won, price: closing.finalPrice), to: winner) }
        for user in closing.bidders where user != closing.winner {
            pushStanding(.lot(closing.productID, standing: .lost, price: closing.finalPrice), to: user)
        }
    }

    /// Tells `peer` its login ended (`reason`: `suspended`, `logged_out`, `expired`), so it shows no standing any more.
    func pushLoginEnded(_ peer: SocketPeer, reason: String, message: String) {
        guard peer.features?.contains(.standing) == true else { return }
        send(.other(FrameEncoder.encode(ServerMessage.standing(.loginEnded(reason: reason, message: message)).frame)), to: peer)
    }

    private func pushStanding(_ change: LeaderChange) {
        if let leader = change.leader { pushStanding(.lot(change.productID, standing: .leading, price: change.price), to: leader) }
        for user in change.displaced { pushStanding(.lot(change.productID, standing: .outbid, price: change.price), to: user) }
    }

    private func pushStanding(_ change: StandingChange, to user: UserID) {
        guard let connections = notifications?.connectionsByUser[user] else { return }
        let bytes = OutboundMessage.other(FrameEncoder.encode(ServerMessage.standing(change).frame))
        for id in connections {
            // The connection's own login, as the loop knows it: no session is read here.
            guard let peer = peers[id], peer.features?.contains(.standing) == true, peer.user?.id == user else { continue }
            send(bytes, to: peer)
        }
    }
}
