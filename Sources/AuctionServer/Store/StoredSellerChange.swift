/// What the store made of a seller's withdrawal or edit (it decides; a node's book may not know
/// every bid yet).
public enum StoredSellerChange: Equatable, Sendable {
    /// Written.
    case applied
    /// No such product.
    case unknownProduct
    /// The lot has ended, was bought or was withdrawn.
    case closed
    /// A bid is stored and the change needs none (`has_bids` / `locked_by_bids`).
    case hasBids
    /// An image hash that was never uploaded.
    case unknownImage
}
