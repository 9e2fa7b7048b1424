import AuctionCore

/// What the cluster listener does with one wait's notifications, in the order they came: each run
/// of consecutive `auction_bids` notifications becomes one set of lots (each at the highest `seq`
/// named), so a burst of other nodes' commits costs one catch-up read, not one read per commit.
/// Any other notification, and a bids payload that cannot be read, stays a step of its own.
enum ListenedStep {
    /// Lots other nodes moved, each with the highest `seq` the run named, in first-named order.
    case bids([(ProductID, Int64)])
    /// A notification handled on its own.
    case single(PostgresNotification)

    /// The steps for `notifications`, order kept across channels (a close after a bid stays after it).
    static func steps(_ notifications: [PostgresNotification]) -> [ListenedStep] {
        var steps: [ListenedStep] = []
        var order: [ProductID] = [], highest: [ProductID: Int64] = [:]
        func endRun() {
            guard !order.isEmpty else { return }
            steps.append(.bids(order.map { ($0, highest[$0] ?? 0) }))
            order.removeAll()
            highest.removeAll()
        }
        for notification in notifications {
            guard notification.channel == PostgresBidLedger.bidChannel, let moved = ClusterPayload.bids(notification.payload) else {
                endRun()
                steps.append(.single(notification))
                continue
            }
            for (product, sequence) in moved {
                if let known = highest[product] {
                    highest[product] = max(known, sequence)
                } else {
                    order.append(product)
                    highest[product] = sequence
                }
            }
        }
        endRun()
        return steps
    }
}
