import AuctionCore

/// The small ids NOTIFY payloads carry, read strictly: anything else is ignored (and logged).
enum ClusterPayload {
    /// The longest payload read (ids are short; anything longer is not ours).
    static let maximumLength = 64

    /// `<product>:<seq>` from `auction_bids`; nil unless both are positive integers.
    static func bid(_ payload: String) -> (ProductID, Int64)? {
        let parts = payload.split(separator: ":", omittingEmptySubsequences: false)
        guard payload.utf8.count <= maximumLength, parts.count == 2, let product = positive(parts[0]),
              let sequence = positive(parts[1]), product <= Int64(Int.max) else { return nil }
        return (ProductID(Int(product)), sequence)
    }

    /// `<product>` from `auction_closes`; nil unless a positive integer.
    static func product(_ payload: String) -> ProductID? {
        guard payload.utf8.count <= maximumLength, let product = positive(Substring(payload)), product <= Int64(Int.max)
        else { return nil }
        return ProductID(Int(product))
    }

    /// A positive decimal without sign or spaces that fits in 64 bits.
    private static func positive(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= 19, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let value = Int64(text), value > 0 else { return nil }
        return value
    }
}
