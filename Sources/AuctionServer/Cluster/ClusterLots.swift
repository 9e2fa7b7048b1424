import AuctionCore

/// What an `auction_lots` notification names (`l:`, `e:` or `w:<product>`), or a catch-up after the
/// listener (re)connected: the node then reads the store for lots it does not know yet.
enum LotNotice: Sendable, Equatable {
    /// A lot was listed (every lot above the highest this node knows is read, in id order).
    case listed(ProductID)
    /// A lot's seller edited it.
    case edited(ProductID)
    /// A lot's seller withdrew it.
    case withdrawn(ProductID)
    /// The listener (re)connected: new lots and withdrawals it may have missed are read.
    case catchUp
}

extension ClusterPayload {
    /// `l:<product>`, `e:<product>` or `w:<product>` from `auction_lots`; nil for anything else.
    static func lot(_ payload: String) -> LotNotice? {
        guard payload.utf8.count <= maximumLength, payload.utf8.count > 2, payload.utf8.dropFirst().first == UInt8(ascii: ":"),
              let id = product(String(payload.dropFirst(2))) else { return nil }
        switch payload.utf8.first {
        case UInt8(ascii: "l"): return .listed(id)
        case UInt8(ascii: "e"): return .edited(id)
        case UInt8(ascii: "w"): return .withdrawn(id)
        default: return nil
        }
    }
}
