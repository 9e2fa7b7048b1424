import AuctionCore

/// The last `seq` this node pushed per product: the one place price pushes pass before they leave,
/// so a node never sends a product's seq twice or one lower than it already sent (loop thread).
///
/// A push without a seq always passes. One entry per product pushed, so it is bounded by the catalogue.
struct PushedSequences {
    private var last: [ProductID: Int64] = [:]
    /// Pushes held back because their seq was not above the last one sent (a diagnostic).
    private(set) var heldBack = 0

    /// The pushes whose seq rises above what was sent for their product, in order; records them.
    mutating func admit(_ pushes: [(PriceUpdate, Int)]) -> [(PriceUpdate, Int)] {
        pushes.filter { push in
            guard let sequence = push.0.sequence else { return true }
            if let sent = last[push.0.productID], sequence <= sent {
                heldBack += 1
                return false
            }
            last[push.0.productID] = sequence
            return true
        }
    }
}
