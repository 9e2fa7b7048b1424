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
        guard let chat else { return }
        for item in batch {
            let room = ChatRoomName.product(item.productID)
            guard !chat.registry.members(of: room).isEmpty else { continue }
            for step in item.decision.steps {
                tell(ChatLotEvent(room: room.rawValue, productID: item.productID, kind: .bid, price: step.price,
                                  bidder: shortenedName(of: step.bidder), isAutomatic: step.isAutomatic, time: step.acceptedAt), in: room)
            }
            if let endsAt = item.decision.endsAt, !item.isPurchase {
                tell(ChatLotEvent(room: room.rawValue, productID: item.productID, kind: .extended, endsAt: endsAt,
                                  time: item.decision.steps.last?.acceptedAt ?? currentTime()), in: room)
            }
        }
    }

    /// Bids another node committed, as this node adopts them (their bidders shortened when this node knows the name).
    func tellLotRooms(otherNodes bids: [AcceptedBid]) {
        guard let chat else { return }
        for bid in bids {
            let room = ChatRoomName.product(bid.productID)
            guard !chat.registry.members(of: room).isEmpty else { continue }
            tell(ChatLotEvent(room: room.rawValue, productID: bid.productID, kind: .bid, price: bid.price,
                              bidder: shortenedName(of: bid.bidder), isAutomatic: bid.isAutomatic, time: bid.acceptedAt), in: room)
        }
    }

    /// An ended auction: sold (to its winner, shortened) or not.
    func tellLotRoom(closed closing: AuctionClosing, winnerName: String?) {
        let room = ChatRoomName.product(closing.productID)
        guard let chat, !chat.registry.members(of: room).isEmpty else { return }
        tell(ChatLotEvent(room: room.rawValue, productID: closing.productID, kind: closing.isSold ? .sold : .ended,
                          price: closing.finalPrice, bidder: closing.isSold ? winnerName.map(BidderAlias.shortened) : nil,
                          time: closing.endedAt), in: room)
    }

    /// A bidder's name as public histories show it (`al…e`), when this node knows it; nil otherwise.
    private func shortenedName(of user: UserID?) -> String? {
        user.flatMap { sessions.name(of: $0) }.map(BidderAlias.shortened)
    }

    /// Sends one event to the room's members here (each peer's hello decides whether it takes push 12).
    private func tell(_ event: ChatLotEvent, in room: ChatRoomName) {
        guard let chat else { return }
        let bytes = OutboundMessage.other(FrameEncoder.encode(ServerMessage.chatLot(event).frame))
        for id in chat.registry.members(of: room) {
            if let peer = peers[id] { send(bytes, to: peer) }
        }
    }
}
