import AuctionBidding
import AuctionCore

/// Who leads each lot after a committed group of bids and who was displaced during it: the one reading
/// of the decisions' steps that outbid notices and standing pushes (11) share.
struct LeaderChange: Hashable, Sendable {
    /// The lot.
    var productID: ProductID
    /// Who leads at the group's end (nil: an anonymous bid).
    var leader: UserID?
    /// Everyone who led during the group (or before it) but not at its end, in the order they were displaced.
    var displaced: [UserID]
    /// The lot's price at the group's end.
    var price: Money

    /// The changes of a committed group (in acceptance order), one per lot that took a step, in first-step order.
    static func of(_ batch: [PendingBid]) -> [LeaderChange] {
        var order: [ProductID] = []
        var changes: [ProductID: LeaderChange] = [:]
        for item in batch {
            let product = item.productID
            guard let final = item.decision.steps.last else { continue }
            if changes[product] == nil { order.append(product) }
            var change = changes[product] ?? LeaderChange(productID: product, leader: nil, displaced: [], price: final.price)
            // Who led, in order: before the decision, then after each of its steps (a proxy's answer may
            // follow the bidder's own step); everyone but the last was displaced. An anonymous step (nil)
            // displaces its leader as a named one does.
            var leaders: [UserID?] = [item.decision.previousLeader]
            for step in item.decision.steps where leaders.last != step.bidder { leaders.append(step.bidder) }
            for case let previous? in leaders.dropLast() where !change.displaced.contains(previous) { change.displaced.append(previous) }
            change.leader = final.bidder
            change.price = final.price
            changes[product] = change
        }
        return order.compactMap { product in
            guard var change = changes[product] else { return nil }
            change.displaced.removeAll { $0 == change.leader }
            return change
        }
    }
}
