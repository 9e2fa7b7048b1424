import AuctionCore

/// The small ids NOTIFY payloads carry, read strictly: anything else is ignored (and logged).
enum ClusterPayload {
    /// The longest payload read (ids are short; anything longer is not ours).
    static let maximumLength = 64

    /// The longest `auction_bids` payload written (PostgreSQL refuses payloads of 8,000 bytes or more).
    static let maximumBidsLength = 7_900

    /// `<product>:<seq>` pairs, comma-separated, from `auction_bids` (one commit's moved products); nil
    /// unless every pair is two positive integers and the payload fits `maximumBidsLength`.
    static func bids(_ payload: String) -> [(ProductID, Int64)]? {
        guard payload.utf8.count <= maximumBidsLength else { return nil }
        var pairs: [(ProductID, Int64)] = []
        for pair in payload.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let product = positive(parts[0]), let sequence = positive(parts[1]),
                  product <= Int64(Int.max) else { return nil }
            pairs.append((ProductID(Int(product)), sequence))
        }
        return pairs
    }

    /// The `auction_bids` payloads for one commit's moved products: one, unless the pairs pass
    /// `maximumBidsLength` (then as few as fit).
    static func bidPayloads(_ moved: [(ProductID, Int64)]) -> [String] {
        var payloads: [String] = [], current = ""
        for (product, sequence) in moved {
            let pair = "\(product.rawValue):\(sequence)"
            if !current.isEmpty, current.utf8.count + 1 + pair.utf8.count > maximumBidsLength {
                payloads.append(current)
                current = ""
            }
            current += current.isEmpty ? pair : "," + pair
        }
        if !current.isEmpty { payloads.append(current) }
        return payloads
    }

    /// `<product>` from `auction_closes`; nil unless a positive integer.
    static func product(_ payload: String) -> ProductID? {
        guard payload.utf8.count <= maximumLength, let product = positive(Substring(payload)), product <= Int64(Int.max)
        else { return nil }
        return ProductID(Int(product))
    }

    /// The most ids one `auction_notices` range may name.
    static let maximumRange: Int64 = 1_000

    /// `<id>` or `<first>:<last>` from `auction_notices` (a group stored together); nil unless
    /// positive, in order and at most `maximumRange` ids.
    static func ids(_ payload: String) -> ClosedRange<Int64>? {
        let parts = payload.split(separator: ":", omittingEmptySubsequences: false)
        guard payload.utf8.count <= maximumLength, parts.count <= 2, let first = positive(parts[0]) else { return nil }
        guard parts.count == 2 else { return first...first }
        guard let last = positive(parts[1]), last >= first, last - first < maximumRange else { return nil }
        return first...last
    }

    /// A positive decimal without sign or spaces that fits in 64 bits.
    private static func positive(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= 19, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let value = Int64(text), value > 0 else { return nil }
        return value
    }
}
