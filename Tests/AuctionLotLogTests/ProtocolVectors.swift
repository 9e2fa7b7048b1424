import AuctionCore
import AuctionInfrastructure
import AuctionLotLog
import AuctionTestSupport

/// The test vectors docs/PROTOCOL.md lists ("### Test vectors"), written by the code: a lot's log of
/// seven entries and a signed head over three leaves, in the block's line format
/// (`entry N kind field=value …`, `bytes HEX`, `hash HEX`; absent fields `-`, bytes in hex).
enum ProtocolVectors {
    static let lot = ProductID(5)
    static let start = Timestamp(millisecondsSinceEpoch: 1_764_800_000_000)
    static let end = start.adding(milliseconds: 3_600_000)
    static let reserve = RevealedReserve(price: 1_500, nonce: Array(0..<16))
    static let alice = LotAlias(bytes: [0xa4, 0x1c, 0, 1, 2, 3, 4, 5])!
    static let bob = LotAlias(bytes: [0xb0, 0xb0, 0, 1, 2, 3, 4, 5])!
    static let signedAt = Timestamp(millisecondsSinceEpoch: 1_764_803_800_000)

    /// Listed with a reserve commitment, alice's bid, her proxy's answer to bob's challenge, bob's bid
    /// in the soft-close window and its extension, bob's bid retracted, and the close revealing the
    /// reserve (not met).
    static var log: LotLogFixture {
        var log = LotLogFixture(lot: lot, now: start)
        let terms = LotLogTerms(startPrice: 1_000, endsAt: end, extendWindowMilliseconds: 60_000, extendByMilliseconds: 120_000,
                                reserveCommitment: reserve.commitment)
        let late = end.adding(milliseconds: -30_000)
        log.append(.listed(terms, price: 1_000, bidCount: 0), at: start)
        log.append(.bid(LotLogBid(bidSeq: 1, price: 1_000, previousPrice: 1_000, bidder: alice, isAutomatic: false)),
                   at: start.adding(milliseconds: 60_000))
        log.append(.bid(LotLogBid(bidSeq: 2, price: 1_100, previousPrice: 1_000, bidder: alice, isAutomatic: true,
                                  answering: LotLogChallenge(bidder: bob, price: 1_050))), at: start.adding(milliseconds: 120_000))
        log.append(.bid(LotLogBid(bidSeq: 3, price: 1_150, previousPrice: 1_100, bidder: bob, isAutomatic: false)), at: late)
        log.append(.extended(endsAt: late.adding(milliseconds: 120_000), extensions: 1), at: late)
        log.append(.retracted(entry: 4, reason: "shill_bidding", price: 1_100, bidCount: 3), at: late.adding(milliseconds: 5_000))
        log.append(.closed(LotLogClose(finalPrice: 1_100, winner: nil, reserveMet: false, bought: false, reserve: reserve)),
                   at: late.adding(milliseconds: 120_000))
        return log
    }

    /// The other two heads of the signed batch, around the lot's.
    static let otherHeads = [LogHead(lot: ProductID(6), seq: 1, hash: [UInt8](repeating: 0x11, count: 32)),
                             LogHead(lot: ProductID(7), seq: 2, hash: [UInt8](repeating: 0x22, count: 32))]

    /// The whole block, as the document must hold it.
    static var text: String {
        let log = log
        var lines: [String] = []
        for link in log.chained {
            lines += [fields(link.entry), "bytes \(Hex.encode(link.bytes))", "hash \(Hex.encode(link.hash))", ""]
        }
        let head = log.signedHead(index: 1, others: otherHeads, signedAt: signedAt)
        let leaves = [otherHeads[0], head.head, otherHeads[1]]
        let root = HeadTree.root(leaves.map(\.leafHash)[...])
        lines += [
            "seed \(Hex.encode(LotLogFixture.testSeed))",
            "public_key \(Hex.encode(log.key.publicKey))",
            "key_id \(Hex.encode(head.keyID))",
        ]
        lines += leaves.map { "leaf lot=\($0.lot.rawValue) seq=\($0.seq) hash=\(Hex.encode($0.hash)) leaf_hash=\(Hex.encode($0.leafHash))" }
        lines += [
            "head lot=\(head.head.lot.rawValue) seq=\(head.head.seq) signed_at=\(head.signedAt.millisecondsSinceEpoch) "
                + "leaf_index=\(head.leafIndex) leaf_count=\(head.leafCount)",
            "path \(head.path.map(Hex.encode).joined(separator: " "))",
            "root \(Hex.encode(root))",
            "message \(Hex.encode(head.signedMessage ?? []))",
            "signature \(Hex.encode(head.signature))",
        ]
        return lines.joined(separator: "\n")
    }

    /// `entry N kind time=… field=value …`: an entry's fields in their canonical order.
    static func fields(_ entry: LotLogEntry) -> String {
        var parts = ["entry \(entry.seq) \(entry.event.kindName) lot=\(entry.lot.rawValue) time=\(entry.time.millisecondsSinceEpoch)"]
        func opt(_ value: Int64?) -> String { value.map(String.init) ?? "-" }
        func terms(_ terms: LotLogTerms) -> [String] {
            ["start_price=\(terms.startPrice.minorUnits)", "ends_at=\(opt(terms.endsAt?.millisecondsSinceEpoch))",
             "buy_now=\(opt(terms.buyNow?.minorUnits))", "minimum_increment=\(opt(terms.minimumIncrement?.minorUnits))",
             "extend_window=\(terms.extendWindowMilliseconds)", "extend_by=\(terms.extendByMilliseconds)",
             "max_extensions=\(opt(terms.maximumExtensions))", "reserve_commitment=\(terms.reserveCommitment.map(Hex.encode) ?? "-")"]
        }
        switch entry.event {
        case .listed(let value, let price, let count): parts += terms(value) + ["price=\(price.minorUnits)", "bid_count=\(count)"]
        case .bid(let bid):
            parts += ["bid_seq=\(bid.bidSeq)", "price=\(bid.price.minorUnits)", "previous_price=\(bid.previousPrice.minorUnits)",
                      "bidder=\(bid.bidder)", "automatic=\(bid.isAutomatic ? 1 : 0)", "answering=\(bid.answering == nil ? 0 : 1)"]
            if let challenge = bid.answering {
                parts += ["challenger=\(challenge.bidder)", "challenge_price=\(challenge.price.minorUnits)"]
            }
        case .extended(let end, let count): parts += ["ends_at=\(end.millisecondsSinceEpoch)", "extensions=\(count)"]
        case .edited(let value): parts += terms(value)
        case .retracted(let target, let reason, let price, let count):
            parts += ["entry=\(target)", "reason=\(reason)", "price=\(price.minorUnits)", "bid_count=\(count)"]
        case .removed(let reason): parts += ["reason=\(reason)"]
        case .closed(let close):
            parts += ["final_price=\(close.finalPrice.minorUnits)", "winner=\(close.winner?.description ?? "-")",
                      "reserve_met=\(close.reserveMet ? 1 : 0)", "bought=\(close.bought ? 1 : 0)",
                      "reserve_revealed=\(close.reserve == nil ? 0 : 1)"]
            if let reserve = close.reserve { parts += ["reserve=\(reserve.price.minorUnits)", "nonce=\(Hex.encode(reserve.nonce))"] }
        }
        return parts.joined(separator: " ")
    }
}
