import AuctionBidding
import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// A lot's events told inline in its chat room (`product-N`, push 12, feature `chat-lot-events`): its
/// bids (committed here or adopted from another node), soft-close extensions and close, to the room's members on this node. Only live:
/// nothing is stored, so a busy lot costs its room's members one small frame per event and no disk.
extension SocketService {
    /// The bids (and extensions) of a durable batch, in commit order; bidders shortened as a public bid history shows them.
    func tellLotRooms(committed batch: [PendingBid]) {
        for item in batch {
            tellLotRooms(bids: item.decision.steps)
            guard let endsAt = item.decision.endsAt, !item.isPurchase, let (room, members) = lotRoom(item.productID) else { continue }
            tell(ChatLotEvent(room: room.rawValue, productID: item.productID, kind: .extended, endsAt: endsAt,
                              time: item.decision.steps.last?.acceptedAt ?? currentTime()), to: members)
        }
    }

    /// Accepted bids, committed here or by another node (adopted here): one event each in its lot's room.
    func tellLotRooms(bids: [AcceptedBid]) {
        for bid in bids {
            guard let (room, members) = lotRoom(bid.productID) else { continue }
            tell(ChatLotEvent(room: room.rawValue, productID: bid.productID, kind: .bid, price: bid.price,
                              bidder: shortenedName(of: bid.bidder), isAutomatic: bid.isAutomatic, time: bid.acceptedAt), to: members)
        }
    }

    /// An ended auction: sold (to its winner, shortened) or not.
    func tellLotRoom(closed closing: AuctionClosing, winnerName: String?) {
        guard let (room, members) = lotRoom(closing.productID) else { return }
        tell(ChatLotEvent(room: room.rawValue, productID: closing.productID, kind: closing.isSold ? .sold : .ended,
                          price: closing.finalPrice, bidder: closing.isSold ? winnerName.map(BidderAlias.shortened) : nil,
                          time: closing.endedAt), to: members)
    }

    /// Lot `id`'s room and its members here; nil when nobody here is in it (nothing is built for an empty room).
    private func lotRoom(_ id: ProductID) -> (ChatRoomName, [ConnectionID])? {
        let room = ChatRoomName.product(id)
        guard let members = chat?.registry.members(of: room), !members.isEmpty else { return nil }
        return (room, members)
    }

    /// A bidder's name as public histories show it (`al…e`), when this node knows it; nil otherwise.
    private func shortenedName(of user: UserID?) -> String? {
        user.flatMap { sessions.name(of: $0) }.map(BidderAlias.shortened)
    }

    /// Sends one event to a room's members here (each peer's hello decides whether it takes push 12).
    private func tell(_ event: ChatLotEvent, to members: [ConnectionID]) {
        let bytes = OutboundMessage.other(FrameEncoder.encode(ServerMessage.chatLot(event).frame))
        for id in members {
            if let peer = peers[id] { send(bytes, to: peer) }
        }
    }
}
