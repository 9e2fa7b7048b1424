import AuctionBidding
import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// What a committed decision tells beyond its price push and reply: the end time moved by soft close
/// (push 7), the live catalogue's bidding fields, and push 5's extra fields.
extension SocketService {
    /// Pushes a moved end time (7) to the product's watchers that named `extensions`, and hands the
    /// lot's new state to the live catalogue.
    func announceLotChange(_ item: PendingBid, lot: AuctionLot, position: Int) {
        if item.isPurchase, item.decision.isAccepted { metrics?.count(.buys) }
        if let endsAt = item.decision.endsAt, !item.isPurchase {
            // The count this decision made, not the lot's now: a later decision of the same round may have moved it again.
            let extensions = item.decision.extensions ?? lot.extensions
            let message = ServerMessage.endTime(lot.productID, endsAt: endsAt, extensions: extensions)
            broadcast(other: FrameEncoder.encode(message.frame), position: position, productID: lot.productID)
            log.debug("auction: \(lot.productID) now ends at \(endsAt.millisecondsSinceEpoch) (extension \(extensions))")
        }
        hooks.onLotChange(lot, item.decision.steps.count)
    }

    /// Push 5 for a closing: the original's fields plus `status` (sold, unsold or bought), `reserve_met`
    /// (when the product has a reserve) and `bought` (ended by buy-now).
    static func closedFrame(_ closing: AuctionClosing, winnerName: String?) -> [UInt8] {
        var frame = ServerMessage.auctionClosed(closing.productID, finalPrice: closing.finalPrice, winner: winnerName,
                                                status: closing.status).frame
        if case .object(var data) = frame.data {
            if let met = closing.reserveMet { data["reserve_met"] = .bool(met) }
            if closing.bought { data["bought"] = .bool(true) }
            frame.data = .object(data)
        }
        return FrameEncoder.encode(frame)
    }
}
