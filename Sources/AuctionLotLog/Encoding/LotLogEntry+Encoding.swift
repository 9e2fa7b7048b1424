import AuctionCore

extension LotLogEntry {
    /// The encoding's version byte; an entry with another is refused.
    public static let encodingVersion: UInt8 = 1

    /// The entry's canonical bytes: version, kind, lot, seq, time, then the kind's fields
    /// (docs/PROTOCOL.md, "The lot log", byte by byte).
    public var canonicalBytes: [UInt8] {
        var writer = CanonicalWriter()
        writer.byte(Self.encodingVersion)
        writer.byte(event.kind)
        writer.uint64(UInt64(clamping: lot.rawValue))
        writer.uint64(seq)
        writer.int64(time.millisecondsSinceEpoch)
        switch event {
        case .listed(let terms, let price, let bidCount):
            terms.write(to: &writer)
            writer.int64(price.minorUnits)
            writer.int64(bidCount)
        case .bid(let bid):
            writer.int64(bid.bidSeq)
            writer.int64(bid.price.minorUnits)
            writer.int64(bid.previousPrice.minorUnits)
            writer.bytes(bid.bidder.bytes)
            writer.flag(bid.isAutomatic)
            writer.flag(bid.answering != nil)
            if let challenge = bid.answering {
                writer.bytes(challenge.bidder.bytes)
                writer.int64(challenge.price.minorUnits)
            }
        case .extended(let endsAt, let extensions):
            writer.int64(endsAt.millisecondsSinceEpoch)
            writer.int64(extensions)
        case .edited(let terms):
            terms.write(to: &writer)
        case .retracted(let entry, let reason, let price, let bidCount):
            writer.uint64(entry)
            writer.string(reason)
            writer.int64(price.minorUnits)
            writer.int64(bidCount)
        case .removed(let reason):
            writer.string(reason)
        case .closed(let close):
            writer.int64(close.finalPrice.minorUnits)
            writer.optionalBytes(close.winner?.bytes)
            writer.flag(close.reserveMet)
            writer.flag(close.bought)
            writer.flag(close.reserve != nil)
            if let reserve = close.reserve {
                writer.int64(reserve.price.minorUnits)
                writer.bytes(reserve.nonce)
            }
        }
        return writer.output
    }

    /// Reads an entry from its canonical bytes; every byte must belong to it.
    public init(canonicalBytes bytes: [UInt8]) throws(LotLogError) {
        var reader = CanonicalReader(bytes)
        let version = try reader.byte()
        guard version == Self.encodingVersion else { throw .malformedEntry("encoding version \(version)") }
        let kind = try reader.byte()
        let lot = try reader.uint64(), seq = try reader.uint64(), time = Timestamp(millisecondsSinceEpoch: try reader.int64())
        guard lot <= UInt64(Int.max) else { throw .malformedEntry("lot \(lot) is out of range") }
        let event: LotLogEvent
        switch kind {
        case 1:
            event = .listed(try LotLogTerms(reading: &reader), price: Money(try reader.int64()), bidCount: try reader.int64())
        case 2:
            let bidSeq = try reader.int64(), price = Money(try reader.int64()), previous = Money(try reader.int64())
            let alias = LotAlias(bytes: try reader.bytes(8)) ?? .nobody
            let automatic = try reader.flag()
            var challenge: LotLogChallenge?
            if try reader.flag() {
                let challenger = LotAlias(bytes: try reader.bytes(8)) ?? .nobody
                challenge = LotLogChallenge(bidder: challenger, price: Money(try reader.int64()))
            }
            event = .bid(LotLogBid(bidSeq: bidSeq, price: price, previousPrice: previous, bidder: alias, isAutomatic: automatic,
                                   answering: challenge))
        case 3:
            event = .extended(endsAt: Timestamp(millisecondsSinceEpoch: try reader.int64()), extensions: try reader.int64())
        case 4:
            event = .edited(try LotLogTerms(reading: &reader))
        case 5:
            event = .retracted(entry: try reader.uint64(), reason: try reader.string(), price: Money(try reader.int64()),
                               bidCount: try reader.int64())
        case 6:
            event = .removed(reason: try reader.string())
        case 7:
            let price = Money(try reader.int64())
            let winner = try reader.optionalBytes(8).flatMap(LotAlias.init(bytes:))
            let met = try reader.flag(), bought = try reader.flag()
            let reserve = try reader.flag() ? RevealedReserve(price: Money(try reader.int64()), nonce: try reader.bytes(16)) : nil
            event = .closed(LotLogClose(finalPrice: price, winner: winner, reserveMet: met, bought: bought, reserve: reserve))
        default:
            throw .malformedEntry("unknown kind \(kind)")
        }
        guard reader.isAtEnd else { throw .malformedEntry("bytes after the \(event.kindName) entry's fields") }
        self.init(lot: ProductID(Int(lot)), seq: seq, time: time, event: event)
    }
}

extension LotLogTerms {
    /// The terms' fields in order: start price, end, buy-now, increment, soft close (window, extension,
    /// limit) and the reserve's commitment.
    func write(to writer: inout CanonicalWriter) {
        writer.int64(startPrice.minorUnits)
        writer.optionalInt64(endsAt?.millisecondsSinceEpoch)
        writer.optionalInt64(buyNow?.minorUnits)
        writer.optionalInt64(minimumIncrement?.minorUnits)
        writer.int64(extendWindowMilliseconds)
        writer.int64(extendByMilliseconds)
        writer.optionalInt64(maximumExtensions)
        writer.optionalBytes(reserveCommitment)
    }

    /// Reads the fields `write(to:)` writes.
    init(reading reader: inout CanonicalReader) throws(LotLogError) {
        let startPrice = Money(try reader.int64())
        let endsAt = try reader.optionalInt64().map(Timestamp.init(millisecondsSinceEpoch:))
        let buyNow = try reader.optionalInt64().map { Money($0) }
        let increment = try reader.optionalInt64().map { Money($0) }
        let window = try reader.int64(), extendBy = try reader.int64()
        let limit = try reader.optionalInt64(), commitment = try reader.optionalBytes(32)
        self.init(startPrice: startPrice, endsAt: endsAt, buyNow: buyNow, minimumIncrement: increment,
                  extendWindowMilliseconds: window, extendByMilliseconds: extendBy, maximumExtensions: limit,
                  reserveCommitment: commitment)
    }
}
