import AuctionCore

/// What one log entry records about its lot.
public enum LotLogEvent: Hashable, Sendable {
    /// The log's first entry: the lot's terms, and its price and bid count when the log began
    /// (a lot listed before logs existed starts with its earlier bids counted, not listed).
    case listed(LotLogTerms, price: Money, bidCount: Int64)
    /// An accepted bid.
    case bid(LotLogBid)
    /// Soft close moved the end.
    case extended(endsAt: Timestamp, extensions: Int64)
    /// The seller's allowed edit of the terms.
    case edited(LotLogTerms)
    /// A moderator retracted the bid logged at `entry`; the lot's price and bid count after it.
    case retracted(entry: UInt64, reason: String, price: Money, bidCount: Int64)
    /// A moderator removed the lot.
    case removed(reason: String)
    /// The auction ended.
    case closed(LotLogClose)

    /// The kind's byte in the canonical encoding.
    public var kind: UInt8 {
        switch self {
        case .listed: 1
        case .bid: 2
        case .extended: 3
        case .edited: 4
        case .retracted: 5
        case .removed: 6
        case .closed: 7
        }
    }

    /// The kind's name in JSON and in messages.
    public var kindName: String {
        switch self {
        case .listed: "listed"
        case .bid: "bid"
        case .extended: "extended"
        case .edited: "edited"
        case .retracted: "retracted"
        case .removed: "removed"
        case .closed: "closed"
        }
    }
}

/// An accepted bid as the log states it.
public struct LotLogBid: Hashable, Sendable {
    /// The bid's `seq` on its lot (the lot's bid count right after it), as pushes carry it.
    public var bidSeq: Int64
    /// The price the bid set.
    public var price: Money
    /// The price before it.
    public var previousPrice: Money
    /// Who bid, as an alias in this lot.
    public var bidder: LotAlias
    /// Whether a proxy maximum placed it.
    public var isAutomatic: Bool
    /// For an automatic step: the bid it answered (who, at what price), so a challenger can find
    /// the bid of theirs that moved the price even though it was not itself stored (nil: none).
    public var answering: LotLogChallenge?

    /// Creates a bid entry's body.
    public init(bidSeq: Int64, price: Money, previousPrice: Money, bidder: LotAlias, isAutomatic: Bool,
                answering: LotLogChallenge? = nil) {
        self.bidSeq = bidSeq
        self.price = price
        self.previousPrice = previousPrice
        self.bidder = bidder
        self.isAutomatic = isAutomatic
        self.answering = answering
    }
}

/// The bid a proxy's automatic step answered.
public struct LotLogChallenge: Hashable, Sendable {
    /// The challenger's alias on the lot.
    public var bidder: LotAlias
    /// The price they offered.
    public var price: Money

    /// Creates a challenge.
    public init(bidder: LotAlias, price: Money) {
        self.bidder = bidder
        self.price = price
    }
}

/// How an auction ended, as the log states it.
public struct LotLogClose: Hashable, Sendable {
    /// The final price.
    public var finalPrice: Money
    /// The winner's alias (nil: not sold).
    public var winner: LotAlias?
    /// Whether the reserve was met (true without a reserve).
    public var reserveMet: Bool
    /// Whether it was bought at the buy-now price.
    public var bought: Bool
    /// The reserve and its nonce, revealed so the listing's commitment can be checked (nil: no reserve).
    public var reserve: RevealedReserve?

    /// Creates a close entry's body.
    public init(finalPrice: Money, winner: LotAlias?, reserveMet: Bool, bought: Bool, reserve: RevealedReserve? = nil) {
        self.finalPrice = finalPrice
        self.winner = winner
        self.reserveMet = reserveMet
        self.bought = bought
        self.reserve = reserve
    }
}

/// A hidden reserve shown at the close, with the nonce its commitment was made with.
public struct RevealedReserve: Hashable, Sendable {
    /// The reserve price.
    public var price: Money
    /// The 16-byte nonce.
    public var nonce: [UInt8]

    /// Creates a revealed reserve.
    public init(price: Money, nonce: [UInt8]) {
        self.price = price
        self.nonce = nonce
    }

    /// The commitment the listing carries: SHA-256 over the price (8 bytes, big-endian) and the nonce.
    public var commitment: [UInt8] {
        var writer = CanonicalWriter()
        writer.int64(price.minorUnits)
        writer.bytes(nonce)
        return SHA256.hash(writer.output)
    }
}
